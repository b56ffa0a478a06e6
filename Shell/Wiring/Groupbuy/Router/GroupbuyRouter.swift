import Groupbuy
import GroupbuyRoutes
import MallBase
import MallRouting
import Middleware
import Shop
import ShopRoutes

/// Wires Groupbuy's requires to Shop; the links into Groupbuy are `GroupbuyRoutes`.
@MainActor
public struct GroupbuyRouter: ComponentRouter {
    public let component = Groupbuy.shared
    /// Every require that leads into a routed provide goes through here, so downgrades apply.
    public let links: any RouteOpening

    /// Creates the router; its requires open routes through `links`.
    public init(links: any RouteOpening) {
        self.links = links
    }

    public static var routes: [AnyRoute<Screen>] { GroupbuyRoutes.all }

    public func wire(_ wiring: Wiring<Self>) -> Wired<Groupbuy> {
        wiring.requires(
            // The shop page that reports favouriting back; downgraded, the web page cannot report it.
            shopDetail: wiring.route(ShopRoutes.detail, native: Shop.Provides.shopDetailShopIdOnDisappear),
            shopApplyForGroupbuy: wiring.route(ShopRoutes.applicableShops))
    }

    public var homeEntry: Action {
        .push("Group-buys: deals") { [links] in links.open(GroupbuyRoutes.list) }
    }
}
