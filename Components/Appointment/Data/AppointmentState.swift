import MallBase
import Middleware

/// What changes in Appointment, kept across restarts: the user's bookings, taken and cancelled,
/// and the queues as the bookings left them.
struct AppointmentState: StoredState, Equatable {
    /// A queue's counters, per table size.
    struct Counters: Codable, Equatable, Sendable {
        /// Parties waiting.
        var waiting: [TableSize: Int]
        /// The last ticket number handed out.
        var lastTicket: [TableSize: Int]
    }

    /// Every number the user took, oldest first.
    var bookings: [BookingRecord]
    /// Each queue's counters, by shop id.
    var queues: [String: Counters]
    /// The last order number handed out; the next booking gets the one after.
    var lastOrderNumber: Int

    /// The sample user's state: one booking, and the counters of the queue it is in (a cancellation
    /// gives its place back there). Other queues have no counters until the user takes a number in
    /// them, so they show the counts the queues' document gives.
    static let samples = AppointmentState(
        bookings: BookingRecord.samples,
        queues: Dictionary(
            uniqueKeysWithValues: QueueRecord.samples.filter { queue in
                BookingRecord.samples.contains { $0.shopId == queue.shopId }
            }.map { ($0.shopId.rawValue, Counters(waiting: $0.waiting, lastTicket: $0.lastTicket)) }),
        lastOrderNumber: 1007
    )

    var problem: String? {
        StateCheck.text(
            bookings.flatMap { [$0.serialNo, $0.orderNo, $0.shopId.rawValue, $0.shopName] }, as: "booking field")
            ?? StateCheck.duplicate(in: bookings.map(\.orderNo), as: "order number")
            ?? StateCheck.count(bookings.map(\.partiesAhead), as: "number of parties ahead")
            ?? StateCheck.text(queues.keys.sorted(), as: "queue's shop id")
            ?? StateCheck.count(
                queues.values.flatMap { Array($0.waiting.values) + Array($0.lastTicket.values) }, as: "queue count")
            ?? StateCheck.count([lastOrderNumber], as: "last order number")
    }

    /// Takes a number in `queue` for a table size; `nil` once the queue's
    /// numbers or the order numbers ran out.
    mutating func takeNumber(in queue: QueueRecord, for size: TableSize) -> BookingRecord? {
        var counters = queues[queue.shopId.rawValue] ?? Counters(waiting: queue.waiting, lastTicket: queue.lastTicket)
        let ticket = counters.lastTicket[size, default: 0] + 1
        let ahead = counters.waiting[size, default: 0]
        guard ticket <= StateCheck.countLimit, ahead < StateCheck.countLimit, lastOrderNumber < StateCheck.countLimit
        else { return nil }
        // A file edited by hand may hold an order number past the last one handed out: skip it.
        let taken = Set(bookings.map(\.orderNo))
        var order = lastOrderNumber + 1
        while taken.contains("BK-\(order)") {
            order += 1
        }
        guard order <= StateCheck.countLimit else { return nil }
        counters.lastTicket[size] = ticket
        counters.waiting[size] = ahead + 1
        queues[queue.shopId.rawValue] = counters
        lastOrderNumber = order
        let booking = BookingRecord(
            serialNo: size.rawValue + String(repeating: "0", count: max(0, 3 - String(ticket).count)) + String(ticket),
            orderNo: "BK-\(lastOrderNumber)",
            shopId: queue.shopId,
            shopName: queue.shopName,
            tableSize: size,
            partiesAhead: ahead,
            status: .waiting
        )
        bookings.append(booking)
        return booking
    }

    /// Cancels a booking and gives its place up. Returns what happened, for the user.
    mutating func cancel(serialNo: String, orderNo: String) -> String {
        guard let index = bookings.firstIndex(where: { $0.serialNo == serialNo && $0.orderNo == orderNo }) else {
            return "No booking has the number \(serialNo)."
        }
        guard bookings[index].status == .waiting else {
            return "Booking \(serialNo) is already cancelled."
        }
        bookings[index].status = .cancelled
        let cancelled = bookings[index]
        if let waiting = queues[cancelled.shopId.rawValue]?.waiting[cancelled.tableSize], waiting > 0 {
            queues[cancelled.shopId.rawValue]?.waiting[cancelled.tableSize] = waiting - 1
        }
        // Everyone who took a number after it in the same queue moves up one place.
        for later in bookings.indices.dropFirst(index + 1)
        where bookings[later].shopId == cancelled.shopId && bookings[later].tableSize == cancelled.tableSize
            && bookings[later].status == .waiting && bookings[later].partiesAhead > 0
        {
            bookings[later].partiesAhead -= 1
        }
        return "Booking \(serialNo) cancelled."
    }
}
