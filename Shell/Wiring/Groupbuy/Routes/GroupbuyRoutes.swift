import Groupbuy
import MallBase
import MallRouting
import Middleware

/// The routes into Groupbuy's provides: what a link from outside may open (the external ones), and what
/// routers wire requires to, so a downgrade to the web applies to every way in.
@MainActor
public enum GroupbuyRoutes {
    public static let list = MallRoute(
        "mall://groupbuy/list", exposure: .external, opening: Groupbuy.Provides.groupbuyList)

    public static let info = MallRoute(
        "mall://groupbuy/info",
        exposure: .external,
        opening: Groupbuy.Provides.groupbuyInfo,
        parameters: .identifier("gbId", GroupbuyID.self),
        example: "g01"
    )

    /// Every route into Groupbuy.
    public static var all: [AnyRoute<Screen>] { [list.erased, info.erased] }
}
