import MallBase
import Middleware

/// The shop finder: the entry screen of the Shop component.
@MainActor
enum ShopSearchScreen {
    static func make() -> Screen {
        let store = Shop.shared.store
        return Screen(title: "Shops", origin: "Shop", records: store.shops, reading: store.state) { catalog in
            let floors = Set(catalog.shops.map(\.floor)).count
            let shops = catalog.shops.count == 1 ? "1 shop" : "\(catalog.shops.count) shops"
            return Screen.Content(
                body: ["\(shops) on \(floors == 1 ? "1 floor" : "\(floors) floors"). ♥ marks your favourites."],
                actions: catalog.shops.map { shop in
                    let mark = store.isFavorited(shop.id) ? " ♥" : ""
                    return .push("\(shop.name) · \(shop.category) · \(shop.floor)\(mark)") {
                        ShopDetailScreen.make(shopId: shop.id)
                    }
                }
            )
        }
    }
}
