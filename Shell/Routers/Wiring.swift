import MallBase
import Middleware

/// What answers one require, declared by its router beside ``ComponentRouter/configure()``.
///
/// `mall graph` draws these declarations; a test calls every require through the real routers and
/// checks that the screen coming back was made by the component (or the shell) declared here, so a
/// declaration cannot drift from the wiring it describes.
struct Wiring {
    /// Where the answer leads.
    enum Answer {
        /// Through a route: its provide, or its web page when the route is downgraded.
        case route(pattern: String)
        /// Straight to a provide no link can reach, e.g. one taking a list of values.
        case provide(component: String, function: String)
    }

    /// The require, e.g. `require_eventDetail`.
    let requirement: String
    /// What answers it.
    let answer: Answer

    /// A require answered through `route`.
    @MainActor
    static func route<each Value>(_ requirement: String, _ route: MallRoute<repeat each Value>) -> Wiring {
        Wiring(requirement: requirement, answer: .route(pattern: route.pattern))
    }

    /// A require answered by `function` of `component`, without a route.
    static func provide(_ requirement: String, by component: String, _ function: String) -> Wiring {
        Wiring(requirement: requirement, answer: .provide(component: component, function: function))
    }
}
