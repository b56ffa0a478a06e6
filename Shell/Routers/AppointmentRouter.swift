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
        provide: "Appointment.provide_appointmentBookInfo(shopId:)",
        parameters: .identifier("shopId", ShopID.self),
        example: "s02"
    ) { shopId in
        Appointment.shared.provide_appointmentBookInfo(shopId: shopId)
    }

    static let myBookings = MallRoute(
        "mall://appointment/bookings", exposure: .external, provide: "Appointment.provide_myBookings()"
    ) {
        Appointment.shared.provide_myBookings()
    }

    /// Internal: the page cancels the booking, which no link from outside may lead to.
    static let booking = MallRoute(
        "mall://appointment/booking",
        provide: "Appointment.provide_appointmentBookDetail(serialNo:orderNo:)",
        parameters: .text("serialNo", maximumLength: 32), .text("orderNo", maximumLength: 32),
        example: "A007", "BK-1007"
    ) { serialNo, orderNo in
        Appointment.shared.provide_appointmentBookDetail(serialNo: serialNo, orderNo: orderNo)
    }

    var routes: [AnyRoute<Screen>] { [Self.queue.erased, Self.myBookings.erased, Self.booking.erased] }

    var wiring: [Wiring] { [.route("require_shopDetail", ShopRouter.detail)] }

    var homeEntry: Action {
        .push("Bookings: my tables") { [links] in links.open(Self.myBookings) }
    }

    func configure() {
        let links = links
        component.require_shopDetail = { shopId in
            links.open(ShopRouter.detail, shopId)
        }
    }
}
