import MallBase

/// The shell's record of a coupon already used.
@MainActor
public enum CouponConsumeDetailScreen {
    public static func make(couponId: CouponID) -> Screen {
        Screen(
            title: "Used coupon \(couponId)",
            origin: "Shell",
            body: ["Coupon \(couponId) was redeemed.", "Redeemed coupons cannot be used again."],
            actions: [.back()]
        )
    }
}
