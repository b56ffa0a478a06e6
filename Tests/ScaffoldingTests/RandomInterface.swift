import MiddlewareTesting

/// Random component names and declarations, near the edges of what the scaffolder accepts: keywords,
/// names of the package's and the toolchain's types, every spelling of every type form, odd spacing.
struct RandomInterface {
    var generator: SeededGenerator

    private static let words = [
        "shop", "detail", "list", "item", "value", "count", "open", "event", "queue", "a", "b2", "screen", "action",
        "self", "await", "store", "shared", "in", "type", "router", "tour", "session", "string", "main",
    ]
    private static let names = [
        "Gift", "Card", "Parking", "Lot", "Tour", "Session", "String", "Shop", "Router", "Screen", "Main", "Actor",
        "Queue", "Map", "Test", "Component", "Kiosk", "Wallet",
    ]
    private static let scalars = ["String", "Int", "Double", "Bool", "UInt8", "Character", "Int64"]
    private static let baseTypes = [
        "ShopID", "EventType", "GroupbuySummary", "Screen", "Action", "Money", "CouponCategory",
    ]
    private static let keys = ["String", "Int", "ShopID", "EventType", "Screen"]
    /// What a require may return besides a screen: what stubs answer, and one they cannot (refused).
    private static let answers = ["String", "Int", "[String]", "Bool", "[BookingSummary]", "[Screen]", "Double?"]

    private mutating func pick(_ items: [String]) -> String {
        items.randomElement(using: &generator) ?? items[0]
    }

    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &generator) < percent
    }

    private mutating func space() -> String {
        chance(20) ? " " : ""
    }

    /// An UpperCamelCase name of one or two words, sometimes a taken or shadowing one.
    mutating func componentName() -> String {
        pick(Self.names) + (chance(70) ? pick(Self.names) : "")
            + (chance(30) ? "\(Int.random(in: 1...9, using: &generator))" : "")
    }

    /// A lowerCamelCase word or two.
    mutating func lowerName() -> String {
        let first = pick(Self.words)
        guard chance(60) else { return first }
        let second = pick(Self.words)
        return first + second.prefix(1).uppercased() + second.dropFirst()
    }

    /// A type in any of the spellings the grammar reads, nested up to `depth`.
    mutating func type(depth: Int = 0) -> String {
        let form = depth >= 2 ? 0 : Int.random(in: 0..<9, using: &generator)
        switch form {
        case 1: return "[\(space())\(type(depth: depth + 1))\(space())]"
        case 2: return "Array<\(type(depth: depth + 1))>"
        case 3: return "\(type(depth: depth + 1))?"
        case 4: return "Optional<\(type(depth: depth + 1))>"
        case 5: return "[\(pick(Self.keys)):\(space())\(type(depth: depth + 1))]"
        case 6: return "Dictionary<\(pick(Self.keys)),\(space())\(type(depth: depth + 1))>"
        case 7: return "Set<\(pick(Self.keys))>"
        case 8: return pick(Self.baseTypes)
        default: return pick(Self.scalars)
        }
    }

    /// A declaration such as `shopDetail(shopId: [ShopID]?)`, with zero to three parameters, and for
    /// a require sometimes `async throws` and sometimes a type it returns.
    mutating func declaration(isRequire: Bool = false) -> String {
        let count = Int.random(in: 0...3, using: &generator)
        var effects = isRequire && chance(40) ? " async\(space()) throws" : ""
        if isRequire && chance(30) {
            effects += "\(space())->\(space())\(pick(Self.answers))"
        }
        if count == 0 && chance(50) {
            return lowerName() + effects
        }
        let parameters = (0..<count).map { _ in "\(lowerName())\(space()):\(space())\(type())" }
        return "\(lowerName())\(space())(\(parameters.joined(separator: ",\(space())")))" + effects
    }
}
