/// A business component's API as the middleware sees it: a singleton whose requires are listed.
///
/// The list is derived from the component's declarations, never typed by hand: `new-component
/// --regenerate` writes it beside the API file (`Notes+Generated.swift`), and `new-component --check`
/// fails when it no longer matches the `require_` properties the API declares. The audit, the preview's
/// stubs and the tests' recording stubs all walk this list, so none of them reflects on the component.
@MainActor
public protocol ComponentAPI: AnyObject {
    /// The component's name as the audit and diagnostics spell it, e.g. `Notes`.
    static var componentName: String { get }
    /// Every `require_` property of the component, in the order its API declares them.
    static var allRequires: [AnyRequire] { get }
    /// The names of the component's requires, sorted, as the audit reports them.
    static var requireNames: [String] { get }
    /// How many requires the component declares: each ``Require`` the generator writes carries its place
    /// among them, so wiring counts what it assigns and unwires nothing when the lines assign every one
    /// and no other configure ran inside them.
    static var requireCount: Int { get }
    /// The names of the requires that are `nil`, sorted: what the audit reports as holes.
    var unwiredRequires: [String] { get }
    /// Sets every require to `nil`: the component as no router has wired it yet.
    func unwireEveryRequire()
    /// Puts the component back as it starts: every require unwired and, for a component with data
    /// of its own, that data as it was at launch, kept in memory only. Tests start each case from here.
    func reset()
    /// Keeps what the user did in the component (a favourite, a booking) in its own file in
    /// `folder`, read the next time the component needs its data; `nil` keeps it in memory only.
    func keepState(in folder: StateFolder?)
    /// Reads the component's records (its documents) from `source` from now on, keeping the last
    /// good answer in the state folder ``keepState(in:)`` gave; `nil` reads the embedded ones.
    func readRecords(from source: (any RecordSource)?)
    /// The names of the documents the component reads from its source (`notes`), whose last good
    /// answers are kept as `<Name>.<document>.json` in the state folder.
    var recordDocuments: [String] { get }
}

extension ComponentAPI {
    /// How many requires the component declares, from its list (the generated file states the number).
    public static var requireCount: Int { allRequires.count }

    /// Unwires every require: the reset of a component without data of its own.
    public func reset() {
        unwireEveryRequire()
    }

    /// Keeps nothing: the choice of a component whose data the user does not change.
    public func keepState(in folder: StateFolder?) {}

    /// Reads nothing: the choice of a component without records of its own.
    public func readRecords(from source: (any RecordSource)?) {}

    /// No documents: the choice of a component without records of its own.
    public var recordDocuments: [String] { [] }

    // The generated file writes the next three per require, reading and assigning each property
    // directly, so the launch never builds the list; these, through the list, serve components whose
    // conformance is written by hand, as in tests.

    /// Sets every require to `nil`, through the list of requires.
    public func unwireEveryRequire() {
        for require in Self.allRequires {
            require.unwire(self)
        }
    }

    /// The names of the component's requires, sorted, from the list of requires.
    public static var requireNames: [String] { allRequires.map(\.name).sorted() }

    /// The names of the requires that are `nil`, sorted, from the list of requires.
    public var unwiredRequires: [String] {
        Self.allRequires.filter { !$0.isWired(on: self) }.map(\.name).sorted()
    }

    /// Answers every require with its stub (``StubAnswer``), reporting each call to `onCall` first.
    ///
    /// - Parameters:
    ///   - answeredBy: Who answers a require in the app, by the require's name; a preview's stub
    ///     screen says so.
    ///   - behavior: How the stubs of async requires answer: at once, after a delay, or failing.
    ///   - onCall: Told of each call of a stubbed require, before the stub answers.
    public func stubEveryRequire(
        answeredBy: [String: String] = [:],
        behavior: StubBehavior = .immediate,
        onCall: @escaping @MainActor (RequireCall) -> Void = { _ in }
    ) {
        for require in Self.allRequires {
            require.stub(self, answeredBy: answeredBy[require.name], behavior: behavior, onCall: onCall)
        }
    }
}
