import MallBase
import Middleware

/// The assembled app: every router configured, the middleware audited, the home screen built.
@MainActor
struct MallApp {
    let routers: [any ComponentRouter]

    /// Configures every router; afterwards every component's requirements point at implementations.
    init(routers: [any ComponentRouter] = Routers.all()) {
        self.routers = routers
        for router in routers {
            router.configure()
        }
    }

    /// The requirements no router wired.
    var audit: WiringReport { WiringAudit.audit(routers) }

    /// The home screen: one entry per component.
    var home: Screen { HomeScreen.make(routers: routers) }
}
