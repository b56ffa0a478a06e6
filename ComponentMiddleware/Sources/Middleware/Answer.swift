/// What answers one require that answers at once, as a router hands it to its component's generated
/// `requires(…)`: a sibling's provide (`wiring.provide(Tags.Provides.tagPage)`), something of the app's
/// own (a route), or ``unavailable``.
///
/// `Value` is the require's parameters and `Output` its answer, so an answer of other values does not
/// build. At launch the generated `requires(…)` assigns ``closure`` to the require; asked what the lines
/// declare (``Router/wires``), it records ``declaration`` instead, which an answer builds only then, so
/// a launch builds no route and calls no provide to wire a require.
///
/// The closure is stored as it is, never optional: a closure of a parameter pack's values held in an
/// optional, or built one of two ways, is wrapped again on its way to the require's property, one
/// allocation per require at every launch (`bench`, audit).
public struct Answer<Output, each Value> {
    /// What the require is assigned, unless ``leavesUnwired`` or the answer has a ``closureTellingHook``.
    public let closure: (repeat each Value) -> Output
    /// What the require is assigned instead of ``closure`` where the router hears of each provide before
    /// it is called (``Router/beforeProviding``): the closure that tells the hook first, then calls.
    ///
    /// A second closure rather than a ``closure`` built one of two ways: a closure that comes from one of
    /// two branches is wrapped again on its way to the require's property, an allocation per require.
    public var closureTellingHook: ((repeat each Value) -> Output)? = nil
    /// Whether the require stays `nil`: the answer is ``unavailable``.
    public let leavesUnwired: Bool
    /// What the answer leads to, as documents and the graph name it, where the lines record; `nil`
    /// where they assign.
    public let declaration: WireAnswer?
    /// The names the answer takes the require's values under, in order, where it names them (a route's
    /// parameters) and the lines record, as ``Wire/valueNames`` records them.
    public let valueNames: [String]?

    /// An answer that assigns `closure`, declaring `declaration` where the lines record
    /// (``Wiring/isRecording``) and `nil` where they assign.
    public init(
        _ closure: @escaping (repeat each Value) -> Output, declaring declaration: WireAnswer?,
        valueNames: [String]? = nil
    ) {
        self.closure = closure
        self.leavesUnwired = false
        self.declaration = declaration
        self.valueNames = valueNames
    }

    private init(unwiredBy closure: @escaping (repeat each Value) -> Output) {
        self.closure = closure
        self.leavesUnwired = true
        self.declaration = .unavailable
        self.valueNames = nil
    }
}

extension Answer where Output: StubAnswer {
    /// Nothing answers the require in this app, by the router's choice: it stays `nil`, so its calling
    /// function answers as an unwired one does (an "unavailable" screen, `nil`), and the audit lists it
    /// as unavailable rather than as a hole.
    ///
    /// Its ``closure``, which no require is assigned, answers the stub of a call of "unavailable".
    @MainActor public static var unavailable: Self {
        Self(unwiredBy: { (_: repeat each Value) in Output.stub(answering: .unavailable) })
    }
}

/// What answers one `async throws` require, as ``Answer`` is for one that answers at once: a provide
/// that itself waits or fails (`wiring.provide(…)`, an ``AsyncProvide``), or one that answers at once
/// (`wiring.provide(atOnce: …)`, a ``Provide``).
public struct AsyncAnswer<Output, each Value> {
    /// What the require is assigned, unless ``leavesUnwired`` or the answer has a ``closureTellingHook``.
    public let closure: (repeat each Value) async throws -> Output
    /// What the require is assigned instead of ``closure`` where the router hears of each provide before
    /// it is called (``Router/beforeProviding``): the closure that tells the hook first, then calls.
    ///
    /// A second closure rather than a ``closure`` built one of two ways: a closure that comes from one of
    /// two branches is wrapped again on its way to the require's property, an allocation per require.
    public var closureTellingHook: ((repeat each Value) async throws -> Output)? = nil
    /// Whether the require stays `nil`: the answer is ``unavailable``.
    public let leavesUnwired: Bool
    /// What the answer leads to, where the lines record; `nil` where they assign.
    public let declaration: WireAnswer?
    /// The names the answer takes the require's values under, where it names them and the lines record.
    public let valueNames: [String]?

    /// An answer that assigns `closure`, declaring `declaration` where the lines record
    /// (``Wiring/isRecording``) and `nil` where they assign.
    public init(
        _ closure: @escaping (repeat each Value) async throws -> Output, declaring declaration: WireAnswer?,
        valueNames: [String]? = nil
    ) {
        self.closure = closure
        self.leavesUnwired = false
        self.declaration = declaration
        self.valueNames = valueNames
    }

    private init(unwiredBy closure: @escaping (repeat each Value) async throws -> Output) {
        self.closure = closure
        self.leavesUnwired = true
        self.declaration = .unavailable
        self.valueNames = nil
    }
}

extension AsyncAnswer where Output: StubAnswer {
    /// Nothing answers the require in this app, by the router's choice: it stays `nil`, so its calling
    /// closure throws `UnwiredRequire`, and the audit lists it as unavailable rather than as a hole.
    ///
    /// Its ``closure``, which no require is assigned, answers the stub of a call of "unavailable".
    @MainActor public static var unavailable: Self {
        Self(unwiredBy: { (_: repeat each Value) in Output.stub(answering: .unavailable) })
    }
}

extension RequireCall {
    /// The call an ``Answer/unavailable`` answer's closure answers, were it called.
    fileprivate static var unavailable: RequireCall {
        RequireCall(component: "", require: "unavailable", arguments: [], answeredBy: nil)
    }
}

/// What a router's ``Router/wire(_:)`` returns: proof that its lines answered each of the component's
/// requires, which the component's generated `requires(…)` gives, one argument per require, so a router
/// that leaves a require out does not build ("missing argument for parameter 'tagPage' in call").
///
/// ``partial`` is the way around the proof, for lines that mean to leave requires unwired (a test of the
/// audit): the audit then finds what they left.
public struct Wired<Component: ComponentAPI>: Sendable {
    /// Proof that every require of `Component` was answered: what the generated `requires(…)` returns
    /// once its lines ran. A router written by hand returns ``partial`` instead.
    public init() {}

    /// No proof: the lines may leave requires unwired, which the audit then lists as holes.
    public static var partial: Self { Self() }
}
