import MallBase
import Middleware

/// The Groupbuy component's API: group-buy deals, and what they need from the app.
@MainActor
public final class Groupbuy {
    /// The component's singleton.
    public static let shared = Groupbuy()

    /// The component's data, made when first needed or when the app hands the component its state
    /// folder; the user's state in it is read from its file when a screen first needs it.
    lazy var store = GroupbuyStore()

    private init() {}

    /// Puts Groupbuy back as it starts: the sample data in memory, every require unwired.
    public func reset() {
        store = GroupbuyStore()
        unwireEveryRequire()
    }

    /// Keeps the user's changes in `Groupbuy.json` in `folder`, read when the data is next needed.
    public func keepState(in folder: StateFolder?) {
        store = GroupbuyStore(keptIn: folder)
    }

    /// Reads the deals (the `groupbuys` document) from `source`, keeping the last good answer in the
    /// state folder; `nil` reads the embedded ones.
    public func readRecords(from source: (any RecordSource)?) {
        store.readDeals(from: source)
    }

    /// The one document Groupbuy reads: `groupbuys`.
    public var recordDocuments: [String] { [store.deals.name] }

    // MARK: require

    /// A shop's detail page that reports, when it leaves the screen, whether the user favourited the shop.
    public var require_shopDetail:
        ((_ shopId: ShopID, _ onDisappear: @escaping @MainActor @Sendable (_ isFavorited: Bool) -> Void) -> Screen)?

    /// The shops where a deal can be used.
    public var require_shopApplyForGroupbuy: ((_ gbId: GroupbuyID) -> Screen)?

    // MARK: provide

    /// Every group-buy deal on offer in the mall.
    public func provide_groupbuyList() -> Screen {
        GroupbuyListScreen.make()
    }

    /// A deal's detail page.
    public func provide_groupbuyInfo(gbId: GroupbuyID) -> Screen {
        GroupbuyInfoScreen.make(gbId: gbId)
    }

    /// The deals a shop listed, as the shop summarised them.
    public func provide_groupbuyAllForShop(_ summaries: [GroupbuySummary]) -> Screen {
        GroupbuyAllForShopScreen.make(summaries: summaries)
    }
}
