import MallBase

/// The Appointment component's in-memory data: queues and the user's bookings.
@MainActor
final class AppointmentStore {
    private(set) var queues: [QueueRecord]
    private(set) var bookings: [BookingRecord]
    private var lastOrderNumber = 1007

    init(queues: [QueueRecord] = QueueRecord.samples, bookings: [BookingRecord] = BookingRecord.samples) {
        self.queues = queues
        self.bookings = bookings
    }

    /// The queue of the given shop, if it has one.
    func queue(_ shopId: ShopID) -> QueueRecord? {
        queues.first { $0.shopId == shopId }
    }

    /// The booking with both numbers, if any.
    func booking(serialNo: String, orderNo: String) -> BookingRecord? {
        bookings.first { $0.serialNo == serialNo && $0.orderNo == orderNo }
    }

    /// Takes a number in a shop's queue for a table size; `nil` if the shop has no queue.
    func takeNumber(at shopId: ShopID, for size: TableSize) -> BookingRecord? {
        guard let index = queues.firstIndex(where: { $0.shopId == shopId }) else { return nil }
        let ticket = queues[index].lastTicket[size, default: 0] + 1
        let ahead = queues[index].waiting[size, default: 0]
        queues[index].lastTicket[size] = ticket
        queues[index].waiting[size] = ahead + 1
        lastOrderNumber += 1
        let booking = BookingRecord(
            serialNo: size.rawValue + String(repeating: "0", count: max(0, 3 - String(ticket).count)) + String(ticket),
            orderNo: "BK-\(lastOrderNumber)",
            shopId: shopId,
            shopName: queues[index].shopName,
            tableSize: size,
            partiesAhead: ahead,
            status: .waiting
        )
        bookings.append(booking)
        return booking
    }

    /// Cancels a booking and gives its place up. Returns what happened, for the user.
    func cancel(serialNo: String, orderNo: String) -> String {
        guard let index = bookings.firstIndex(where: { $0.serialNo == serialNo && $0.orderNo == orderNo }) else {
            return "No booking has the number \(serialNo)."
        }
        guard bookings[index].status == .waiting else {
            return "Booking \(serialNo) is already cancelled."
        }
        bookings[index].status = .cancelled
        let cancelled = bookings[index]
        if let queue = queues.firstIndex(where: { $0.shopId == cancelled.shopId }) {
            queues[queue].waiting[cancelled.tableSize, default: 1] -= 1
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
