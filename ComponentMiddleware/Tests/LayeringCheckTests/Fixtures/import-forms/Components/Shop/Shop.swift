import Base

public enum Shop {
    public static func title(_ id: ShopID) -> String { "Shop \(id.raw)" }
}
