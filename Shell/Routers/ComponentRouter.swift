import MallBase
import Middleware

/// A router as the shell uses it: it wires its component and declares what answers each require,
/// declares the routes into the component's provides, and offers the component's home-screen entry.
@MainActor
protocol ComponentRouter: Router {
    /// The component's entry on the home screen.
    var homeEntry: Action { get }
    /// The routes into the component's provides, declared beside the wiring so one hop from the
    /// component finds them. Internal unless declared external.
    var routes: [AnyRoute<Screen>] { get }
    /// What answers each require ``configure()`` wires, as `mall graph` draws it.
    var wiring: [Wiring] { get }
}
