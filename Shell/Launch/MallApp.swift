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
    /// The name screens the shell owns carry as their origin, and the graph draws them under.
    let shell = "Shell"

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
    ///
    /// The components are taken from the routers one by one: passing `[any ComponentRouter]` where
    /// `[any Router]` is expected would convert the array at run time, looking each router's type up
    /// among all the program's protocol conformances.
    var audit: WiringReport { WiringAudit.audit(routers.map { $0.component as AnyObject }) }

    /// The home screen: one entry per component.
    var home: Screen { HomeScreen.make(routers: routers) }

    /// Who answers each require, from what the routers declare, what the audit finds still `nil`,
    /// and which routes the configuration downgrades.
    var graph: WiringGraph {
        var routes: [String: (owner: String, provide: String)] = [:]
        for route in ShellRoutes.all {
            routes[route.pattern] = (shell, route.provide)
        }
        for router in routers {
            for route in router.routes {
                routes[route.pattern] = (router.componentName, route.provide)
            }
        }
        let components = routers.map { router in
            let wiring = WiringAudit.wiring(of: router.component)
            let declared = Dictionary(router.wiring.map { ($0.requirement, $0.answer) }) { first, _ in first }
            let requirements = wiring.requirements.map { name in
                guard !wiring.unwired.contains(name) else { return WiringGraph.Requirement(name, answer: .unwired) }
                switch declared[name] {
                case .provide(let component, let function):
                    return WiringGraph.Requirement(
                        name, answer: .provide(component: component, function: function, route: nil))
                case .route(let pattern):
                    if let template = links.configuration.downgrades[pattern] {
                        return WiringGraph.Requirement(name, answer: .web(address: template.text, route: pattern))
                    }
                    guard let (owner, provide) = routes[pattern] else {
                        return WiringGraph.Requirement(name, answer: .undeclared)
                    }
                    return WiringGraph.Requirement(
                        name,
                        answer: owner == shell
                            ? .app(function: provide, route: pattern)
                            : .provide(component: owner, function: provide, route: pattern))
                case nil:
                    return WiringGraph.Requirement(name, answer: .undeclared)
                }
            }
            return WiringGraph.Component(wiring.component, requirements: requirements)
        }
        return WiringGraph(app: shell, components: components)
    }

    /// The guards every navigation passes: signing in before paying.
    var hooks: NavigationHooks { NavigationHooks(guards: [account.signInBeforePaying]) }
}
