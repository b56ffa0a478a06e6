import Base

public enum Shop {
    nonisolated(unsafe) public static var require_eventTitle: ((String) -> String)?
    public static func title(_ id: ShopID) -> String { "Shop \(id.raw)" }
}
