import MallBase
import Middleware

/// The Shop component's data: the mall's shops, and the user's favourites (kept across restarts
/// when the app gives the component a state folder).
@MainActor
final class ShopStore {
    private(set) var shops: [ShopRecord]
    private let state: KeptState<ShopState>

    init(shops: [ShopRecord] = ShopRecord.samples, keptIn folder: StateFolder? = nil) {
        self.shops = shops
        self.state = KeptState(ShopState(), owner: "Shop", keptIn: folder)
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
        state.value.favorites.contains(id)
    }

    /// Adds the shop to the favourites or removes it, as the user asked: another process may have
    /// changed the favourites since the page was drawn, and the user's choice is what they saw.
    func setFavorite(_ id: ShopID, _ isFavorited: Bool) {
        state.update { state in
            state.favorites.removeAll { $0 == id }
            if isFavorited {
                state.favorites.append(id)
            }
        }
    }
}
