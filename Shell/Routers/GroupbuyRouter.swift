import Groupbuy
import MallBase
import Middleware
import Shop

/// Wires Groupbuy's requirements to Shop, and declares the links into Groupbuy.
@MainActor
struct GroupbuyRouter: ComponentRouter {
    let component = Groupbuy.shared
    /// Every require that leads into a routed provide goes through here, so downgrades apply.
    let links: Links

    static let list = MallRoute("mall://groupbuy/list", exposure: .external, opening: Groupbuy.Provides.groupbuyList)

    static let info = MallRoute(
        "mall://groupbuy/info",
        exposure: .external,
        opening: Groupbuy.Provides.groupbuyInfo,
        parameters: .identifier("gbId", GroupbuyID.self),
        example: "g01"
    )

    static var routes: [AnyRoute<Screen>] { [Self.list.erased, Self.info.erased] }

    func wire(_ wiring: Wiring<Self>) {
        // The shop page that reports favouriting back; downgraded, the web page cannot report it.
        wiring.wire(
            Groupbuy.Requires.shopDetail, to: ShopRouter.detail, native: Shop.Provides.shopDetailShopIdOnDisappear)
        wiring.wire(Groupbuy.Requires.shopApplyForGroupbuy, to: ShopRouter.applicableShops)
    }

    var homeEntry: Action {
        .push("Group-buys: deals") { [links] in links.open(Self.list) }
    }
}
