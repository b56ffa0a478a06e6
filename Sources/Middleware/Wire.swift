/// One line of a router: which require it wires, what answers it, and the closure it assigns.
///
/// A router lists one wire per require (``Router/wiring``). ``Router/configure()`` assigns them, the
/// audit counts the requires they leave `nil`, and `mall graph` draws ``answer``: one list, so what is
/// drawn cannot drift from what is wired. Routers write them with their own `provide(_:_:)` (and the
/// app's `wire(_:to:)`), whose key paths are rooted in the router's component.
@MainActor
public struct Wire {
    /// The require, as a key path into the component.
    public let requirement: AnyKeyPath
    /// What answers it.
    public let answer: WireAnswer
    /// The names the answer takes the require's values under, in order (a route's parameters), where
    /// it names them: the compiler checks their types, a test that they are the require's own names.
    public let valueNames: [String]?
    @usableFromInline let assignment: @MainActor (AnyObject) -> Void

    /// A wire that assigns `closure` to `requirement`; `answer` says what the closure leads to.
    public init<Component: AnyObject, Closure>(
        _ requirement: ReferenceWritableKeyPath<Component, Closure?>,
        answer: WireAnswer,
        valueNames: [String]? = nil,
        closure: Closure
    ) {
        self.requirement = requirement
        self.answer = answer
        self.valueNames = valueNames
        self.assignment = { ($0 as? Component)?[keyPath: requirement] = closure }
    }

    /// Assigns the closure to the require on `component` (an object of another type is left alone).
    @inlinable public func assign(to component: AnyObject) { assignment(component) }
}

/// What answers a require, as a router's wiring line says.
public enum WireAnswer: Sendable, Hashable {
    /// A route: its provide, or its web page when the route is downgraded.
    case route(pattern: String)
    /// A provide called directly, e.g. `Groupbuy.provide_groupbuyAllForShop(_:)`: one no link can
    /// reach (it takes a list) or data rather than a screen.
    case provide(name: String)
}

// MARK: - A require answered by a provide, called directly

/// One function per number of parameters: the compiler checks that the provide takes the require's
/// parameters and returns its answer.
extension Router {
    /// Wires `requirement` to `provide`.
    public func provide<Output>(
        _ requirement: ReferenceWritableKeyPath<Component, (() -> Output)?>, _ provide: Provide<Output>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { provide() })
    }

    /// Wires `requirement` to `provide`.
    public func provide<A, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A) -> Output)?>, _ provide: Provide<Output, A>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a in provide(a) })
    }

    /// Wires `requirement` to `provide`.
    public func provide<A, B, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B) -> Output)?>, _ provide: Provide<Output, A, B>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a, b in provide(a, b) })
    }

    /// Wires `requirement` to `provide`.
    public func provide<A, B, C, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C) -> Output)?>, _ provide: Provide<Output, A, B, C>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a, b, c in provide(a, b, c) })
    }

    /// Wires `requirement` to `provide`.
    public func provide<A, B, C, D, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D) -> Output)?>,
        _ provide: Provide<Output, A, B, C, D>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a, b, c, d in provide(a, b, c, d) })
    }

    /// Wires `requirement` to `provide`.
    public func provide<A, B, C, D, E, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D, E) -> Output)?>,
        _ provide: Provide<Output, A, B, C, D, E>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a, b, c, d, e in provide(a, b, c, d, e) })
    }

    /// Wires `requirement` to `provide`.
    public func provide<A, B, C, D, E, F, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D, E, F) -> Output)?>,
        _ provide: Provide<Output, A, B, C, D, E, F>
    ) -> Wire {
        Wire(
            requirement, answer: .provide(name: provide.name),
            closure: { a, b, c, d, e, f in provide(a, b, c, d, e, f) })
    }
}

// MARK: - An async require answered by a provide

/// The same lines for an `async throws` require: a provide that answers at once answers it, so the
/// component can wait for data that later comes from a service without its router changing.
extension Router {
    /// Wires the async `requirement` to `provide`.
    public func provide<Output>(
        _ requirement: ReferenceWritableKeyPath<Component, (() async throws -> Output)?>,
        _ provide: Provide<Output>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { provide() })
    }

    /// Wires the async `requirement` to `provide`.
    public func provide<A, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A) async throws -> Output)?>,
        _ provide: Provide<Output, A>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a in provide(a) })
    }

    /// Wires the async `requirement` to `provide`.
    public func provide<A, B, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B) async throws -> Output)?>,
        _ provide: Provide<Output, A, B>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a, b in provide(a, b) })
    }

    /// Wires the async `requirement` to `provide`.
    public func provide<A, B, C, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C) async throws -> Output)?>,
        _ provide: Provide<Output, A, B, C>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a, b, c in provide(a, b, c) })
    }

    /// Wires the async `requirement` to `provide`.
    public func provide<A, B, C, D, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D) async throws -> Output)?>,
        _ provide: Provide<Output, A, B, C, D>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a, b, c, d in provide(a, b, c, d) })
    }

    /// Wires the async `requirement` to `provide`.
    public func provide<A, B, C, D, E, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D, E) async throws -> Output)?>,
        _ provide: Provide<Output, A, B, C, D, E>
    ) -> Wire {
        Wire(requirement, answer: .provide(name: provide.name), closure: { a, b, c, d, e in provide(a, b, c, d, e) })
    }

    /// Wires the async `requirement` to `provide`.
    public func provide<A, B, C, D, E, F, Output>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D, E, F) async throws -> Output)?>,
        _ provide: Provide<Output, A, B, C, D, E, F>
    ) -> Wire {
        Wire(
            requirement, answer: .provide(name: provide.name),
            closure: { a, b, c, d, e, f in provide(a, b, c, d, e, f) })
    }
}
