import MallBase
import Middleware

/// The shops where one group-buy deal can be used (the seed's "applicable merchants", for Groupbuy).
@MainActor
enum ShopApplyForGroupbuyScreen {
    static func make(gbId: GroupbuyID) -> Screen {
        let store = Shop.shared.store
        return Screen(
            title: "Applicable shops", origin: "Shop", records: store.shops, reading: store.state,
            retitle: { $0.shops(acceptingGroupbuy: gbId).isEmpty ? "Group-buy not found" : nil }
        ) { catalog in
            let shops = catalog.shops(acceptingGroupbuy: gbId)
            guard !shops.isEmpty else {
                return Screen.notFound("Group-buy", gbId.rawValue, origin: "Shop").content
            }
            return Screen.Content(
                body: ["\(shops.count) shop\(shops.count == 1 ? " accepts" : "s accept") this deal."],
                actions: shops.map { shop in
                    let mark = store.isFavorited(shop.id) ? " ♥" : ""
                    return .push("\(shop.name) · \(shop.floor)\(mark)") {
                        ShopDetailScreen.make(shopId: shop.id)
                    }
                }
            )
        }
    }
}
