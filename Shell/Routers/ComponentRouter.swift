import MallBase
import Middleware

/// A router as the shell uses it: it wires its component and offers the component's home-screen entry.
@MainActor
protocol ComponentRouter: Router {
    /// The component's entry on the home screen.
    var homeEntry: Action { get }
}
