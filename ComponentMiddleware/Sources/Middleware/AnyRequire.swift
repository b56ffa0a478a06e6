/// One require of a component, as its list names it: its name, its parameters' labels, and how to tell
/// whether it is wired, unwire it or answer it with a stub, all through the component's generated
/// ``Require``, never by reflection.
///
/// A component's list (``ComponentAPI/allRequires``) is generated from its API file; one initializer
/// per number of parameters (up to six) takes the require, so the list only builds when each entry
/// names a `require_` property of that shape. They are one per arity, not one over a parameter pack:
/// a pack's function type `(repeat each Value) -> Answer` cannot be the `Closure` of a ``Require``
/// (Swift 6.3: "cannot fully abstract a value of variadic function type"), and only a struct around it
/// could, which the property a router assigns is not. The type is not generic over the component, so a
/// list of requires is one type for every component. The list serves previews, tests and an app's
/// wiring graph; the app's launch never builds it (the generated ``ComponentAPI/unwiredRequires``
/// audits without it).
///
/// An async require (`(_ noteId: String) async throws -> [String]`) has initializers of its
/// own; its stub answers as ``StubBehavior`` says: at once, after a delay, or with a failure.
@MainActor
public struct AnyRequire {
    /// The property's name, e.g. `require_eventDetail`.
    public let name: String
    /// The parameters' labels, in order, e.g. `["noteId", "limit"]`.
    public let labels: [String]
    /// The component's name, e.g. `Notes`.
    public let component: String
    /// Whether the require is `async throws`: its answer may take time, and may fail.
    public let isAsync: Bool
    @usableFromInline let isSet: @MainActor (AnyObject) -> Bool
    @usableFromInline let clear: @MainActor (AnyObject) -> Void
    /// Assigns a closure that builds the call from its arguments, hands it over, and answers its stub.
    private let answer:
        @MainActor (AnyObject, StubBehavior, _ call: @escaping @MainActor ([Any]) -> RequireCall) -> Void

    private init<Component: ComponentAPI, Closure>(
        _ require: Require<Component, Closure>,
        labels: [String],
        isAsync: Bool = false,
        answer:
            @escaping @MainActor (Component, StubBehavior, _ call: @escaping @MainActor ([Any]) -> RequireCall)
            -> Void
    ) {
        self.name = require.name
        self.labels = labels
        self.component = Component.componentName
        self.isAsync = isAsync
        // Another object than the component has no such require: it reads as unwired, and is left alone.
        self.isSet = { object in (object as? Component).map { require.value(on: $0) != nil } ?? false }
        self.clear = { object in (object as? Component).map { require.assign(on: $0, nil) } }
        self.answer = { object, behavior, call in
            if let component = object as? Component { answer(component, behavior, call) }
        }
    }

    /// Whether a router (or a stub) answers the require on `component`.
    @inlinable public func isWired(on component: AnyObject) -> Bool { isSet(component) }

    /// Sets the require to `nil` on `component`.
    @inlinable public func unwire(_ component: AnyObject) { clear(component) }

    /// Answers the require on `component` with its stub, reporting each call to `onCall` first.
    ///
    /// - Parameters:
    ///   - component: The component singleton whose require is answered.
    ///   - answeredBy: Who answers the require in the app, which the stub's screen names.
    ///   - behavior: How an async require's stub answers; a synchronous one answers at once.
    ///   - onCall: Told of each call, before the stub answers.
    public func stub(
        _ component: AnyObject,
        answeredBy: String? = nil,
        behavior: StubBehavior = .immediate,
        onCall: @escaping @MainActor (RequireCall) -> Void = { _ in }
    ) {
        let componentName = self.component
        let name = name
        let labels = labels
        answer(component, behavior) { values in
            let call = RequireCall(
                component: componentName,
                require: name,
                arguments: zip(labels, values).map { (label: $0, value: $1) },
                answeredBy: answeredBy)
            onCall(call)
            return call
        }
    }

