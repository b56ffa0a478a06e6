import MiddlewareSupport

/// How a stub answers an async require: at once, after a delay, or with a failure, so a preview or a
/// test can show a screen loading and failing without the sibling that answers it in the app.
public struct StubBehavior: Sendable, Hashable {
    /// How long the stub waits before it answers (or fails), on the clock the caller runs under
    /// (`WorkClock.current`: a test's `ManualClock` makes it take no real time); cancelling the caller
    /// ends the wait.
    public var delay: Duration
    /// Whether the stub fails instead of answering, with ``StubFailure``.
    public var fails: Bool

    /// A stub that answers `delay` after it is called, or fails then.
    public init(delay: Duration = .zero, fails: Bool = false) {
        self.delay = delay
        self.fails = fails
    }

    /// Answers at once, as a synchronous stub does.
    public static let immediate = StubBehavior()

    /// `answer` to the require named `require`, after the delay; or the failure. A cancelled
    /// wait throws `CancellationError`.
    @MainActor
    func answer<Answer>(_ answer: Answer, to require: String) async throws -> Answer {
        if delay > .zero {
            try await WorkClock.current.sleep(for: delay)
        }
        if fails {
            throw StubFailure(require: require)
        }
        return answer
    }
}

/// The failure of a stub told to fail (``StubBehavior/fails``).
public struct StubFailure: Error, CustomStringConvertible {
    /// The require, as `Component.require_name`.
    public let require: String

    /// What failed, for the screen's failure line.
    public var description: String { "the stub of \(require) was told to fail" }
}

/// The error an async require throws when no router wired it: the counterpart of the
/// "unavailable" screen a synchronous require falls back to.
public struct UnwiredRequire: Error, CustomStringConvertible {
    /// The require, as `Component.require_name`.
    public let require: String

    /// The error for `require`, e.g. `Notes.require_tagCount`.
    public init(_ require: String) {
        self.require = require
    }

    /// What failed, for the screen's failure line: `Notes.require_tagCount is not wired`.
    public var description: String { "\(require) is not wired" }
}
