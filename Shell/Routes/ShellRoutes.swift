import MallBase
import Middleware

/// The routes into screens the shell owns: paying a bill, the in-app web page, coupons.
///
/// All are internal. An external link to the web page would let any app send users to any address
/// inside the mall app (an open redirect); a bill is paid only from a shop; and the coupon pages look
/// nothing up (the shell has no coupon records), so a link could show a coupon that does not exist.
@MainActor
enum ShellRoutes {
    static let bill = MallRoute(
        "mall://shell/bill",
        provide: "Shell: BuyOrderScreen.make(merchantNo:itemNo:)",
        parameters: .text("merchantNo", maximumLength: 32), .text("itemNo", maximumLength: 32),
        example: "M1001", "bill"
    ) { merchantNo, itemNo in
        BuyOrderScreen.make(merchantNo: merchantNo, itemNo: itemNo)
    }

    static let webPage = MallRoute(
        "mall://shell/web",
        provide: "Shell: WebPageScreen.make(url:)",
        parameters: .webAddress("url"),
        example: "https://mall.example.com/indoor-nav?shop=s01"
    ) { url in
        WebPageScreen.make(url: url)
    }

    static let couponDetail = MallRoute(
        "mall://coupon/detail",
        provide: "Shell: CouponDetailScreen.make(couponId:category:)",
        parameters: .identifier("couponId", CouponID.self), .choice("category", CouponCategory.self),
        example: "c01", .discount
    ) { couponId, category in
        CouponDetailScreen.make(couponId: couponId, category: category)
    }

    static let usedCoupon = MallRoute(
        "mall://coupon/used",
        provide: "Shell: CouponConsumeDetailScreen.make(couponId:)",
        parameters: .identifier("couponId", CouponID.self),
        example: "c09"
    ) { couponId in
        CouponConsumeDetailScreen.make(couponId: couponId)
    }

    /// Every route to a screen the shell owns.
    static var all: [AnyRoute<Screen>] {
        [bill.erased, webPage.erased, couponDetail.erased, usedCoupon.erased]
    }
}
