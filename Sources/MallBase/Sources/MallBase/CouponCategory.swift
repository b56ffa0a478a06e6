/// The category of a coupon, passed when a shop opens a coupon's detail.
public enum CouponCategory: String, Sendable, Hashable, CaseIterable, CustomStringConvertible, Codable {
    /// Money off a bill.
    case discount
    /// A prepaid voucher.
    case voucher
    /// A free gift with a purchase.
    case gift

    /// The category as shown to users, e.g. `Discount`.
    public var description: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
