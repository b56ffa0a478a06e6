/// A sibling component as a component would call it if it imported it: the direct call a require
/// replaces, in another module, so it is not inlined.
@MainActor
public final class Warehouse {
    public static let shared = Warehouse()

    private init() {}

    public func provide_stock(itemId: Int) -> Int {
        itemId &+ 1
    }

    /// A require, read from outside the component: as a router or another module would call it.
    public var require_price: ((_ itemId: Int) -> Int)?
}
