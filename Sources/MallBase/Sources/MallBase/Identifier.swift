/// A typed string identifier, so a shop id cannot be passed where an event id is expected.
public protocol Identifier: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible, Codable
where RawValue == String {
    /// Creates an identifier from its string form.
    init(_ rawValue: String)
}

extension Identifier {
    /// Creates an identifier from its string form; every string is a valid identifier.
    public init(rawValue: String) { self.init(rawValue) }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// The string form.
    public var description: String { rawValue }

    /// Orders identifiers by their string form.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Identifies a shop in the mall, e.g. `s01`.
public struct ShopID: Identifier {
    /// The string form.
    public let rawValue: String
    /// Creates a shop id.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Identifies an event, e.g. `e01`.
public struct EventID: Identifier {
    /// The string form.
    public let rawValue: String
    /// Creates an event id.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Identifies a group-buy deal, e.g. `g01`.
public struct GroupbuyID: Identifier {
    /// The string form.
    public let rawValue: String
    /// Creates a group-buy id.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Identifies a coupon, e.g. `c01`.
public struct CouponID: Identifier {
    /// The string form.
    public let rawValue: String
    /// Creates a coupon id.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
