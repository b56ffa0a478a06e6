import MallBase
import MallNavigator
import MallRouting
import Middleware

/// The assembled app: the route table installed, the components listed, each got ready (wired, its
/// state and records read) when first used (``ComponentRegistry``), the home screen built, and the
/// guards every navigation passes.
@MainActor
struct MallApp {
    /// The components, each got ready when first used.
    let components: ComponentRegistry
    let links: Links
    let account = Account()
    /// The name screens the shell owns carry as their origin, and the graph draws them under.
    let shell = "Shell"

    /// The app of the registered components (``Routers/entries``), each listed under its entry's name.
    init(links: Links = Links(), entries: [RouterEntry] = Routers.entries) {
        components = ComponentRegistry(entries, links: links)
        self.links = links
        // From the router types of routers made for the table, so the closure the links keep holds
        // neither the links nor the components, whose routers hold the links.
        let makers = entries.map { $0.make }
        links.install { links in makers.flatMap { type(of: $0(links)).routes } + ShellRoutes.all }
        // Weakly, for the same reason.
        links.willCallProvide = { [weak components] in components?.ready(provideNamed: $0) }
    }

    /// The app of the routers `makeRouters` makes, each listed under its component's name: tests pass
    /// their own routers, to open holes on purpose.
    init(links: Links = Links(), routers makeRouters: @MainActor (Links) -> [any ComponentRouter]) {
        let routers = makeRouters(links)
        self.init(links: links, entries: routers.map { router in RouterEntry(router.componentName) { _ in router } })
    }

    /// Every component's router, every component ready.
    var routers: [any ComponentRouter] { components.all }

    /// The components' names, in the registry's order: what the home screen lists.
    var names: [String] { components.names }

    /// Keeps what the user does in `folder` across restarts: each component's changes in its own file
    /// (as it gets ready), the sign-in in the shell's; `nil` keeps everything in memory.
    func keepState(in folder: StateFolder?) {
        components.keepState(in: folder)
        account.keepState(in: folder)
    }

    /// Has every component read its records from `source` from now on (as it gets ready), keeping the
    /// last good answer in the folder ``keepState(in:)`` gave; `nil` reads the embedded ones.
    func readRecords(from source: (any RecordSource)?) {
        components.readRecords(from: source)
    }

    /// The requirements no router wired, every component ready.
    var audit: WiringReport { WiringReport(components: routers.map { $0.audit }) }

    /// The components with a require no router wired among those ready: what a launch warns of.
    var holes: WiringReport { WiringReport(components: components.holes) }

    /// The home screen: one entry per component, each component got ready when a screen lists it.
    var home: Screen {
        HomeScreen.make(
            components: components.names.indices.map { index in
                (name: components.names[index], router: { @MainActor [components] in components.ready(at: index) })
            })
    }

    /// The home screen, built first, then has `launch` warn of the holes of the components it got
    /// ready (of every component, ready first, with `--strict`, which refuses a hole anywhere), and of
    /// each component's holes as it gets ready later.
    func launchHome(_ launch: SessionLaunch, terminal: any Terminal) throws(LaunchFailure) -> Screen {
        if launch.options.isStrict {
            _ = routers
        }
        let home = self.home
        try launch.checkWiring(holes, terminal: terminal)
        components.onHole = { hole in
            // Only --strict throws, and it got every component ready above.
            try? launch.checkWiring(WiringReport(components: [hole]), terminal: terminal)
        }
        return home
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
