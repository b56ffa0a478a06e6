/// What one wiring line of a router declares: the require it answers, and what answers it.
///
/// A router declares its lines once (``Router/wire(_:)``). At launch they assign and record nothing;
/// An app's wiring graph, the audit's answers and the tests ask for them as these values (``Router/wires``), so
/// what is drawn cannot drift from what is wired.
public struct Wire: Sendable, Hashable {
    /// The require's property name, e.g. `require_eventDetail`.
    public let require: String
    /// What answers it.
    public let answer: WireAnswer
    /// The names the answer takes the require's values under, in order (a route's parameters), where
    /// it names them: the compiler checks their types, a test that they are the require's own names.
    public let valueNames: [String]?

    /// A line that answers `require` with `answer`.
    public init(require: String, answer: WireAnswer, valueNames: [String]? = nil) {
        self.require = require
        self.answer = answer
        self.valueNames = valueNames
    }
}

/// What answers a require, as a router's wiring line says.
public enum WireAnswer: Sendable, Hashable {
    /// A route: its provide, or its web page when the route is downgraded.
    case route(pattern: String)
    /// A provide called directly, e.g. `Tags.provide_tagCount(noteId:)`: one no link can
    /// reach (it takes a list) or data rather than a screen.
    case provide(name: String)
    /// Nothing, by the router's choice (``Answer/unavailable``): the require stays `nil`, and the audit
    /// does not count it as a hole.
    case unavailable
    /// A closure the router wrote itself, which names nothing a document could show.
    case closure
}

/// The wiring lines of one router as they run: at launch each assigns its closure to its require and
/// builds nothing else; asked for what they declare, each records a ``Wire`` and assigns nothing.
///
/// A line names its require as the component's generated ``Require`` (`Notes.Requires.tagPage`) and takes
/// what answers it as an autoclosure, so assigning neither builds a key path nor touches a route or a
/// provide before the require is first called: the cost of wiring is one closure per require.
///
/// A wiring is meant for the lines of the ``Router/wire(_:)`` it is given to: kept and run later, its
/// lines still assign, but what ``Router/configure()`` counts is only what ran during that call.
@MainActor
public struct Wiring<Owner: Router> {
    /// The router whose lines run.
    public let router: Owner
    /// The router's component, read once: a line assigns to it without retaining it around the release
    /// of the closure the assignment replaces, as reading `router.component` in each line had the
    /// compiler do.
    @usableFromInline let component: Owner.Component
    /// Where the lines record what they declare; `nil` when they assign.
    @usableFromInline let recorder: WireRecorder?
    /// Where assigning lines mark the places of the requires they assign. Always one, so a line marks
    /// without first testing for it: the router's code for its lines is then one run, not two.
    @usableFromInline let tally: WireTally
    /// What a line answering a require with a provide calls first (``Router/beforeProviding``).
    @usableFromInline let beforeProviding: (@MainActor (String) -> Void)?

    /// Lines that assign each require of `router`'s component its closure, marking each in `tally`.
    @inlinable init(assigningFor router: Owner, counting tally: WireTally) {
        self.router = router
        self.component = router.component
        self.recorder = nil
        self.tally = tally
        self.beforeProviding = router.beforeProviding
    }

    /// Runs `router`'s lines to record them, assigning nothing.
    static func recording(_ router: Owner) -> [Wire] {
        let recorder = WireRecorder()
        _ = router.wire(
            Wiring(
                router: router, component: router.component, recorder: recorder, tally: WireTally(),
                beforeProviding: nil))
        return recorder.wires
    }

    private init(
        router: Owner, component: Owner.Component, recorder: WireRecorder?, tally: WireTally,
        beforeProviding: (@MainActor (String) -> Void)?
    ) {
        self.router = router
        self.component = component
        self.recorder = recorder
        self.tally = tally
        self.beforeProviding = beforeProviding
    }

    /// Whether the lines record what they declare (``Router/wires``) rather than assign: an answer
    /// of the app's own (a route) then declares what it leads to, which at launch it never builds.
    @inlinable public var isRecording: Bool { recorder != nil }

    /// The component the answers assign to, or `nil` where they record: a generated `requires(…)`
    /// assigns each require directly, so the answers' closures go to the properties as they are, with
    /// nothing between that the compiler would have to wrap.
    @inlinable public var assigning: Owner.Component? { recorder == nil ? component : nil }

    /// Marks every require of the component assigned: what a generated `requires(…)` tells
    /// ``Router/configure()`` once it assigned each one.
    @inlinable public func assignedEveryRequire() {
        tally.markEvery(Owner.Component.requireCount)
    }

    /// Records that `declaration` answers `require` (`nil` records ``WireAnswer/closure``), for a
    /// generated `requires(…)` asked what its answers declare (``Router/wires``).
    ///
    /// Inlinable, as the rest of `requires(…)` is: a call into this module would have the runtime build
    /// the type of each router's wiring, once for every component.
    @inlinable
    public func record(_ require: String, _ declaration: WireAnswer?, valueNames: [String]?) {
        recorder?.record(require, { declaration ?? .closure }, { valueNames })
    }

