import MallBase
import Middleware

/// The routes into screens the shell owns: paying a bill, the in-app web page, coupons.
///
/// All are internal. An external link to the web page would let any app send users to any address
/// inside the mall app (an open redirect); a bill is paid only from a shop; and the coupon pages look
/// nothing up (the shell has no coupon records), so a link could show a coupon that does not exist.
@MainActor
public enum ShellRoutes {
    public static let bill = MallRoute(
        "mall://shell/bill",
        opening: .page(BuyOrderScreen.self, BuyOrderScreen.make(merchantNo:itemNo:)),
        parameters: .text("merchantNo", maximumLength: 32), .text("itemNo", maximumLength: 32),
        example: "M1001", "bill"
    )

    public static let webPage = MallRoute(
        "mall://shell/web",
        opening: .page(WebPageScreen.self, WebPageScreen.make(url:)),
        parameters: .webAddress("url"),
        example: "https://mall.example.com/indoor-nav?shop=s01"
    )

    public static let couponDetail = MallRoute(
        "mall://coupon/detail",
        opening: .page(CouponDetailScreen.self, CouponDetailScreen.make(couponId:category:)),
        parameters: .identifier("couponId", CouponID.self), .choice("category", CouponCategory.self),
        example: "c01", .discount
    )

    public static let usedCoupon = MallRoute(
        "mall://coupon/used",
        opening: .page(CouponConsumeDetailScreen.self, CouponConsumeDetailScreen.make(couponId:)),
        parameters: .identifier("couponId", CouponID.self),
        example: "c09"
    )

    /// Every route to a screen the shell owns.
    public static var all: [AnyRoute<Screen>] {
        [bill.erased, webPage.erased, couponDetail.erased, usedCoupon.erased]
    }
}

extension Provide where Output == Screen {
    /// A page the shell owns, named `Shell: <Page>.make` after its type; a route adds its parameters'
    /// names, which are the page's labels (`make(merchantNo:itemNo:)` takes what the URL carries).
    public static func page(_ page: Any.Type, _ make: @escaping @MainActor @Sendable (repeat each Value) -> Screen)
        -> Self
    {
        Provide("Shell: \(page).make", make)
    }
}
