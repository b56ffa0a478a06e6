import MallBase
import Middleware

/// A router as the shell uses it: one wiring line per require of its component (``Router/wire(_:)``),
/// the routes into the component's provides, and the component's home-screen entry.
@MainActor
protocol ComponentRouter: Router {
    /// The component's entry on the home screen.
    var homeEntry: Action { get }
    /// The routes into the component's provides, declared beside the wiring so one hop from the
    /// component finds them. Internal unless declared external.
    static var routes: [AnyRoute<Screen>] { get }
    /// The app's links, which every require answered through a route goes through (``wire(_:to:)``).
    var links: Links { get }
}

extension ComponentRouter {
    /// Each wiring line's require, the require's parameter names, and the names its answer takes the
    /// values under (`nil` where it names none).
    var wiredValueNames: [(requirement: String, labels: [String], valueNames: [String]?)] {
        let labels = Dictionary(Component.requirements.map { ($0.name, $0.labels) }) { first, _ in first }
        return wires.map { wire in (wire.requirement, labels[wire.requirement] ?? [], wire.valueNames) }
    }

    /// The names of the requires the wiring lines assign, in order; a require wired twice appears twice.
    var wiredRequirements: [String] { wiredValueNames.map(\.requirement) }
}
