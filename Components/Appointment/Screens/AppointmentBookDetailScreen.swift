import MallBase

/// One booking: its ticket, place in the queue and status.
@MainActor
enum AppointmentBookDetailScreen {
    static func make(serialNo: String, orderNo: String) -> Screen {
        let api = Appointment.shared
        guard let booking = api.store.booking(serialNo: serialNo, orderNo: orderNo) else {
            return .notFound("Booking", serialNo, origin: "Appointment")
        }
        return Screen(title: "Booking \(serialNo)", origin: "Appointment") {
            let current = api.store.booking(serialNo: serialNo, orderNo: orderNo) ?? booking
            var body = [
                "\(current.shopName) · \(current.tableSize.label)",
                "Ticket \(current.serialNo) · order \(current.orderNo) · \(current.status.rawValue)",
            ]
            var actions: [Action] = []
            if current.status == .waiting {
                body.append("\(current.partiesAhead) parties ahead of you.")
                actions.append(
                    .message("Cancel this booking") { api.store.cancel(serialNo: serialNo, orderNo: orderNo) })
            }
            actions.append(.push("My bookings") { MyBookingsScreen.make() })
            actions.append(
                .push("Visit \(current.shopName)") {
                    api.shopDetail(current.shopId)
                }
            )
            return Screen.Content(body: body, actions: actions)
        }
    }
}
