import MallBase
import Middleware

/// A shop as the Shop component stores it.
struct ShopRecord: Sendable, Codable, Equatable {
    /// An event a shop takes part in.
    struct EventLink: Sendable, Codable, Equatable {
        var id: EventID
        var title: String
        var type: EventType
    }

    /// A coupon a shop hands out.
    struct CouponLink: Sendable, Codable, Equatable {
        var id: CouponID
        var title: String
        var category: CouponCategory
    }

    /// A coupon the user already used at the shop.
    struct UsedCoupon: Sendable, Codable, Equatable {
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

    /// Every text the shop holds, for the checks a document passes.
    var texts: [String] {
        var texts = [id.rawValue, name, category, floor, openingHours, merchantNo]
        texts += events.flatMap { [$0.id.rawValue, $0.title] }
        texts += groupbuys.flatMap { [$0.id.rawValue, $0.title] }
        texts += coupons.flatMap { [$0.id.rawValue, $0.title] }
        texts += usedCoupons.flatMap { [$0.id.rawValue, $0.title] }
        return texts
    }

    /// Every id the shop holds, which links carry: its own, its merchant number, its events', deals'
    /// and coupons'.
    var ids: [String] {
        var ids = [id.rawValue, merchantNo]
        ids += events.map(\.id.rawValue)
        ids += groupbuys.map(\.id.rawValue)
        ids += coupons.map(\.id.rawValue)
        ids += usedCoupons.map(\.id.rawValue)
        return ids
    }

    /// The indoor-navigation page that leads to this shop.
    var navigationURL: String { "https://mall.example.com/indoor-nav?shop=\(id.rawValue)" }
}

/// Every shop in the mall: the document the Shop component reads from its source (`shops.json`).
struct ShopCatalog: StoredState {
    var shops: [ShopRecord]

    /// What would make a shop unfit to show: text a terminal cannot print as it is, a price below
    /// zero, an id given twice.
    var problem: String? {
        StateCheck.records(
            shops, as: "shop", texts: \.texts, ids: \.ids,
            counts: { $0.groupbuys.map(\.priceInCents) }, as: "price in cents",
            // The bill's link carries the merchant number, at most 32 characters.
            rule: {
                $0.merchantNo.utf8.count > 32 ? "a merchant number longer than 32 characters, '\($0.merchantNo)'" : nil
            },
            key: \.id)
    }

    /// The shop with the given id, if any.
    func shop(_ id: ShopID) -> ShopRecord? {
        shops.first { $0.id == id }
    }

    /// The shops that accept the given group-buy deal.
    func shops(acceptingGroupbuy id: GroupbuyID) -> [ShopRecord] {
        shops.filter { shop in shop.groupbuys.contains { $0.id == id } }
    }
}
