import MallBase

/// The Groupbuy component's in-memory data: deals, purchases, and the favourites shops reported back.
@MainActor
final class GroupbuyStore {
    private(set) var deals: [GroupbuyRecord]
    private(set) var purchases: [GroupbuyID: Int] = [:]
    /// Shops the user favourited, as the shop pages reported when the user left them.
    private(set) var favoritedShops: Set<ShopID> = []

    init(deals: [GroupbuyRecord] = GroupbuyRecord.samples) {
        self.deals = deals
    }

    /// The deal with the given id, if any.
    func deal(_ id: GroupbuyID) -> GroupbuyRecord? {
        deals.first { $0.id == id }
    }

    /// How many of the deal the user bought.
    func purchaseCount(_ id: GroupbuyID) -> Int {
        purchases[id, default: 0]
    }

    /// Buys one of the deal. Returns what happened, for the user.
    func buy(_ id: GroupbuyID) -> String {
        guard let deal = deal(id) else { return "No group-buy has the id '\(id)'." }
        purchases[id, default: 0] += 1
        return
            "Bought \(deal.title) for \(Money.format(cents: deal.priceInCents)); you hold \(purchases[id, default: 0])."
    }

    /// Records whether a shop is favourited, as its page reported when it disappeared.
    func record(shop: ShopID, isFavorited: Bool) {
        if isFavorited {
            favoritedShops.insert(shop)
        } else {
            favoritedShops.remove(shop)
        }
    }

    /// Whether the shop was last reported as favourited.
    func isFavorited(_ shop: ShopID) -> Bool {
        favoritedShops.contains(shop)
    }
}
