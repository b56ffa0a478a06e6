import Appointment
import AppointmentRoutes
import MallBase
import MallRouting
import Middleware
import ShopRoutes

/// Wires Appointment's requires to Shop; the links into Appointment are `AppointmentRoutes`.
@MainActor
public struct AppointmentRouter: ComponentRouter {
    public let component = Appointment.shared
    /// Every require that leads into a routed provide goes through here, so downgrades apply.
    public let links: any RouteOpening

    /// Creates the router; its requires open routes through `links`.
    public init(links: any RouteOpening) {
        self.links = links
    }

    public static var routes: [AnyRoute<Screen>] { AppointmentRoutes.all }

    public func wire(_ wiring: Wiring<Self>) -> Wired<Appointment> {
        wiring.requires(shopDetail: wiring.route(ShopRoutes.detail))
    }

    public var homeEntry: Action {
        .push("Bookings: my tables") { [links] in links.open(AppointmentRoutes.myBookings) }
    }
}
