import Middleware
import Testing

/// A trait that gives every test case fresh components, one test case at a time: before the case,
/// each component ``ComponentAPI/reset()``s (its data as at launch, its requires unwired), and no
/// other case with this trait runs until it ends, whatever the order or parallelism of the run.
///
/// Attach it to every suite that touches a component singleton:
/// `@Suite("Notes", .freshComponents { [Notes.shared] })`.
public struct FreshComponents: TestTrait, SuiteTrait, TestScoping {
    /// The components the tests touch.
    private let components: @MainActor @Sendable () -> [any ComponentAPI]

    public var isRecursive: Bool { true }

    /// Each test case, not the suite around them, gets its own scope.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await ComponentLock.shared.holding {
            await MainActor.run {
                for component in components() {
                    component.reset()
                }
            }
            try await function()
        }
    }

    fileprivate init(_ components: @escaping @MainActor @Sendable () -> [any ComponentAPI]) {
        self.components = components
    }
}

extension Trait where Self == FreshComponents {
    /// Fresh `components` for every test case, one case at a time (see ``FreshComponents``).
    public static func freshComponents(_ components: @escaping @MainActor @Sendable () -> [any ComponentAPI]) -> Self {
        FreshComponents(components)
    }
}

/// The lock every test case that touches components holds while it runs; reentrant within a task, so
/// a test inside a suite that also has the trait does not wait for itself.
private actor ComponentLock {
    static let shared = ComponentLock()
    @TaskLocal private static var isHeld = false
    private var isLocked = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    nonisolated func holding(_ body: @Sendable () async throws -> Void) async throws {
        if Self.isHeld { return try await body() }
        await acquire()
        do {
            try await Self.$isHeld.withValue(true, operation: body)
        } catch {
            await release()
            throw error
        }
        await release()
    }

    private func acquire() async {
        guard isLocked else {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            isLocked = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
