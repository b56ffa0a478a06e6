import MallBase
import MallNavigator
import Middleware

/// The assembled app: the route table installed, every router configured, the middleware audited,
/// the home screen built, and the guards every navigation passes.
@MainActor
struct MallApp {
    let routers: [any ComponentRouter]
    let links: Links
    let account = Account()

    /// Installs every route, then configures every router; afterwards every component's requirements
    /// point at implementations, through the routes where one leads there.
    init(links: Links = Links(), routers makeRouters: @MainActor (Links) -> [any ComponentRouter] = Routers.all(links:))
    {
        self.links = links
        self.routers = makeRouters(links)
        links.install(routers.flatMap(\.routes) + ShellRoutes.all)
        for router in routers {
            router.configure()
        }
    }

    /// The requirements no router wired.
    var audit: WiringReport { WiringAudit.audit(routers) }

    /// The home screen: one entry per component.
    var home: Screen { HomeScreen.make(routers: routers) }

    /// The guards every navigation passes: signing in before paying.
    var hooks: NavigationHooks { NavigationHooks(guards: [account.signInBeforePaying]) }
}
