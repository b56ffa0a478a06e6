import MallBase
import MallNavigator
import MallRouting
import Middleware
import MiddlewareSupport

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
        // The route table comes from the router types of routers made for it, by the entries' closures,
        // which hold nothing: so the closure the links keep holds neither the links nor the components,
        // whose routers hold the links.
        let makers = entries.map { $0.make }
        self.init(links: links, entries: entries) { links in makers.flatMap { type(of: $0(links)).routes } }
    }

    /// The app of the routers `makeRouters` makes, each listed under its component's name: tests pass
    /// their own routers, to open holes on purpose.
    init(links: Links = Links(), routers makeRouters: @MainActor (Links) -> [any ComponentRouter]) {
        let routers = makeRouters(links)
        // The routers' types, not the routers, which hold these links.
        let types = routers.map { type(of: $0) }
        self.init(links: links, entries: routers.map { router in RouterEntry(router.componentName) { _ in router } }) {
            _ in types.flatMap { $0.routes }
        }
    }

    /// The app of `entries`, the route table built from what `routes` gives and the shell's own routes,
    /// when a link first needs it.
    private init(
        links: Links, entries: [RouterEntry], routes: @escaping @MainActor (Links) -> [AnyRoute<Screen>]
    ) {
        components = ComponentRegistry(entries, links: links)
        self.links = links
        links.install { routes($0) + ShellRoutes.all }
        // Weakly: the components' routers hold the links.
        links.willCallProvide = { [weak components] in components?.ready(provideNamed: $0) }
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

    /// One line per registry entry whose name is not its router's component's, every component ready:
    /// what `mall audit` and `--strict` refuse.
    var misnamedEntries: [String] {
        components.misnamed.map { entry, component in
            "error: the entry \"\(entry)\" of Routers.entries makes the router of \(component); name it"
                + " \"\(component)\" in Shell/Launch/Routers.swift"
        }
    }

    /// The requires no router wired, every component ready.
    var audit: WiringReport { WiringReport(components: routers.map { $0.audit }) }

    /// The components with a require no router wired among those ready: what a launch warns of.
    var holes: WiringReport { WiringReport(components: components.holes) }

    /// The home screen: one entry per component, each component got ready when a screen lists it.
    var home: Screen { home(of: nil) }

    /// The home screen of the components named `names` (every component for `nil`), in the registry's
    /// order.
    func home(of names: Set<String>?) -> Screen {
        HomeScreen.make(
            components: components.names.indices.filter { names?.contains(components.names[$0]) ?? true }.map { index in
                (name: components.names[index], router: { @MainActor [components] in components.ready(at: index) })
            })
    }

    /// The home screen, built first, then has `launch` warn of the holes of the components it got
    /// ready, and of each component's holes as it gets ready later. With `--strict`, which refuses a
    /// hole or a misnamed registry entry anywhere, every component gets ready first.
    ///
    /// - Parameter names: The components the home lists, every one for `nil` (the tour lists its four).
    func launchHome(_ launch: SessionLaunch, of names: Set<String>? = nil, terminal: any Terminal) throws(LaunchFailure)
        -> Screen
    {
        if launch.options.isStrict, let misnamed = misnamedEntries.first {
            throw LaunchFailure(misnamed + " (--strict)", status: .findings)
        }
        let home = home(of: names)
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
            guard isWired else { return declared == .unavailable ? .unavailable : .unwired }
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
            case .closure, .unavailable, nil:
                return .undeclared
            }
        }
        let components = routers.map { router in
            WiringGraph.Component(
                router.componentName,
                requires: router.answers.map { name, isAsync, isWired, declared in
                    WiringGraph.AnsweredRequire(
                        name, isAsync: isAsync, answer: answer(isWired: isWired, declared: declared))
                })
        }
        return WiringGraph(app: shell, components: components)
    }

    /// The guards every navigation passes: signing in before paying.
    var hooks: NavigationHooks { NavigationHooks(guards: [account.signInBeforePaying]) }
}
