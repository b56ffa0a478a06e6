import MallBase
import Middleware

/// The table sizes a restaurant queues for separately; each has its own ticket letter.
enum TableSize: String, Sendable, CaseIterable, Codable, CodingKeyRepresentable {
    case small = "A"
    case medium = "B"
    case large = "C"

    /// The size as shown to users.
    var label: String {
        switch self {
        case .small: "table for 1–2"
        case .medium: "table for 3–4"
        case .large: "table for 5 or more"
        }
    }
}

/// A restaurant's live queue.
struct QueueRecord: Sendable, Codable, Equatable {
    var shopId: ShopID
    var shopName: String
    var minutesPerTable: Int
    /// Parties waiting, per table size.
    var waiting: [TableSize: Int]
    /// The last ticket number handed out, per table size.
    var lastTicket: [TableSize: Int]
}

/// A number the user took in a queue.
struct BookingRecord: Sendable, Codable, Equatable {
    enum Status: String, Sendable, Codable {
        case waiting = "Waiting"
        case cancelled = "Cancelled"
    }

    var serialNo: String
    var orderNo: String
    var shopId: ShopID
    var shopName: String
    var tableSize: TableSize
    var partiesAhead: Int
    var status: Status
}

/// Every restaurant's queue: the document the Appointment component reads from its source
/// (`queues.json`). The counters in it are where each queue starts; the user's numbers move them on
/// in the component's state.
struct QueueCatalog: StoredState {
    var queues: [QueueRecord]

    /// What would make a queue unfit to show: text a terminal cannot print as it is, a count below
    /// zero, a shop's queue given twice.
    var problem: String? {
        StateCheck.records(
            queues, as: "queue",
            texts: { [$0.shopId.rawValue, $0.shopName] },
            ids: { [$0.shopId.rawValue] },
            counts: { [$0.minutesPerTable] + Array($0.waiting.values) + Array($0.lastTicket.values) },
            as: "count in a queue",
            key: \.shopId)
    }

    /// The queue of the given shop, if it has one.
    func queue(_ shopId: ShopID) -> QueueRecord? {
        queues.first { $0.shopId == shopId }
    }
}

extension QueueRecord {
    /// The sample queues of the mall's two restaurants.
    static let samples: [QueueRecord] = [
        QueueRecord(
            shopId: "s02", shopName: "Din Tai Fung", minutesPerTable: 6,
            waiting: [.small: 4, .medium: 7, .large: 2], lastTicket: [.small: 7, .medium: 31, .large: 5]
        ),
        QueueRecord(
            shopId: "s05", shopName: "Haidilao Hot Pot", minutesPerTable: 9,
            waiting: [.small: 11, .medium: 15, .large: 6], lastTicket: [.small: 48, .medium: 62, .large: 12]
        ),
    ]
}

extension BookingRecord {
    /// The booking the sample user already holds.
    static let samples: [BookingRecord] = [
        BookingRecord(
            serialNo: "A007", orderNo: "BK-1007", shopId: "s02", shopName: "Din Tai Fung",
            tableSize: .small, partiesAhead: 3, status: .waiting
        )
    ]
}
