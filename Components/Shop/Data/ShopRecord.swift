import MallBase

/// A shop as the Shop component stores it.
struct ShopRecord: Sendable {
    /// An event a shop takes part in.
    struct EventLink: Sendable {
        var id: EventID
        var title: String
        var type: EventType
    }

    /// A coupon a shop hands out.
    struct CouponLink: Sendable {
        var id: CouponID
        var title: String
        var category: CouponCategory
    }

    /// A coupon the user already used at the shop.
    struct UsedCoupon: Sendable {
        var id: CouponID
        var title: String
    }

    var id: ShopID
    var name: String
    var category: String
    var floor: String
    var openingHours: String
    var merchantNo: String
    var hasQueue: Bool
    var events: [EventLink] = []
    var groupbuys: [GroupbuySummary] = []
    var coupons: [CouponLink] = []
    var usedCoupons: [UsedCoupon] = []

    /// The indoor-navigation page that leads to this shop.
    var navigationURL: String { "https://mall.example.com/indoor-nav?shop=\(id.rawValue)" }
}
