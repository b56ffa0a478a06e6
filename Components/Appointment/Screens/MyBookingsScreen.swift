import MallBase

/// Every booking the user holds: the entry screen of the Appointment component.
@MainActor
enum MyBookingsScreen {
    static func make() -> Screen {
        Screen(title: "My bookings", origin: "Appointment") {
            let bookings = Appointment.shared.store.bookings
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
