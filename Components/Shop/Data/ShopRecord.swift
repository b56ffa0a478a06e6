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

    /// The indoor-navigation page that leads to this shop.
    var navigationURL: String { "https://mall.example.com/indoor-nav?shop=\(id.rawValue)" }
}

/// Every shop in the mall: the document the Shop component reads from its source (`shops.json`).
struct ShopCatalog: StoredState {
    var shops: [ShopRecord]

    /// What would make a shop unfit to show: text a terminal cannot print as it is, a price below
    /// zero, an id given twice.
    var problem: String? {
        let texts = shops.flatMap(\.texts)
        if let problem = StateCheck.text(texts, as: "shop's text")
            ?? StateCheck.count(shops.flatMap { $0.groupbuys.map(\.priceInCents) }, as: "price in cents")
        {
            return problem
        }
        return StateCheck.duplicate(in: shops.map(\.id), as: "shop")
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
