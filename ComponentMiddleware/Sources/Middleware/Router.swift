/// Wires one business component: one answer per `require_` it declares.
///
/// A router lives in the app (the shell) and holds its component's singleton. Its ``wire(_:)`` says,
/// one argument per require of the component's generated `requires(…)`, what answers it: a sibling
/// component's `provide_`, something the app owns, or ``Answer/unavailable``. A router that leaves a
/// require out does not build, and the compiler names the require. Routers are deliberately thin: they
/// find implementations, they never hold business logic.
///
/// ```swift
/// func wire(_ wiring: Wiring<Self>) -> Wired<Notes> {
///     wiring.requires(
///         tagPage: wiring.provide(Tags.Provides.tagPage),
///         tagCount: wiring.provide(Tags.Provides.tagCount))
/// }
/// ```
@MainActor
public protocol Router {
    /// The type of the component singleton this router wires.
    associatedtype Component: ComponentAPI

    /// The component singleton this router wires.
    var component: Component { get }

    /// Declares what answers each require, one argument per require of the component's generated
    /// `wiring.requires(…)`, whose result it returns: at launch the answers assign, and asked for
    /// ``wires`` they record.
    func wire(_ wiring: Wiring<Self>) -> Wired<Component>

    // What the app asks each router as it gets its component ready. Each is a require whose default
    // implementation is inlinable, so the compiler writes it for each router's own component: a generic
    // version called through the protocol would have the runtime look up the component's type, and
    // build the types that depend on it from their mangled names, once for every component.

    /// The component's name as the audit and diagnostics spell it, e.g. `Notes`.
    var componentName: String { get }
    /// Has every require of ``component`` answered as the wiring lines declare, whatever was assigned
    /// before, and returns whether the component has no hole.
    @discardableResult func configure() -> Bool
    /// The component's requires and which of them are `nil`.
    var audit: ComponentWiring { get }
    /// ``audit`` when one of the component's requires is `nil` and its router does not declare it
    /// unavailable; `nil` when every one is answered.
    var holes: ComponentWiring? { get }
    /// Has the component keep what the user does in `folder` (``ComponentAPI/keepState(in:)``).
    func keepState(in folder: StateFolder?)
    /// Has the component read its records from `source` (``ComponentAPI/readRecords(from:)``).
    func readRecords(from source: (any RecordSource)?)
    /// Called with a provide's name (`Tags.provide_tagCount(noteId:)`) just before a wiring line
    /// of this router calls that provide (a `wiring.provide(…)` answer): an app that gets a
    /// component ready only when it is first used gets the provide's component ready here. `nil`, the
    /// default, calls nothing.
    var beforeProviding: (@MainActor (String) -> Void)? { get }
}

extension Router {
    /// The component's name as the audit and diagnostics spell it, e.g. `Notes`.
    @inlinable public var componentName: String { Component.componentName }

    /// Has every require of ``component`` answered as ``wire(_:)`` declares, whatever was assigned before
    /// (calling it twice is harmless), and returns whether the component has no hole.
    ///
    /// The wiring lines run first, counting the places of the requires they assign: when they assign every
    /// one and no other configure ran inside them, nothing from before is left and nothing was unwired
    /// since, so the component is whole without its requires being read back, and a launch runs no code
    /// of the component's own. Otherwise (a line left out, or a configure inside the lines, which may have
    /// unwired the same component) every require is unwired, the lines run again, and the requires are
    /// read back; a configure inside the lines runs again with them, so what it assigns is left in place.
    /// The count trusts each ``Require``'s place, which the generator writes; the audit
    /// (``audit``, ``holes``) always reads every require back.
    @inlinable @discardableResult public func configure() -> Bool {
        let tally = WireTally.start()
        _ = wire(Wiring(assigningFor: self, counting: tally))
        if tally.counted(Component.requireCount) && tally.isCurrent { return true }
        component.unwireEveryRequire()
        // The same tally, whose count is not read again: taking another while this one is held would
        // count as a configure inside the lines.
        _ = wire(Wiring(assigningFor: self, counting: tally))
        return holes == nil
    }

    /// The component's requires and which of them are `nil`, from its generated audit.
    /// Those the router declares unavailable are set apart from the holes.
    public var audit: ComponentWiring { WiringAudit.wiring(of: component).settingAside(declaredUnavailable) }

    /// ``audit`` when one of the component's requires is `nil` and the router does not declare it
    /// unavailable, else `nil`: the test of each require runs, and the list of every require's name,
    /// and the router's declarations, are read only for a component with a require `nil`.
    @inlinable public var holes: ComponentWiring? {
        let unwired = component.unwiredRequires
        guard !unwired.isEmpty else { return nil }
        let wiring = ComponentWiring(
            component: Component.componentName, requires: Component.requireNames, unwired: unwired
        )
        .settingAside(declaredUnavailable)
        return wiring.unwired.isEmpty ? nil : wiring
    }

    /// The requires whose last wiring line declares them ``Answer/unavailable``, as a launch assigns
    /// them in turn.
    public var declaredUnavailable: Set<String> {
        Set(lastAnswers.compactMap { $0.value == .unavailable ? $0.key : nil })
    }

    /// What the last wiring line of each require declares: a require wired twice answers as its last
    /// line assigned it.
    private var lastAnswers: [String: WireAnswer] {
        var last: [String: WireAnswer] = [:]
        for wire in wires {
            last[wire.require] = wire.answer
        }
        return last
    }

    /// Has the component keep what the user does in `folder` (``ComponentAPI/keepState(in:)``).
    @inlinable public func keepState(in folder: StateFolder?) { component.keepState(in: folder) }

    /// Has the component read its records from `source` (``ComponentAPI/readRecords(from:)``).
    @inlinable public func readRecords(from source: (any RecordSource)?) { component.readRecords(from: source) }

    /// Nothing: the provides a wiring line calls are ready whenever it calls them.
    @inlinable public var beforeProviding: (@MainActor (String) -> Void)? { nil }

    /// What each wiring line declares, in order; a require wired twice appears twice.
    public var wires: [Wire] { Wiring.recording(self) }

    /// Each require of the component, sorted by name: whether it is `async throws`, whether it is
    /// set, and what its wiring line says answers it (`nil` where no line wires it).
    public var answers: [(require: String, isAsync: Bool, isWired: Bool, answer: WireAnswer?)] {
        let declared = lastAnswers
        return Component.allRequires.map {
            ($0.name, $0.isAsync, $0.isWired(on: component), declared[$0.name])
        }
        .sorted { $0.require < $1.require }
    }
}
