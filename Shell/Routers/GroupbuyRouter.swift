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

    static let list = MallRoute(
        "mall://groupbuy/list", exposure: .external, provide: "Groupbuy.provide_groupbuyList()"
    ) {
        Groupbuy.shared.provide_groupbuyList()
    }

    static let info = MallRoute(
        "mall://groupbuy/info",
        exposure: .external,
        provide: "Groupbuy.provide_groupbuyInfo(gbId:)",
        parameters: .identifier("gbId", GroupbuyID.self),
        example: "g01"
    ) { gbId in
        Groupbuy.shared.provide_groupbuyInfo(gbId: gbId)
    }

    var routes: [AnyRoute<Screen>] { [Self.list.erased, Self.info.erased] }

    var wiring: [Wiring] {
        [
            .route("require_shopDetail", ShopRouter.detail),
            .route("require_shopApplyForGroupbuy", ShopRouter.applicableShops),
        ]
    }

    var homeEntry: Action {
        .push("Group-buys: deals") { [links] in links.open(Self.list) }
    }

    func configure() {
        let groupbuy = component
        let links = links
        // The shop page that reports favouriting back; downgraded, the web page cannot report it.
        groupbuy.require_shopDetail = { shopId, onDisappear in
            links.open(ShopRouter.detail, shopId) {
                Shop.shared.provide_shopDetail(shopId: shopId, onDisappear: onDisappear)
            }
        }
        groupbuy.require_shopApplyForGroupbuy = { gbId in
            links.open(ShopRouter.applicableShops, gbId)
        }
    }
}
