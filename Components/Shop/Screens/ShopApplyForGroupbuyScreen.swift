import MallBase

/// The shops where one group-buy deal can be used (the seed's "applicable merchants", for Groupbuy).
@MainActor
enum ShopApplyForGroupbuyScreen {
    static func make(gbId: GroupbuyID) -> Screen {
        let store = Shop.shared.store
        let shops = store.shops(acceptingGroupbuy: gbId)
        guard !shops.isEmpty else {
            return .notFound("Group-buy", gbId.rawValue, origin: "Shop")
        }
        return Screen(title: "Applicable shops", origin: "Shop") {
            Screen.Content(
                body: ["\(shops.count) shop\(shops.count == 1 ? "" : "s") accept this deal."],
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
