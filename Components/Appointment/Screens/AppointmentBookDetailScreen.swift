import MallBase
import Middleware

/// One booking: its ticket, place in the queue and status.
@MainActor
enum AppointmentBookDetailScreen {
    static func make(serialNo: String, orderNo: String) -> Screen {
        let api = Appointment.shared
        // The bookings are read (off the main actor) before the page shows one; a cancellation then
        // shows at once, as the page is built anew from the bookings each time it is shown.
        return Screen(
            title: "Booking \(serialNo)", origin: "Appointment", loading: { try await api.store.state.read() },
            retitle: { api.store.booking(serialNo: serialNo, orderNo: orderNo) == nil ? "Booking not found" : nil }
        ) { phase in
            switch phase {
            case .loading: return Screen.Content(body: [Screen.loadingText])
            case .failed(let reason): return .couldNotLoad(reason)
            case .loaded: break
            }
            guard let booking = api.store.booking(serialNo: serialNo, orderNo: orderNo) else {
                return Screen.notFound("Booking", serialNo, origin: "Appointment").content
            }
            return content(of: booking)
        }
    }

    private static func content(of booking: BookingRecord) -> Screen.Content {
        let api = Appointment.shared
        var body = [
            "\(booking.shopName) · \(booking.tableSize.label)",
            "Ticket \(booking.serialNo) · order \(booking.orderNo) · \(booking.status.rawValue)",
        ]
        var actions: [Action] = []
        if booking.status == .waiting {
            body.append("\(booking.partiesAhead) parties ahead of you.")
            let (serialNo, orderNo) = (booking.serialNo, booking.orderNo)
            actions.append(
                .message("Cancel this booking") { await api.store.cancel(serialNo: serialNo, orderNo: orderNo) })
        }
        actions.append(.push("My bookings") { MyBookingsScreen.make() })
        actions.append(
            .push("Visit \(booking.shopName)") {
                api.shopDetail(booking.shopId)
            }
        )
        return Screen.Content(body: body, actions: actions)
    }
}