    /// One line written by hand that takes an answer's parts, as a component's generated `requires(…)`
    /// handles each argument: assigns `closure` to `require` (`nil` leaves it unwired, which counts as
    /// answered only where `declaration` is ``WireAnswer/unavailable``), or records `declaration`.
    ///
    /// - Parameters:
    ///   - require: The require, e.g. `Notes.Requires.tagPage`.
    ///   - closure: What the require is assigned, where the lines assign.
    ///   - declaration: What answers it, as documents and the graph name it, where the lines record;
    ///     `nil` records ``WireAnswer/closure``.
    ///   - valueNames: The names the answer takes the require's values under, where it names them.
    @inlinable
    public func answer<Closure>(
        _ require: Require<Owner.Component, Closure>,
        closure: Closure?,
        declaration: WireAnswer?,
        valueNames: [String]? = nil
    ) {
        if let recorder {
            recorder.record(require.name, { declaration ?? .closure }, { valueNames })
        } else {
            require.assign(on: component, closure)
            // A require left nil counts as answered only where the line says it is unavailable, so a
            // launch that trusts the count does not pass a hole.
            if let index = require.index, closure != nil || declaration == .unavailable { tally.mark(index) }
        }
    }

    /// One wiring line written by hand: assigns `closure` to `require`, or records that `answer`
    /// answers it. Only one of the autoclosures runs: `closure` when the line assigns, `answer` and
    /// `valueNames` when it records.
    ///
    /// A router whose component has a generated `requires(…)` answers through it, so that leaving a
    /// require out does not build; a line like this one suits a component written by hand, or a test,
    /// whose router returns ``Wired/partial``. A closure that calls another component itself, rather
    /// than through a route or `provide(_:)`, does not tell
    /// ``Router/beforeProviding``.
    ///
    /// - Parameters:
    ///   - require: The require, e.g. `Notes.Requires.tagPage`.
    ///   - closure: What the require is assigned.
    ///   - answer: What the closure leads to, as documents and the graph name it.
    ///   - valueNames: The names the answer takes the require's values under, where it names them.
    @inlinable
    public func answer<Closure>(
        _ require: Require<Owner.Component, Closure>,
        with closure: @autoclosure () -> Closure,
        declaring answer: @autoclosure () -> WireAnswer,
        valueNames: @autoclosure () -> [String]? = nil
    ) {
        if let recorder {
            recorder.record(require.name, answer, valueNames)
        } else {
            require.assign(on: component, closure())
            if let index = require.index { tally.mark(index) }
        }
    }

    /// Runs `other`'s lines as this router's: for a router that wraps another of the same component.
    ///
    /// Where `other` holds another instance of the component, its lines assign that instance, so they
    /// mark nothing in this component's count (they mark a tally no count reads).
    @discardableResult
    public func include<Other: Router>(_ other: Other) -> Wired<Owner.Component>
    where Other.Component == Owner.Component {
        // The component is read once: the instance the lines assign is the one compared.
        let included = other.component
        let counting = included === component ? tally : WireTally()
        return other.wire(
            Wiring<Other>(
                router: other, component: included, recorder: recorder, tally: counting,
                beforeProviding: beforeProviding))
    }

    /// `provide()`, its name told to `hear` first: what a `provide` line's closure calls when the router
    /// hears of each provide before a line calls it (``Router/beforeProviding``).
    ///
    /// Each `provide` line writes its two closures out, one for a router with a hook and one without,
    /// rather than wrapping `provide` in a closure of its own: the closure a line assigns then captures only
    /// what it calls, nothing at all without a hook (the compiler knows `provide`), so assigning it
    /// allocates nothing, and one context with a hook.
    @inlinable
    static func told<Output, each Value>(
        _ hear: @MainActor (String) -> Void, _ provide: () -> Provide<Output, repeat each Value>
    ) -> Provide<Output, repeat each Value> {
        let called = provide()
        hear(called.name)
        return called
    }

    /// ``told(_:_:)`` for an async provide.
    @inlinable
    static func told<Output, each Value>(
        _ hear: @MainActor (String) -> Void, _ provide: () -> AsyncProvide<Output, repeat each Value>
    ) -> AsyncProvide<Output, repeat each Value> {
        let called = provide()
        hear(called.name)
        return called
    }
}

/// The places of the requires a component's wiring lines assigned, as bits: 64 places, since a component
/// with more is always unwired and wired again.
///
/// The bits live behind a pointer the tally owns, so marking one is a plain store: a stored property of
/// a class would have the runtime check each line's access for exclusivity. Each count has a tally of
/// its own, which its wirings hold: configuring takes the current one when nothing else holds it, so a
/// launch allocates nothing per component, and a new one when something does (a configure counting in
/// it from further out, or a wiring kept past its count), so no other count's lines mark in it.
@usableFromInline final class WireTally {
    /// The tally the next count takes, unless something still holds it.
    @MainActor @usableFromInline static var current = WireTally()

