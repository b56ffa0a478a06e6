import MallBase

/// Every booking the user holds: the entry screen of the Appointment component.
@MainActor
enum MyBookingsScreen {
    static func make() -> Screen {
        Screen(title: "My bookings", origin: "Appointment") {
            let bookings = Appointment.shared.store.bookings
            return Screen.Content(
                body: [
                    bookings.isEmpty
                        ? "You hold no bookings."
                        : "You hold \(bookings.count) booking\(bookings.count == 1 ? "" : "s")."
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
