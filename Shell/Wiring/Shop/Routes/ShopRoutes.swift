import MallBase
import MallRouting
import Middleware
import Shop

/// The routes into Shop's provides: what a link from outside may open (the external ones), and what
/// routers wire requires to, so a downgrade to the web applies to every way in.
@MainActor
public enum ShopRoutes {
    public static let finder = MallRoute("mall://shop/finder", exposure: .external, opening: Shop.Provides.searchShop)

    public static let detail = MallRoute(
        "mall://shop/detail",
        exposure: .external,
        opening: Shop.Provides.shopDetailShopId,
        parameters: .identifier("shopId", ShopID.self),
        example: "s01"
    )

    public static let applicableShops = MallRoute(
        "mall://shop/applicable",
        exposure: .external,
        opening: Shop.Provides.shopApplyForGroupbuy,
        parameters: .identifier("gbId", GroupbuyID.self),
        example: "g01"
    )

    /// Every route into Shop.
    public static var all: [AnyRoute<Screen>] { [finder.erased, detail.erased, applicableShops.erased] }
}
