import MallBase
import Middleware

/// The Groupbuy component's data: deals, from the source the app hands the component (the embedded
/// samples by default), and the user's purchases and the favourite shops reported back (kept across
/// restarts when the app gives the component a state folder).
@MainActor
final class GroupbuyStore {
    /// The deals, loaded by the screens that show them.
    let deals: Records<GroupbuyCatalog>
    /// What the user did, kept across restarts: the screens that show it read it in their load.
    let state: KeptState<GroupbuyState>
    private let folder: StateFolder?

    init(deals: [GroupbuyRecord] = GroupbuyRecord.samples, keptIn folder: StateFolder? = nil) {
        self.deals = Records(GroupbuyCatalog(groupbuys: deals), name: "groupbuys", owner: "Groupbuy")
        self.state = KeptState(GroupbuyState(), owner: "Groupbuy", keptIn: folder)
        self.folder = folder
    }

    /// Reads the deals from `source` from now on (`nil`: the embedded ones), keeping the last good
    /// answer in the state folder.
    func readDeals(from source: (any RecordSource)?) {
        deals.read(from: source, keptIn: folder)
    }

    /// How many of the deal the user bought.
    func purchaseCount(_ id: GroupbuyID) -> Int {
        state.value.purchases[id.rawValue, default: 0]
    }

    /// Buys one of the deal. Returns what happened, for the user.
    func buy(_ deal: GroupbuyRecord) async -> String {
        let id = deal.id
        return await state.update { state in
            let held = state.purchases[id.rawValue, default: 0]
            guard held < StateCheck.countLimit else { return "You hold as many of \(deal.title) as can be held." }
            state.purchases[id.rawValue] = held + 1
            return "Bought \(deal.title) for \(Money.format(cents: deal.priceInCents)); you hold \(held + 1)."
        }
    }

    /// Records whether a shop is favourited, as its page reported when it disappeared: asked for at
    /// once and saved after, so the page shown next, which reads the state first, shows it.
    func record(shop: ShopID, isFavorited: Bool) {
        state.startUpdate { state in
            state.favoritedShops.removeAll { $0 == shop }
            if isFavorited {
                state.favoritedShops.append(shop)
            }
        }
    }

    /// Whether the shop was last reported as favourited.
    func isFavorited(_ shop: ShopID) -> Bool {
        state.value.favoritedShops.contains(shop)
    }
}
