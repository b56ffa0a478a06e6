import MallBase
import Middleware

/// The Appointment component's data: the restaurants' queues, and the user's bookings (kept across
/// restarts, with the queues' counters, when the app gives the component a state folder).
@MainActor
final class AppointmentStore {
    /// The queues as the mall lists them; their counters change in ``AppointmentState``.
    private let catalog: [QueueRecord]
    private let state: KeptState<AppointmentState>

    init(
        queues: [QueueRecord] = QueueRecord.samples, state initial: AppointmentState = .samples,
        keptIn folder: StateFolder? = nil
    ) {
        self.catalog = queues
        self.state = KeptState(initial, owner: "Appointment", keptIn: folder)
    }

    /// Every booking the user took, oldest first.
    var bookings: [BookingRecord] { state.value.bookings }

    /// The queue of the given shop as it stands now, if the shop has one.
    func queue(_ shopId: ShopID) -> QueueRecord? {
        guard var queue = catalog.first(where: { $0.shopId == shopId }) else { return nil }
        if let counters = state.value.queues[shopId.rawValue] {
            queue.waiting = counters.waiting
            queue.lastTicket = counters.lastTicket
        }
        return queue
    }

    /// The booking with both numbers, if any.
    func booking(serialNo: String, orderNo: String) -> BookingRecord? {
        bookings.first { $0.serialNo == serialNo && $0.orderNo == orderNo }
    }

    /// Takes a number in a shop's queue for a table size; `nil` if the shop has no queue.
    func takeNumber(at shopId: ShopID, for size: TableSize) -> BookingRecord? {
        guard let queue = catalog.first(where: { $0.shopId == shopId }) else { return nil }
        return state.update { $0.takeNumber(in: queue, for: size) }
    }

    /// Cancels a booking and gives its place up. Returns what happened, for the user.
    func cancel(serialNo: String, orderNo: String) -> String {
        state.update { $0.cancel(serialNo: serialNo, orderNo: orderNo) }
    }
}
