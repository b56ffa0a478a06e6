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

    var routes: [AnyRoute<Screen>] { [Self.finder.erased, Self.detail.erased, Self.applicableShops.erased] }

    var wiring: [Wire] {
        [
            wire(\.require_eventDetail, to: EventRouter.detail),
            wire(\.require_buyOrder, to: ShellRoutes.bill),
            wire(\.require_groupbuyInfo, to: GroupbuyRouter.info),
            // A list of summaries is not something a link can carry: no route.
            provide(\.require_allGroupbuy, Groupbuy.Provides.groupbuyAllForShop),
            wire(\.require_couponDetail, to: ShellRoutes.couponDetail),
            wire(\.require_couponConsumeDetail, to: ShellRoutes.usedCoupon),
            wire(\.require_navFindShopAndCar, to: ShellRoutes.webPage),
            wire(\.require_appointmentBookInfo, to: AppointmentRouter.queue),
            wire(\.require_appointmentBookDetail, to: AppointmentRouter.booking),
            // Data, not a screen: asked each time the shop's page is shown, so no route.
            provide(\.require_appointmentBookings, Appointment.Provides.bookings),
        ]
    }

    var homeEntry: Action {
        .push("Shops: find a shop") { [links] in links.open(Self.finder) }
    }
}