    /// The bits.
    @usableFromInline let bits: UnsafeMutablePointer<UInt64>

    @inlinable init() {
        bits = .allocate(capacity: 1)
        bits.initialize(to: 0)
    }

    @inlinable deinit { bits.deallocate() }

    /// How many counts took a new tally because something held the current one: a configure inside
    /// another's lines, or a wiring kept past its count. ``WiringAudit/configure(_:)`` reads every
    /// component back when this moved, since such a configure may have unwired a component configured
    /// before it.
    @MainActor @usableFromInline static var nestedCounts = 0

    /// A tally with no place marked, for one count: the current one, or a new one where something else
    /// holds it.
    @MainActor @inlinable static func start() -> WireTally {
        if !isKnownUniquelyReferenced(&current) {
            current = WireTally()
            nestedCounts &+= 1
        }
        current.bits.pointee = 0
        return current
    }

    /// Whether no count took a new tally since this one was taken: not so once a configure started
    /// inside the lines that count in it.
    @MainActor @inlinable var isCurrent: Bool { self === Self.current }

    /// Marks the require at `index` assigned.
    @inlinable func mark(_ index: Int) {
        if index >= 0 && index < 64 { bits.pointee |= 1 << UInt64(index) }
    }

    /// Marks the places 0 to `count - 1`, each assigned.
    @inlinable func markEvery(_ count: Int) {
        if count >= 0 && count <= 64 { bits.pointee |= count == 64 ? .max : (1 << UInt64(count)) - 1 }
    }

    /// Whether the places 0 to `count - 1` were each marked.
    @inlinable func counted(_ count: Int) -> Bool {
        count >= 0 && count <= 64 && bits.pointee == (count == 64 ? .max : (1 << UInt64(count)) - 1)
    }
}

/// The lines a ``Wiring`` recorded so far: one type for every router, so a router can run another's.
@usableFromInline final class WireRecorder {
    var wires: [Wire] = []
    init() {}

    /// Records one wiring line. Not inlinable: each router's wiring then holds one call per line for
    /// recording beside its assignment, not the building of each ``Wire``.
    @usableFromInline func record(
        _ require: String, _ answer: () -> WireAnswer, _ valueNames: () -> [String]?
    ) {
        wires.append(Wire(require: require, answer: answer(), valueNames: valueNames()))
    }
}

// MARK: - Answers a router hands to its component's `requires(…)`

/// A require answered by a sibling's provide. The compiler checks that the provide takes the require's
/// values and returns its answer; the provide is read when the require is first called, not at launch.
///
/// Each answer's closure is built one way whichever way the lines run, and it declares what it leads to
/// only where they record; with a hook (``Router/beforeProviding``), the closure that tells it is a
/// second one. A closure that came from one of two branches would be wrapped again on its way to the
/// require, an allocation per require.
extension Wiring {
    /// Answers a require with `provide`, called directly: one no link can reach (it takes a list), or
    /// data rather than a screen.
    @inlinable
    public func provide<Output, each Value>(
        _ provide: @autoclosure @escaping () -> Provide<Output, repeat each Value>
    ) -> Answer<Output, repeat each Value> {
        var answer = Answer(
            { (value: repeat each Value) in provide()(repeat each value) },
            declaring: isRecording ? .provide(name: provide().name) : nil)
        if let hear = beforeProviding {
            answer.closureTellingHook = { (value: repeat each Value) in Self.told(hear, provide)(repeat each value) }
        }
        return answer
    }

    /// Answers an `async throws` require with `provide`, which answers at once: the component can wait
    /// for data that later comes from a service without its router changing.
    ///
    /// A label of its own rather than an overload of `provide(_:)` by result type: with the two, a
    /// provide of other values than the require's left the compiler unable to say what was wrong
    /// ("failed to produce diagnostic for expression").
    @inlinable
    public func provide<Output, each Value>(
        atOnce provide: @autoclosure @escaping () -> Provide<Output, repeat each Value>
    ) -> AsyncAnswer<Output, repeat each Value> {
        var answer = AsyncAnswer(
            { (value: repeat each Value) in provide()(repeat each value) },
            declaring: isRecording ? .provide(name: provide().name) : nil)
        if let hear = beforeProviding {
            answer.closureTellingHook = { (value: repeat each Value) in Self.told(hear, provide)(repeat each value) }
        }
        return answer
    }

    /// Answers an `async throws` require with `provide`, which itself waits or fails.
    @inlinable
    public func provide<Output, each Value>(
        _ provide: @autoclosure @escaping () -> AsyncProvide<Output, repeat each Value>
    ) -> AsyncAnswer<Output, repeat each Value> {
        var answer = AsyncAnswer(
            { (value: repeat each Value) in try await provide()(repeat each value) },
            declaring: isRecording ? .provide(name: provide().name) : nil)
        if let hear = beforeProviding {
            answer.closureTellingHook = { (value: repeat each Value) in
                try await Self.told(hear, provide)(repeat each value)
            }
        }
        return answer
    }
}
