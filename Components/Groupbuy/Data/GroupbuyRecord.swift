import MallBase
import Middleware

/// A group-buy deal as the Groupbuy component stores it.
struct GroupbuyRecord: Sendable, Codable, Equatable {
    /// A shop where the deal can be used.
    struct ShopLink: Sendable, Codable, Equatable {
        var id: ShopID
        var name: String
    }

    var id: GroupbuyID
    var title: String
    var priceInCents: Int
    var originalPriceInCents: Int
    var sold: Int
    var validUntil: String
    var details: String
    var shops: [ShopLink]
}

/// Every deal on offer: the document the Groupbuy component reads from its source (`groupbuys.json`).
struct GroupbuyCatalog: StoredState {
    var groupbuys: [GroupbuyRecord]

    /// What would make a deal unfit to show: text a terminal cannot print as it is, a price or count
    /// below zero, an id given twice.
    var problem: String? {
        StateCheck.records(
            groupbuys, as: "deal",
            texts: { deal in
                [deal.id.rawValue, deal.title, deal.validUntil, deal.details]
                    + deal.shops.flatMap { [$0.id.rawValue, $0.name] }
            },
            ids: { [$0.id.rawValue] + $0.shops.map(\.id.rawValue) },
            counts: { [$0.priceInCents, $0.originalPriceInCents, $0.sold] }, as: "price or count",
            key: \.id)
    }

    /// The deal with the given id, if any.
    func deal(_ id: GroupbuyID) -> GroupbuyRecord? {
        groupbuys.first { $0.id == id }
    }
}

extension GroupbuyRecord {
    /// The sample deals.
    static let samples: [GroupbuyRecord] = [
        GroupbuyRecord(
            id: "g01", title: "Coffee for Two", priceInCents: 3800, originalPriceInCents: 5600, sold: 1204,
            validUntil: "31 Dec", details: "Two hand-drip coffees and one pastry to share.",
            shops: [ShopLink(id: "s01", name: "Blue Bottle Coffee")]
        ),
        GroupbuyRecord(
            id: "g02", title: "Dumpling Feast for Four", priceInCents: 29800, originalPriceInCents: 38800, sold: 312,
            validUntil: "15 Jan", details: "Four baskets of xiao long bao, two noodle dishes, four drinks.",
            shops: [ShopLink(id: "s02", name: "Din Tai Fung")]
        ),
        GroupbuyRecord(
            id: "g03", title: "Hot Pot Dinner for Two", priceInCents: 19800, originalPriceInCents: 26800, sold: 845,
            validUntil: "31 Jan", details: "Split broth, eight dishes, unlimited noodles.",
            shops: [ShopLink(id: "s05", name: "Haidilao Hot Pot")]
        ),
        GroupbuyRecord(
            id: "g04", title: "Movie and Popcorn", priceInCents: 6900, originalPriceInCents: 9800, sold: 2310,
            validUntil: "28 Feb", details: "One 2D ticket, a large popcorn and a soft drink.",
            shops: [ShopLink(id: "s08", name: "Lumière Cinema")]
        ),
        GroupbuyRecord(
            id: "g05", title: "Mall Dining Voucher ¥100", priceInCents: 8800, originalPriceInCents: 10000, sold: 5120,
            validUntil: "31 Mar", details: "¥100 to spend at any partner restaurant, in one visit.",
            shops: [
                ShopLink(id: "s01", name: "Blue Bottle Coffee"),
                ShopLink(id: "s02", name: "Din Tai Fung"),
                ShopLink(id: "s05", name: "Haidilao Hot Pot"),
            ]
        ),
    ]
}
