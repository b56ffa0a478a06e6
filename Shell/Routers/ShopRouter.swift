import Appointment
import Event
import Groupbuy
import MallBase
import Middleware
import Shop

/// Wires Shop's requirements to Event, Groupbuy, Appointment and the shell's own pages, and declares
/// the links into Shop.
@MainActor
struct ShopRouter: ComponentRouter {
    let component = Shop.shared
    /// Every require that leads into a routed provide goes through here, so downgrades apply.
    let links: Links

    static let finder = MallRoute("mall://shop/finder", exposure: .external, opening: Shop.Provides.searchShop)

    static let detail = MallRoute(
        "mall://shop/detail",
        exposure: .external,
        opening: Shop.Provides.shopDetailShopId,
        parameters: .identifier("shopId", ShopID.self),
        example: "s01"
    )

    static let applicableShops = MallRoute(
        "mall://shop/applicable",
        exposure: .external,
        opening: Shop.Provides.shopApplyForGroupbuy,
        parameters: .identifier("gbId", GroupbuyID.self),
        example: "g01"
    )

    static var routes: [AnyRoute<Screen>] { [Self.finder.erased, Self.detail.erased, Self.applicableShops.erased] }

    func wire(_ wiring: Wiring<Self>) {
        wiring.wire(Shop.Requires.eventDetail, to: EventRouter.detail)
        wiring.wire(Shop.Requires.buyOrder, to: ShellRoutes.bill)
        wiring.wire(Shop.Requires.groupbuyInfo, to: GroupbuyRouter.info)
        // A list of summaries is not something a link can carry: no route.
        wiring.provide(Shop.Requires.allGroupbuy, Groupbuy.Provides.groupbuyAllForShop)
        wiring.wire(Shop.Requires.couponDetail, to: ShellRoutes.couponDetail)
        wiring.wire(Shop.Requires.couponConsumeDetail, to: ShellRoutes.usedCoupon)
        wiring.wire(Shop.Requires.navFindShopAndCar, to: ShellRoutes.webPage)
        wiring.wire(Shop.Requires.appointmentBookInfo, to: AppointmentRouter.queue)
        wiring.wire(Shop.Requires.appointmentBookDetail, to: AppointmentRouter.booking)
        // Data, not a screen: asked each time the shop's page is shown, so no route.
        wiring.provide(Shop.Requires.appointmentBookings, Appointment.Provides.bookings)
    }

    var homeEntry: Action {
        .push("Shops: find a shop") { [links] in links.open(Self.finder) }
    }
}
