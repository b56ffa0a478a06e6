import MallBase

/// The shop finder: the entry screen of the Shop component.
@MainActor
enum ShopSearchScreen {
    static func make() -> Screen {
        Screen(title: "Shops", origin: "Shop") {
            let store = Shop.shared.store
            let floors = Set(store.shops.map(\.floor)).count
            return Screen.Content(
                body: ["\(store.shops.count) shops on \(floors) floors. ♥ marks your favourites."],
                actions: store.shops.map { shop in
                    let mark = store.isFavorited(shop.id) ? " ♥" : ""
                    return .push("\(shop.name) · \(shop.category) · \(shop.floor)\(mark)") {
                        ShopDetailScreen.make(shopId: shop.id)
                    }
                }
            )
        }
    }
}
