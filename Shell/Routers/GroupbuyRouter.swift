import Groupbuy
import MallBase
import Shop

/// Wires Groupbuy's requirements to Shop.
@MainActor
struct GroupbuyRouter: ComponentRouter {
    let component = Groupbuy.shared

    var homeEntry: Action {
        .push("Group-buys: deals") { Groupbuy.shared.provide_groupbuyList() }
    }

    func configure() {
        let groupbuy = component
        groupbuy.require_shopDetail = { shopId, onDisappear in
            Shop.shared.provide_shopDetail(shopId: shopId, onDisappear: onDisappear)
        }
        groupbuy.require_shopApplyForGroupbuy = { gbId in
            Shop.shared.provide_shopApplyForGroupbuy(gbId: gbId)
        }
    }
}
