import MallBase
import Middleware

/// The Shop component's API: what it needs from the app (`require_`) and what it offers (`provide_`).
///
/// The seed's `MCShop`. Screens inside the component reach other features only through the
/// requires below; routers in the app assign them.
@MainActor
public final class Shop {
    /// The component's singleton.
    public static let shared = Shop()

    /// The component's data, made when first needed or when the app hands the component its state
    /// folder; the user's state in it is read from its file when a screen first needs it.
    lazy var store = ShopStore()

    private init() {}

    /// Puts Shop back as it starts: the sample data in memory, every require unwired.
    public func reset() {
        store = ShopStore()
        unwireEveryRequire()
    }

    /// Keeps the user's changes in `Shop.json` in `folder`, read when the data is next needed.
    public func keepState(in folder: StateFolder?) {
        store = ShopStore(keptIn: folder)
    }

    /// Reads the shops (the `shops` document) from `source`, keeping the last good answer in the
    /// state folder; `nil` reads the embedded ones.
    public func readRecords(from source: (any RecordSource)?) {
        store.readShops(from: source)
    }

    /// The one document Shop reads: `shops`.
    public var recordDocuments: [String] { [store.shops.name] }

    // MARK: require

    /// An event's detail page.
    public var require_eventDetail: ((_ eventId: EventID, _ eventType: EventType) -> Screen)?

    /// The page that pays a bill at a merchant, shown modally.
    public var require_buyOrder: ((_ merchantNo: String, _ itemNo: String) -> Screen)?

    /// A group-buy deal's detail page.
    public var require_groupbuyInfo: ((_ gbId: GroupbuyID) -> Screen)?

    /// Every group-buy deal of a shop.
    public var require_allGroupbuy: ((_ summaries: [GroupbuySummary]) -> Screen)?

    /// A coupon's detail page.
    public var require_couponDetail: ((_ couponId: CouponID, _ category: CouponCategory) -> Screen)?

    /// The record of a coupon already used.
    public var require_couponConsumeDetail: ((_ couponId: CouponID) -> Screen)?

    /// The indoor-navigation web page that finds the shop and the user's car.
    public var require_navFindShopAndCar: ((_ url: String) -> Screen)?

    /// A restaurant's queue, where the user takes a number.
    public var require_appointmentBookInfo: ((_ shopId: ShopID) -> Screen)?

    /// A booking's detail page.
    public var require_appointmentBookDetail: ((_ serialNo: String, _ orderNo: String) -> Screen)?

    /// The bookings the user holds at a shop, as they stand now: asked each time the shop's page
    /// comes on top, so a booking taken or cancelled elsewhere shows at once. Async: the answer may
    /// come from a service, and the page shows the rest of the shop meanwhile.
    public var require_appointmentBookings: ((_ shopId: ShopID) async throws -> [BookingSummary])?

    // MARK: provide

    /// The shop finder: every shop in the mall, by floor.
    public func provide_searchShop() -> Screen {
        ShopSearchScreen.make()
    }

    /// A shop's detail page.
    public func provide_shopDetail(shopId: ShopID) -> Screen {
        ShopDetailScreen.make(shopId: shopId)
    }

    /// A shop's detail page that, when it leaves the screen, reports whether the shop is favourited.
    public func provide_shopDetail(
        shopId: ShopID,
        onDisappear: @escaping @MainActor @Sendable (_ isFavorited: Bool) -> Void
    ) -> Screen {
        ShopDetailScreen.make(shopId: shopId, onDisappear: onDisappear)
    }

    /// The shops where a group-buy deal can be used.
    public func provide_shopApplyForGroupbuy(gbId: GroupbuyID) -> Screen {
        ShopApplyForGroupbuyScreen.make(gbId: gbId)
    }
}