    /// A require with no parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, Answer: StubAnswer>(
        _ require: Require<Component, () -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels) { component, _, call in
            require.assign(on: component) { Answer.stub(answering: call([])) }
        }
    }

    /// A require with 1 parameter, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, Answer: StubAnswer>(
        _ require: Require<Component, (A) -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels) { component, _, call in
            require.assign(on: component) { a in Answer.stub(answering: call([a])) }
        }
    }

    /// A require with 2 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, Answer: StubAnswer>(
        _ require: Require<Component, (A, B) -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels) { component, _, call in
            require.assign(on: component) { a, b in Answer.stub(answering: call([a, b])) }
        }
    }

    /// A require with 3 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, C, Answer: StubAnswer>(
        _ require: Require<Component, (A, B, C) -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels) { component, _, call in
            require.assign(on: component) { a, b, c in Answer.stub(answering: call([a, b, c])) }
        }
    }

    /// A require with 4 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, C, D, Answer: StubAnswer>(
        _ require: Require<Component, (A, B, C, D) -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels) { component, _, call in
            require.assign(on: component) { a, b, c, d in Answer.stub(answering: call([a, b, c, d])) }
        }
    }

    /// A require with 5 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, C, D, E, Answer: StubAnswer>(
        _ require: Require<Component, (A, B, C, D, E) -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels) { component, _, call in
            require.assign(on: component) { a, b, c, d, e in Answer.stub(answering: call([a, b, c, d, e])) }
        }
    }

    /// A require with 6 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, C, D, E, F, Answer: StubAnswer>(
        _ require: Require<Component, (A, B, C, D, E, F) -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels) { component, _, call in
            require.assign(on: component) { a, b, c, d, e, f in Answer.stub(answering: call([a, b, c, d, e, f])) }
        }
    }

    // MARK: Async requires

    /// An async require with no parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, Answer: StubAnswer>(
        _ require: Require<Component, () async throws -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels, isAsync: true) { component, behavior, call in
            let qualifiedName = "\(Component.componentName).\(require.name)"
            require.assign(on: component) {
                try await behavior.answer(Answer.stub(answering: call([])), to: qualifiedName)
            }
        }
    }

    /// An async require with 1 parameter, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, Answer: StubAnswer>(
        _ require: Require<Component, (A) async throws -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels, isAsync: true) { component, behavior, call in
            let qualifiedName = "\(Component.componentName).\(require.name)"
            require.assign(on: component) { a in
                try await behavior.answer(Answer.stub(answering: call([a])), to: qualifiedName)
            }
        }
    }

    /// An async require with 2 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, Answer: StubAnswer>(
        _ require: Require<Component, (A, B) async throws -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels, isAsync: true) { component, behavior, call in
            let qualifiedName = "\(Component.componentName).\(require.name)"
            require.assign(on: component) { a, b in
                try await behavior.answer(Answer.stub(answering: call([a, b])), to: qualifiedName)
            }
        }
    }

    /// An async require with 3 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, C, Answer: StubAnswer>(
        _ require: Require<Component, (A, B, C) async throws -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels, isAsync: true) { component, behavior, call in
            let qualifiedName = "\(Component.componentName).\(require.name)"
            require.assign(on: component) { a, b, c in
                try await behavior.answer(Answer.stub(answering: call([a, b, c])), to: qualifiedName)
            }
        }
    }

    /// An async require with 4 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, C, D, Answer: StubAnswer>(
        _ require: Require<Component, (A, B, C, D) async throws -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels, isAsync: true) { component, behavior, call in
            let qualifiedName = "\(Component.componentName).\(require.name)"
            require.assign(on: component) { a, b, c, d in
                try await behavior.answer(Answer.stub(answering: call([a, b, c, d])), to: qualifiedName)
            }
        }
    }

    /// An async require with 5 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, C, D, E, Answer: StubAnswer>(
        _ require: Require<Component, (A, B, C, D, E) async throws -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels, isAsync: true) { component, behavior, call in
            let qualifiedName = "\(Component.componentName).\(require.name)"
            require.assign(on: component) { a, b, c, d, e in
                try await behavior.answer(Answer.stub(answering: call([a, b, c, d, e])), to: qualifiedName)
            }
        }
    }

    /// An async require with 6 parameters, as the generated list writes it:
    /// `AnyRequire(Requires.name, labels: [...])`.
    public init<Component: ComponentAPI, A, B, C, D, E, F, Answer: StubAnswer>(
        _ require: Require<Component, (A, B, C, D, E, F) async throws -> Answer>, labels: [String]
    ) {
        self.init(require, labels: labels, isAsync: true) { component, behavior, call in
            let qualifiedName = "\(Component.componentName).\(require.name)"
            require.assign(on: component) { a, b, c, d, e, f in
                try await behavior.answer(Answer.stub(answering: call([a, b, c, d, e, f])), to: qualifiedName)
            }
        }
    }
}
