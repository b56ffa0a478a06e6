import Appointment
import AppointmentRoutes
import EventRoutes
import Groupbuy
import GroupbuyRoutes
import MallBase
import MallRouting
import Middleware
import Shop
import ShopRoutes

/// Wires Shop's requires to Event, Groupbuy, Appointment and the shell's own pages; the links into
/// Shop are `ShopRoutes`.
@MainActor
public struct ShopRouter: ComponentRouter {
    public let component = Shop.shared
    /// Every require that leads into a routed provide goes through here, so downgrades apply.
    public let links: any RouteOpening

    /// Creates the router; its requires open routes through `links`.
    public init(links: any RouteOpening) {
        self.links = links
    }

    public static var routes: [AnyRoute<Screen>] { ShopRoutes.all }

    public func wire(_ wiring: Wiring<Self>) -> Wired<Shop> {
        wiring.requires(
            eventDetail: wiring.route(EventRoutes.detail),
            buyOrder: wiring.route(ShellRoutes.bill),
            groupbuyInfo: wiring.route(GroupbuyRoutes.info),
            // A list of summaries is not something a link can carry: no route.
            allGroupbuy: wiring.provide(Groupbuy.Provides.groupbuyAllForShop),
            couponDetail: wiring.route(ShellRoutes.couponDetail),
            couponConsumeDetail: wiring.route(ShellRoutes.usedCoupon),
            navFindShopAndCar: wiring.route(ShellRoutes.webPage),
            appointmentBookInfo: wiring.route(AppointmentRoutes.queue),
            appointmentBookDetail: wiring.route(AppointmentRoutes.booking),
            // Data, not a screen: asked each time the shop's page is shown, so no route.
            appointmentBookings: wiring.provide(Appointment.Provides.bookings))
    }

    public var homeEntry: Action {
        .push("Shops: find a shop") { [links] in links.open(ShopRoutes.finder) }
    }
}
