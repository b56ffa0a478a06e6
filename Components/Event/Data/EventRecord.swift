import MallBase
import Middleware

/// An event as the Event component stores it.
struct EventRecord: Sendable, Codable, Equatable {
    var id: EventID
    var title: String
    var type: EventType
    var shopId: ShopID
    var shopName: String
    var date: String
    var summary: String
    var capacity: Int
    var registered: Int
}

/// Every event in the mall: the document the Event component reads from its source (`events.json`).
struct EventCatalog: StoredState {
    var events: [EventRecord]

    /// What would make an event unfit to show: text a terminal cannot print as it is, a count below
    /// zero or more registered than places, an id given twice.
    var problem: String? {
        StateCheck.records(
            events, as: "event",
            texts: { [$0.id.rawValue, $0.title, $0.shopId.rawValue, $0.shopName, $0.date, $0.summary] },
            ids: { [$0.id.rawValue, $0.shopId.rawValue] },
            counts: { [$0.capacity, $0.registered] }, as: "count of places",
            rule: {
                $0.registered > $0.capacity
                    ? "an event with \($0.registered) registered for \($0.capacity) places" : nil
            },
            key: \.id)
    }

    /// The event with the given id, if any.
    func event(_ id: EventID) -> EventRecord? {
        events.first { $0.id == id }
    }
}

extension EventRecord {
    /// The sample events, one per participating shop.
    static let samples: [EventRecord] = [
        EventRecord(
            id: "e01", title: "Latte Art Morning", type: .workshop, shopId: "s01", shopName: "Blue Bottle Coffee",
            date: "Sat 28 Nov, 09:00", summary: "Pour a rosetta with our head barista. Beans and milk included.",
            capacity: 12, registered: 9
        ),
        EventRecord(
            id: "e02", title: "Spring Dumpling Festival", type: .promotion, shopId: "s02", shopName: "Din Tai Fung",
            date: "1–7 Dec", summary: "Every second basket of xiao long bao at half price.",
            capacity: 400, registered: 132
        ),
        EventRecord(
            id: "e03", title: "Linen Collection Launch", type: .launch, shopId: "s03", shopName: "Uniqlo",
            date: "Fri 4 Dec, 10:00", summary: "First look at the summer linen line; first 50 guests get a tote.",
            capacity: 50, registered: 50
        ),
        EventRecord(
            id: "e04", title: "Members' Double Points", type: .promotion, shopId: "s06", shopName: "Sephora",
            date: "Weekends in December", summary: "Members earn double points on every purchase.",
            capacity: 1000, registered: 388
        ),
        EventRecord(
            id: "e05", title: "Author Signing: Liu Cixin", type: .launch, shopId: "s07", shopName: "Kinokuniya Books",
            date: "Sun 6 Dec, 15:00", summary: "Signing and a short reading from the new collection.",
            capacity: 120, registered: 97
        ),
        EventRecord(
            id: "e06", title: "Hot Pot Tasting Night", type: .tasting, shopId: "s05", shopName: "Haidilao Hot Pot",
            date: "Thu 3 Dec, 19:00", summary: "Six broths, one table, a chef to explain each.",
            capacity: 24, registered: 20
        ),
    ]
}
