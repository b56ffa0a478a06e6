import Dispatch
import Foundation

extension Task where Success == Never, Failure == Never {
    /// Suspends the current task for `duration`, as `sleep(for:)` does, and when the task is
    /// cancelled throws `CancellationError` at once and frees its timer.
    ///
    /// `sleep(for:)` also ends at once when cancelled, but its timer stays queued, holding about
    /// 0.7 KB, until the time it would have fired: a screen left while it loads would leave one behind
    /// per visit, for as long as the wait (an hour of `--stub-delay`, the load's time limit).
    public static func sleepFreeingTimer(for duration: Duration) async throws {
        try Task.checkCancellation()
        let wake = Wake()
        let timer = DispatchSource.makeTimerSource()
        defer { timer.cancel() }  // frees the timer and its handler, whichever way the wait ended
        timer.schedule(deadline: .now() + .nanoseconds(duration.clampedNanoseconds), leeway: .milliseconds(1))
        timer.setEventHandler { wake.end(with: .success(())) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wake.begin(continuation)
                timer.activate()
            }
        } onCancel: {
            wake.end(with: .failure(Swift.CancellationError()))
        }
    }
}

/// The one resumption of a sleep's continuation, by its timer or by its cancellation, whichever
/// comes first; either may come before the continuation exists.
private final class Wake: @unchecked Sendable {  // Sendable: every property is read and written under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var outcome: Result<Void, any Error>?

    func begin(_ continuation: CheckedContinuation<Void, any Error>) {
        let ended = lock.withLock {
            if outcome == nil { self.continuation = continuation }
            return outcome
        }
        if let ended { continuation.resume(with: ended) }
    }

    func end(with result: Result<Void, any Error>) {
        let waiting: CheckedContinuation<Void, any Error>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = result
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }
}

extension Duration {
    /// The duration in whole nanoseconds, from 0 to `Int.max` (about 292 years).
    fileprivate var clampedNanoseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds > 0 || attoseconds > 0 else { return 0 }
        guard seconds < Int64.max / 1_000_000_000 else { return .max }
        return Int(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
