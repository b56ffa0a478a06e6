/// One `provide_` function as a value: what it is called, and how to call it.
///
/// A component's provides are listed as these values beside its API file (`Notes.Provides`, generated
/// by `new-component --regenerate` from the `provide_` functions the API declares), so a route or a
/// router's wiring line that opens one takes its name from the declaration and cannot name another.
public struct Provide<Output, each Value>: Sendable {
    /// The function as documents name it, e.g. `Notes.provide_note(noteId:)`.
    public var name: String { naming() }
    /// Writes ``name`` when a document asks: a name built from a type at run time (a shell page's) looks
    /// the type up among every protocol conformance of the program, and routes are declared at launch.
    private let naming: @Sendable () -> String
    private let function: @MainActor @Sendable (repeat each Value) -> Output

    /// Declares a provide; `name` is written by the generator from the declaration `function` calls.
    public init(
        _ name: @autoclosure @escaping @Sendable () -> String,
        _ function: @escaping @MainActor @Sendable (repeat each Value) -> Output
    ) {
        self.naming = name
        self.function = function
    }

    /// Calls the provide.
    @MainActor
    public func callAsFunction(_ values: repeat each Value) -> Output {
        function(repeat each values)
    }
}

/// One `async` (or throwing) `provide_` function as a value, as ``Provide`` is for one that answers at
/// once: an async require's answer names it, e.g. `Tags.Provides.tagCount` for
/// `Tags.provide_tagCount(noteId:) async -> Int`.
public struct AsyncProvide<Output, each Value>: Sendable {
    /// The function as documents name it, e.g. `Tags.provide_tagCount(noteId:)`.
    public var name: String { naming() }
    private let naming: @Sendable () -> String
    private let function: @MainActor @Sendable (repeat each Value) async throws -> Output

    /// Declares a provide; `name` is written by the generator from the declaration `function` calls.
    public init(
        _ name: @autoclosure @escaping @Sendable () -> String,
        _ function: @escaping @MainActor @Sendable (repeat each Value) async throws -> Output
    ) {
        self.naming = name
        self.function = function
    }

    /// Calls the provide.
    @MainActor
    public func callAsFunction(_ values: repeat each Value) async throws -> Output {
        try await function(repeat each values)
    }
}
