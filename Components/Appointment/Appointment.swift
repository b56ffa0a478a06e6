import MallBase
import Middleware

/// The Appointment component's API: restaurant queues and table bookings, and what they need from the app.
@MainActor
public final class Appointment {
    /// The component's singleton.
    public static let shared = Appointment()

    /// The component's data, made when first needed or when the app hands the component its state
    /// folder; the user's state in it is read from its file when a screen first needs it.
    lazy var store = AppointmentStore()

    private init() {}

    /// Puts Appointment back as it starts: the sample data in memory, every require unwired.
    public func reset() {
        store = AppointmentStore()
        unwireEveryRequire()
    }

    /// Keeps the user's changes in `Appointment.json` in `folder`, read when the data is next needed.
    public func keepState(in folder: StateFolder?) {
        store = AppointmentStore(keptIn: folder)
    }

    /// Reads the queues (the `queues` document) from `source`, keeping the last good answer in the
    /// state folder; `nil` reads the embedded ones.
    public func readRecords(from source: (any RecordSource)?) {
        store.readQueues(from: source)
    }

    /// The one document Appointment reads: `queues`.
    public var recordDocuments: [String] { [store.queues.name] }

    // MARK: require

    /// The detail page of the shop a queue or booking belongs to.
    public var require_shopDetail: ((_ shopId: ShopID) -> Screen)?

    // MARK: provide

    /// A restaurant's queue, where the user takes a number for a table.
    public func provide_appointmentBookInfo(shopId: ShopID) -> Screen {
        AppointmentBookInfoScreen.make(shopId: shopId)
    }

    /// A booking's page: its number, place in the queue and status.
    public func provide_appointmentBookDetail(serialNo: String, orderNo: String) -> Screen {
        AppointmentBookDetailScreen.make(serialNo: serialNo, orderNo: orderNo)
    }

    /// Every booking the user holds.
    public func provide_myBookings() -> Screen {
        MyBookingsScreen.make()
    }

    /// The bookings the user holds at a shop and still waits on, as they stand now.
    public func provide_bookings(shopId: ShopID) async throws -> [BookingSummary] {
        try await store.state.read()
        return store.bookings.filter { $0.shopId == shopId && $0.status == .waiting }
            .map { BookingSummary(serialNo: $0.serialNo, orderNo: $0.orderNo) }
    }
}
