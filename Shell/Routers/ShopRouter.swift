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

    static let finder = MallRoute(
        "mall://shop/finder", exposure: .external, provide: "Shop.provide_searchShop()"
    ) {
        Shop.shared.provide_searchShop()
    }

    static let detail = MallRoute(
        "mall://shop/detail",
        exposure: .external,
        provide: "Shop.provide_shopDetail(shopId:)",
        parameters: .identifier("shopId", ShopID.self),
        example: "s01"
    ) { shopId in
        Shop.shared.provide_shopDetail(shopId: shopId)
    }

    static let applicableShops = MallRoute(
        "mall://shop/applicable",
        exposure: .external,
        provide: "Shop.provide_shopApplyForGroupbuy(gbId:)",
        parameters: .identifier("gbId", GroupbuyID.self),
        example: "g01"
    ) { gbId in
        Shop.shared.provide_shopApplyForGroupbuy(gbId: gbId)
    }

    var routes: [AnyRoute<Screen>] { [Self.finder.erased, Self.detail.erased, Self.applicableShops.erased] }

    var wiring: [Wiring] {
        [
            .route("require_eventDetail", EventRouter.detail),
            .route("require_buyOrder", ShellRoutes.bill),
            .route("require_groupbuyInfo", GroupbuyRouter.info),
            .provide("require_allGroupbuy", by: "Groupbuy", "Groupbuy.provide_groupbuyAllForShop(_:)"),
            .route("require_couponDetail", ShellRoutes.couponDetail),
            .route("require_couponConsumeDetail", ShellRoutes.usedCoupon),
            .route("require_navFindShopAndCar", ShellRoutes.webPage),
            .route("require_appointmentBookInfo", AppointmentRouter.queue),
            .route("require_appointmentBookDetail", AppointmentRouter.booking),
            .provide("require_appointmentBookings", by: "Appointment", "Appointment.provide_bookings(shopId:)"),
        ]
    }

    var homeEntry: Action {
        .push("Shops: find a shop") { [links] in links.open(Self.finder) }
    }

    func configure() {
        let shop = component
        let links = links
        shop.require_eventDetail = { eventId, eventType in
            links.open(EventRouter.detail, eventId, eventType)
        }
        shop.require_buyOrder = { merchantNo, itemNo in
            links.open(ShellRoutes.bill, merchantNo, itemNo)
        }
        shop.require_groupbuyInfo = { gbId in
            links.open(GroupbuyRouter.info, gbId)
        }
        // A list of summaries is not something a link can carry: no route.
        shop.require_allGroupbuy = { summaries in
            Groupbuy.shared.provide_groupbuyAllForShop(summaries)
        }
        shop.require_couponDetail = { couponId, category in
            links.open(ShellRoutes.couponDetail, couponId, category)
        }
        shop.require_couponConsumeDetail = { couponId in
            links.open(ShellRoutes.usedCoupon, couponId)
        }
        shop.require_navFindShopAndCar = { url in
            links.open(ShellRoutes.webPage, url)
        }
        shop.require_appointmentBookInfo = { shopId in
            links.open(AppointmentRouter.queue, shopId)
        }
        shop.require_appointmentBookDetail = { serialNo, orderNo in
            links.open(AppointmentRouter.booking, serialNo, orderNo)
        }
        // Data, not a screen: asked each time the shop's page is shown, so no route.
        shop.require_appointmentBookings = { shopId in
            Appointment.shared.provide_bookings(shopId: shopId)
        }
    }
}
