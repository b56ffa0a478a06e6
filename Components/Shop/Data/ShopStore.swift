import MallBase

/// The Shop component's in-memory data: the mall's shops and the user's favourites.
@MainActor
final class ShopStore {
    private(set) var shops: [ShopRecord]
    private(set) var favorites: Set<ShopID> = []

    init(shops: [ShopRecord] = ShopRecord.samples) {
        self.shops = shops
    }

    /// The shop with the given id, if any.
    func shop(_ id: ShopID) -> ShopRecord? {
        shops.first { $0.id == id }
    }

    /// The shops that accept the given group-buy deal.
    func shops(acceptingGroupbuy id: GroupbuyID) -> [ShopRecord] {
        shops.filter { shop in shop.groupbuys.contains { $0.id == id } }
    }

    /// Whether the user favourited the shop.
    func isFavorited(_ id: ShopID) -> Bool {
        favorites.contains(id)
    }

    /// Adds the shop to the favourites or removes it; returns whether it is now favourited.
    @discardableResult
    func toggleFavorite(_ id: ShopID) -> Bool {
        if favorites.remove(id) == nil {
            favorites.insert(id)
            return true
        }
        return false
    }
}
