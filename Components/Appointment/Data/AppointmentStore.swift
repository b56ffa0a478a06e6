import MallBase
import Middleware

/// The Appointment component's data: the restaurants' queues, from the source the app hands the
/// component (the embedded samples by default), and the user's bookings (kept across restarts, with
/// the queues' counters, when the app gives the component a state folder).
@MainActor
final class AppointmentStore {
    /// The queues as the mall lists them, loaded by the screens that show them; their counters
    /// change in ``AppointmentState``.
    let queues: Records<QueueCatalog>
    /// What the user did, kept across restarts: the screens that show it read it in their load.
    let state: KeptState<AppointmentState>
    private let folder: StateFolder?

    init(
        queues: [QueueRecord] = QueueRecord.samples, state initial: AppointmentState = .samples,
        keptIn folder: StateFolder? = nil
    ) {
        self.queues = Records(QueueCatalog(queues: queues), name: "queues", owner: "Appointment")
        self.state = KeptState(initial, owner: "Appointment", keptIn: folder)
        self.folder = folder
    }

    /// Reads the queues from `source` from now on (`nil`: the embedded ones), keeping the last good
    /// answer in the state folder.
    func readQueues(from source: (any RecordSource)?) {
        queues.read(from: source, keptIn: folder)
    }

    /// Every booking the user took, oldest first.
    var bookings: [BookingRecord] { state.value.bookings }

    /// `queue` as it stands now, its counters moved on by the numbers taken.
    func current(_ queue: QueueRecord) -> QueueRecord {
        var queue = queue
        if let counters = state.value.queues[queue.shopId.rawValue] {
            queue.waiting = counters.waiting
            queue.lastTicket = counters.lastTicket
        }
        return queue
    }

    /// The booking with both numbers, if any.
    func booking(serialNo: String, orderNo: String) -> BookingRecord? {
        bookings.first { $0.serialNo == serialNo && $0.orderNo == orderNo }
    }

    /// Takes a number in a shop's queue for a table size; `nil` when the queue has handed out every
    /// number it can.
    func takeNumber(in queue: QueueRecord, for size: TableSize) async -> BookingRecord? {
        await state.update { $0.takeNumber(in: queue, for: size) }
    }

    /// Cancels a booking and gives its place up. Returns what happened, for the user.
    func cancel(serialNo: String, orderNo: String) async -> String {
        await state.update { $0.cancel(serialNo: serialNo, orderNo: orderNo) }
    }
}
