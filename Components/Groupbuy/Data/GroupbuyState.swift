import MallBase
import Middleware

/// What the user changes in Groupbuy, kept across restarts: how many of each deal they bought, and
/// which shops they favourited, as the shop pages reported.
struct GroupbuyState: StoredState, Equatable {
    /// Purchases by deal id.
    var purchases: [String: Int] = [:]
    var favoritedShops: [ShopID] = []

    var problem: String? {
        StateCheck.text(purchases.keys.sorted(), as: "deal id")
            ?? StateCheck.count(purchases.values, as: "purchase count")
            ?? StateCheck.text(favoritedShops.map(\.rawValue), as: "favourite")
            ?? StateCheck.duplicate(in: favoritedShops, as: "favourite")
    }
}
