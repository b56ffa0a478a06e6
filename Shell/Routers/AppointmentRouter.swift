import Appointment
import MallBase
import Middleware
import Shop

/// Wires Appointment's requirements to Shop, and declares the links into Appointment.
@MainActor
struct AppointmentRouter: ComponentRouter {
    let component = Appointment.shared
    /// Every require that leads into a routed provide goes through here, so downgrades apply.
    let links: Links

    static let queue = MallRoute(
        "mall://appointment/queue",
        exposure: .external,
        opening: Appointment.Provides.appointmentBookInfo,
        parameters: .identifier("shopId", ShopID.self),
        example: "s02"
    )

    static let myBookings = MallRoute(
        "mall://appointment/bookings", exposure: .external, opening: Appointment.Provides.myBookings)

    /// Internal: the page cancels the booking, which no link from outside may lead to.
    static let booking = MallRoute(
        "mall://appointment/booking",
        opening: Appointment.Provides.appointmentBookDetail,
        parameters: .text("serialNo", maximumLength: 32), .text("orderNo", maximumLength: 32),
        example: "A007", "BK-1007"
    )

    static var routes: [AnyRoute<Screen>] { [Self.queue.erased, Self.myBookings.erased, Self.booking.erased] }

    func wire(_ wiring: Wiring<Self>) {
        wiring.wire(Appointment.Requires.shopDetail, to: ShopRouter.detail)
    }

    var homeEntry: Action {
        .push("Bookings: my tables") { [links] in links.open(Self.myBookings) }
    }
}
