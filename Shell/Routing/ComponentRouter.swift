import MallBase
import Middleware

/// A router as the shell uses it: one answer per require of its component (``Router/wire(_:)``),
/// the routes into the component's provides, and the component's home-screen entry.
///
/// Each router is a target of its own (`Shell/Wiring/<Name>/Router`), which sees its component, its
/// component's routes (`Shell/Wiring/<Name>/Routes`, beside it) and those of the components it wires to, so a change to
/// one component rebuilds only the routers that wire to it.
@MainActor
public protocol ComponentRouter: Router {
    /// The component's entry on the home screen.
    var homeEntry: Action { get }
    /// The routes into the component's provides, from its routes target. Internal unless declared
    /// external. The app builds its route table from the routers' types when a link first needs it.
    static var routes: [AnyRoute<Screen>] { get }
    /// The app's links, which every require answered through a route goes through (`wiring.route(…)`).
    var links: any RouteOpening { get }
}

/// What a router opens a route through: the app's links, which open a downgraded route's web page
/// instead of its provide, so every way into a route obeys the same configuration.
@MainActor
public protocol RouteOpening: AnyObject {
    /// The screen a require answered through `route` opens: the provide, or its downgraded web page.
    ///
    /// - Parameter native: The screen to open instead of the route's own when the route is not
    ///   downgraded, for a require the route's provide serves with an extra argument (a callback).
    func open<each Value>(
        _ route: MallRoute<repeat each Value>, _ values: repeat each Value, native: (() -> Screen)?
    ) -> Screen
    /// Hears that the provide named `name` (`Shop.provide_shopDetail(shopId:)`) is about to be called
    /// by a wiring line, so its component can be got ready first.
    func willCall(provideNamed name: String)
}

extension RouteOpening {
    /// The screen `route` opens with `values`: the provide, or its downgraded web page.
    public func open<each Value>(_ route: MallRoute<repeat each Value>, _ values: repeat each Value) -> Screen {
        open(route, repeat each values, native: nil)
    }
}

extension ComponentRouter {
    /// Tells ``links`` the name of each provide a wiring line of this router calls, just before the call.
    public var beforeProviding: (@MainActor (String) -> Void)? {
        { [links] in links.willCall(provideNamed: $0) }
    }

    /// Each wiring line's require, the require's parameter names, and the names its answer takes the
    /// values under (`nil` where it names none).
    public var wiredValueNames: [(require: String, labels: [String], valueNames: [String]?)] {
        let labels = Dictionary(Component.allRequires.map { ($0.name, $0.labels) }) { first, _ in first }
        return wires.map { wire in (wire.require, labels[wire.require] ?? [], wire.valueNames) }
    }

    /// The names of the requires the wiring lines assign, in order; a require wired twice appears twice.
    public var wiredRequires: [String] { wiredValueNames.map(\.require) }
}
