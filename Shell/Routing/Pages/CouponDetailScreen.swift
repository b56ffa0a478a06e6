import MallBase

/// The shell's coupon page: coupons are served by the app, not by a component.
@MainActor
public enum CouponDetailScreen {
    public static func make(couponId: CouponID, category: CouponCategory) -> Screen {
        var isClaimed = false
        return Screen(title: "Coupon \(couponId)", origin: "Shell") {
            Screen.Content(
                body: [
                    "\(category) coupon · show the code at the till",
                    "Code: \(couponId.rawValue.uppercased())-\(category.rawValue.prefix(3).uppercased())",
                    isClaimed ? "✓ In your wallet" : "Not claimed yet",
                ],
                actions: isClaimed
                    ? [.back()]
                    : [
                        .message("Claim it") {
                            isClaimed = true; return "Coupon \(couponId) added to your wallet."
                        }, .back(),
                    ]
            )
        }
    }
}
