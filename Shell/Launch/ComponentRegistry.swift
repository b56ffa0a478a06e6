import MallBase
import MallRouting
import Middleware

/// The app's components, each got ready when it is first used: its router made and configured, its
/// state and records read. A launch to the home screen reads only their names.
///
/// A component is first used when the home screen lists its entry (a screen of at most
/// ``HomeScreen/maximumEntries`` components), when a link or a route opens one of its provides, or when
/// a wiring line calls one of its provides (``Links/willCallProvide``); each runs the component's own
/// code, which may call its requires, so the component is wired before it runs. Listing every
/// component (``all``), for the audit, the graph or the state, gets every one ready.
@MainActor
final class ComponentRegistry {
    /// The components' names, in the registry's order.
    let names: [String]
    private let makeRouter: [@MainActor (Links) -> any ComponentRouter]
    private let links: Links
    private var routers: [(any ComponentRouter)?]
    /// Whether each component is ready, by its place among ``names``.
    private(set) var isReady: [Bool]
    private var readyCount = 0
    /// Each component's place among ``names``, built when a provide's component is first looked up.
    private lazy var places = Dictionary(names.enumerated().map { ($1, $0) }) { first, _ in first }

    /// The components with a require no router wired, in the order they got ready.
    private(set) var holes: [ComponentWiring] = []
    /// Hears each component found with a hole as it gets ready, after the launch said the others.
    var onHole: ((ComponentWiring) -> Void)?

    /// Where ready components keep their state, once ``keepState(in:)`` said.
    private var stateFolder: StateFolder?
    private var keepsState = false
    /// Where ready components read their records, once ``readRecords(from:)`` said.
    private var recordSource: (any RecordSource)?
    private var readsRecords = false

    /// The components of `entries`, none of them ready; their routers answer through `links`.
    init(_ entries: [RouterEntry], links: Links) {
        names = entries.map { $0.name }
        makeRouter = entries.map { $0.make }
        self.links = links
        routers = Array(repeating: nil, count: entries.count)
        isReady = Array(repeating: false, count: entries.count)
    }

    /// The router of the component at `index` among ``names``, made if it was not, ready or not.
    func router(at index: Int) -> any ComponentRouter {
        if let router = routers[index] {
            return router
        }
        let router = makeRouter[index](links)
        routers[index] = router
        return router
    }

    /// The router of the component at `index`, the component got ready first if it was not.
    func ready(at index: Int) -> any ComponentRouter {
        let router = router(at: index)
        guard !isReady[index] else { return router }
        // Marked first, so a component used while it gets ready is not got ready twice.
        isReady[index] = true
        readyCount += 1
        // A require left nil on purpose (`.unavailable`) makes the count read the component back, but is
        // no hole.
        if !router.configure(), case let hole = router.audit, !hole.isComplete {
            holes.append(hole)
            onHole?(hole)
        }
        if keepsState {
            router.keepState(in: stateFolder)
        }
        if readsRecords {
            router.readRecords(from: recordSource)
        }
        return router
    }

    /// Gets ready the component whose provide is named `name` (`Shop.provide_shopDetail(shopId:)`);
    /// a provide of the shell's own (`Shell: …`) names no component and gets nothing ready.
    ///
    /// The component is found by its entry's name. Where no entry of that name makes a router of that
    /// component (a provide named by hand, an entry misnamed), every component gets ready instead:
    /// slower, never wrong. `mall audit` and `--strict` refuse a misnamed entry (``misnamed``).
    func ready(provideNamed name: String) {
        guard readyCount < names.count else { return }
        let component = name.prefix { $0 != "." && $0 != ":" }
        guard component != ComponentRegistry.shell else { return }
        if let index = places[String(component)], ready(at: index).componentName == component {
            return
        }
        _ = all
    }

    /// The origin of the shell's own provides, which no component has.
    private static let shell = "Shell"

    /// The entries whose name is not their router's component's, every component ready: the home
    /// screen would list the component under a name no provide of it has.
    var misnamed: [(entry: String, component: String)] {
        zip(names, all).compactMap { name, router in
            name == router.componentName ? nil : (name, router.componentName)
        }
    }

    /// Every component's router, every component ready.
    var all: [any ComponentRouter] { names.indices.map(ready(at:)) }

    /// Has each component keep what the user does in `folder`: the ready ones now, the others as they
    /// get ready.
    func keepState(in folder: StateFolder?) {
        stateFolder = folder
        keepsState = true
        for (router, isReady) in zip(routers, isReady) where isReady {
            router?.keepState(in: folder)
        }
    }

    /// Has each component read its records from `source`: the ready ones now, the others as they get
    /// ready.
    func readRecords(from source: (any RecordSource)?) {
        recordSource = source
        readsRecords = true
        for (router, isReady) in zip(routers, isReady) where isReady {
            router?.readRecords(from: source)
        }
    }
}
