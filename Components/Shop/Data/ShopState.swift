import MallBase
import Middleware

/// What the user changes in Shop, kept across restarts: the favourite shops, in the order added.
struct ShopState: StoredState, Equatable {
    var favorites: [ShopID] = []

    var problem: String? {
        StateCheck.text(favorites.map(\.rawValue), as: "favourite")
            ?? StateCheck.duplicate(in: favorites, as: "favourite")
    }
}
