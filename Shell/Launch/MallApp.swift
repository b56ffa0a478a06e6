import MallBase
import MallNavigator
import MallRouting
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

    /// The components' names, in the routers' order: what the home screen lists.
    let names: [String]

    /// The app of the registered components (``Routers/entries``), each listed under its entry's name.
    init(links: Links = Links(), entries: [RouterEntry] = Routers.entries) {
        self.init(links: links, names: entries.map { $0.name }, routers: entries.map { $0.make(links) })
    }

    /// The app of the routers `makeRouters` makes, each listed under its component's name: tests pass
    /// their own routers, to open holes on purpose.
    init(links: Links = Links(), routers makeRouters: @MainActor (Links) -> [any ComponentRouter]) {
        let routers = makeRouters(links)
        self.init(links: links, names: routers.map { $0.componentName }, routers: routers)
    }

    /// Installs every route (the table is built when first used), then configures every router;
    /// afterwards every component's requirements point at implementations, through the routes where
    /// one leads there.
    private init(links: Links, names: [String], routers: [any ComponentRouter]) {
        self.links = links
        self.names = names
        self.routers = routers
        // The routers' types, not the routers, which hold these links: the closure must not keep them alive.
        let types = routers.map { type(of: $0) }
        links.install { types.flatMap { $0.routes } + ShellRoutes.all }
        // Each router upcast on its own, which the compiler does from the protocols' witness tables:
        // handing over `[any ComponentRouter]` as `[any Router]` would cast the array at run time,
        // looking up each router type's conformance among every conformance in the program, which
        // took most of a launch with 1,004 components.
        holes = WiringAudit.configure(routers.map { $0 as any Router })
    }

    /// Keeps what the user does in `folder` across restarts: each component's changes in its own file,
    /// the sign-in in the shell's; `nil` keeps everything in memory.
    func keepState(in folder: StateFolder?) {
        for router in routers {
            router.keepState(in: folder)
        }
        account.keepState(in: folder)
    }

    /// Has every component read its records from `source` from now on, keeping the last good answer
    /// in the folder ``keepState(in:)`` gave; `nil` reads the embedded ones.
    func readRecords(from source: (any RecordSource)?) {
        for router in routers {
            router.readRecords(from: source)
        }
    }

    /// The requirements no router wired.
    var audit: WiringReport { WiringReport(components: routers.map { $0.audit }) }

    /// The components with a require no router wired, as configuring found them: what a launch warns of.
    let holes: WiringReport

    /// The home screen: one entry per component.
    var home: Screen {
        HomeScreen.make(components: zip(names, routers).map { (name: $0, router: $1) })
    }

    /// Who answers each require, from what the routers declare, what the audit finds still `nil`,
    /// and which routes the configuration downgrades.
    var graph: WiringGraph {
        var routes: [String: (owner: String, provide: String)] = [:]
        for route in ShellRoutes.all {
            routes[route.pattern] = (shell, route.provide)
        }
        for router in routers {
            for route in type(of: router).routes {
                routes[route.pattern] = (router.componentName, route.provide)
            }
        }
        /// What answers a require, from whether it is set and what its wiring line declares.
        func answer(isWired: Bool, declared: WireAnswer?) -> WiringGraph.Answer {
            guard isWired else { return .unwired }
            switch declared {
            case .provide(let function):
                return .provide(component: String(function.prefix { $0 != "." }), function: function, route: nil)
            case .route(let pattern):
                if let template = links.configuration.downgrades[pattern] {
                    return .web(address: template.text, route: pattern)
                }
                guard let (owner, provide) = routes[pattern] else { return .undeclared }
                return owner == shell
                    ? .app(function: provide, route: pattern)
                    : .provide(component: owner, function: provide, route: pattern)
            case nil:
                return .undeclared
            }
        }
        let components = routers.map { router in
            WiringGraph.Component(
                router.componentName,
                requirements: router.answers.map { name, isAsync, isWired, declared in
                    WiringGraph.Requirement(
                        name, isAsync: isAsync, answer: answer(isWired: isWired, declared: declared))
                })
        }
        return WiringGraph(app: shell, components: components)
    }

    /// The guards every navigation passes: signing in before paying.
    var hooks: NavigationHooks { NavigationHooks(guards: [account.signInBeforePaying]) }
}
