import Base

public enum Event {
    nonisolated(unsafe) public static var require_shopTitle: ((ShopID) -> String)?
}
