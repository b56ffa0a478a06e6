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

/// Wires Shop's requirements to Event, Groupbuy, Appointment and the shell's own pages; the links into
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

    public func wire(_ wiring: Wiring<Self>) {
        wiring.wire(Shop.Requires.eventDetail, to: EventRoutes.detail)
        wiring.wire(Shop.Requires.buyOrder, to: ShellRoutes.bill)
        wiring.wire(Shop.Requires.groupbuyInfo, to: GroupbuyRoutes.info)
        // A list of summaries is not something a link can carry: no route.
        wiring.provide(Shop.Requires.allGroupbuy, Groupbuy.Provides.groupbuyAllForShop)
        wiring.wire(Shop.Requires.couponDetail, to: ShellRoutes.couponDetail)
        wiring.wire(Shop.Requires.couponConsumeDetail, to: ShellRoutes.usedCoupon)
        wiring.wire(Shop.Requires.navFindShopAndCar, to: ShellRoutes.webPage)
        wiring.wire(Shop.Requires.appointmentBookInfo, to: AppointmentRoutes.queue)
        wiring.wire(Shop.Requires.appointmentBookDetail, to: AppointmentRoutes.booking)
        // Data, not a screen: asked each time the shop's page is shown, so no route.
        wiring.provide(Shop.Requires.appointmentBookings, Appointment.Provides.bookings)
    }

    public var homeEntry: Action {
        .push("Shops: find a shop") { [links] in links.open(ShopRoutes.finder) }
    }
}
