import MallBase
import Middleware

/// Every booking the user holds: the entry screen of the Appointment component.
@MainActor
enum MyBookingsScreen {
    static func make() -> Screen {
        let store = Appointment.shared.store
        // Read (off the main actor) before it is shown, then built anew from the bookings each time.
        return Screen(title: "My bookings", origin: "Appointment", loading: { try await store.state.read() }) { phase in
            switch phase {
            case .loading: return Screen.Content(body: [Screen.loadingText])
            case .failed(let reason): return .couldNotLoad(reason)
            case .loaded: break
            }
            let bookings = store.bookings
            let waiting = bookings.count { $0.status == .waiting }
            let cancelled = bookings.count - waiting
            return Screen.Content(
                body: [
                    (waiting == 0 ? "You hold no bookings" : "You hold \(waiting) booking\(waiting == 1 ? "" : "s")")
                        + (cancelled == 0 ? "." : "; \(cancelled) cancelled.")
                ],
                actions: bookings.map { booking in
                    .push("\(booking.serialNo) · \(booking.shopName) · \(booking.status.rawValue)") {
                        AppointmentBookDetailScreen.make(serialNo: booking.serialNo, orderNo: booking.orderNo)
                    }
                }
            )
        }
    }
}
