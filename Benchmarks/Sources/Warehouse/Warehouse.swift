/// A sibling component as a component would call it if it imported it: the direct call a require
/// replaces, in another module, so it is not inlined.
@MainActor
public final class Warehouse {
    public static let shared = Warehouse()

    private init() {}

    public func provide_stock(itemId: Int) -> Int {
        itemId &+ 1
    }
}
