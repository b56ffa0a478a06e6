import Foundation
import MiddlewareSupport

/// The async work a screen's content (or a part of it) comes from, and where it stands: the model
/// a page renders (seed 001's "a page follows its state": loading, loaded, failed).
///
/// The work is a task the screen owns: the navigator starts it when the screen is shown and
/// cancels it when the screen leaves the stack. A result that comes after a cancellation, or after
/// a newer start, is dropped: never shown, never kept. Every start has a time limit; running out is
/// a failure like any other, and so is content that comes after it (work that computes on the main
/// actor without pausing cannot be interrupted, but its late answer is not shown). A part of the work
/// (``part(_:)``) runs out of time alone, a little before the limit, and the rest of the work then has
/// a grace past the limit to show what it has.
@MainActor
public final class ScreenLoad {
    /// Where the load stands.
    public enum Phase: Sendable {
        /// Not started, or cancelled.
        case idle
        /// Started; the content is not there yet.
        case loading
        /// The work made its model.
        case loaded
        /// Why the work failed, in words for one line.
        case failed(String)
    }

    /// Where the load stands now.
    public private(set) var phase = Phase.idle
    /// The model of the last start that loaded.
    private var model: (any Sendable)?
    private let work: @MainActor @Sendable () async throws -> any Sendable
    private var worker: Task<Void, Never>?
    private var timer: Task<Void, Never>?
    /// Told when the start in flight is cancelled before it settled.
    private var onAbandon: (@MainActor @Sendable () -> Void)?
    /// Counts starts and cancellations, so a result from an earlier one is known and dropped.
    private var generation = 0

    /// Whether the screen loads again each time it comes back on top (a page covered by another and
    /// uncovered, the seed's `viewWillAppear`), for data that may have changed meanwhile.
    public let reloadsWhenShownAgain: Bool

    /// A load of `work`, not started.
    public init<Model: Sendable>(
        reloadsWhenShownAgain: Bool = false, _ work: @escaping @MainActor @Sendable () async throws -> Model
    ) {
        self.reloadsWhenShownAgain = reloadsWhenShownAgain
        self.work = { try await work() }
    }

    /// Where the load stands, with its model as the type the work makes.
    public func state<Model>(of type: Model.Type) -> Loadable<Model> {
        switch phase {
        case .idle, .loading: .loading
        // The work is the one given to `init` with this model type; another type reads as loading.
        case .loaded: (model as? Model).map(Loadable.loaded) ?? .loading
        case .failed(let reason): .failed(reason)
        }
    }

    /// Whether the work runs and its content is not there yet.
    public var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    /// Starts the work, cancelling a start still in flight (a retry); `finished` is called once it
    /// loaded or failed, unless it was cancelled or started again first, and then `abandoned` is.
    ///
    /// - Parameters:
    ///   - timeLimit: The longest the work may take; then it is cancelled and fails.
    ///   - clock: The clock the limit is measured on, which the work (its parts, a stub's delay) takes
    ///     its time from too: the one the caller runs under, unless given.
    public func start(
        timeLimit: Duration, clock: WorkClock = .current, finished: @escaping @MainActor @Sendable () -> Void,
        abandoned: (@MainActor @Sendable () -> Void)? = nil
    ) {
        cancel()
        let generation = self.generation
        let deadline = clock.now + timeLimit
        let timedOut = LoadFailure("no answer within \(timeLimit.seconds)")
        phase = .loading
        onAbandon = abandoned
        let grace = Self.grace(after: timeLimit)
        let running = Running(clock: clock, deadline: deadline, limit: timeLimit, partRanOut: PartRanOut())
        worker = Task { [work] in
            let outcome: Result<any Sendable, LoadFailure>
            do {
                let model = try await WorkClock.$current.withValue(clock) {
                    try await Self.$running.withValue(running) { try await work() }
                }
                // After a part ran out of time, the load's timer alone bounds the rest (by its grace): a
                // main actor kept busy past the grace must not turn the page it finished into a failure.
                let isLate = !running.partRanOut.isSet && clock.now > deadline
                outcome = isLate ? .failure(timedOut) : .success(model)
            } catch {
                outcome = .failure(Self.reason(error))
            }
            self.settle(generation, with: outcome, finished: finished)
        }
        timer = Task {
            do {
                try await clock.sleep(until: deadline)
                // Work whose part ran out of time is showing the rest: it gets the grace to do so.
                if running.partRanOut.isSet {
                    try await clock.sleep(until: deadline + grace)
                }
            } catch {
                return  // cancelled: the work settled first, or the screen left
            }
            self.settle(generation, with: .failure(timedOut), finished: finished)
        }
    }

    /// The deadline and the time limit of the start whose work is running, which ``part(_:)`` bounds a
    /// part of the work by, and where a part says it ran out of time.
    private struct Running: Sendable {
        /// The clock the deadline is on.
        let clock: WorkClock
        let deadline: Duration
        let limit: Duration
        let partRanOut: PartRanOut
    }

    /// Set, once, when a part of a start's work runs out of time. Set from the part's timer, off the
    /// main actor, so a busy main actor cannot keep the load's own timer from seeing it.
    private final class PartRanOut: @unchecked Sendable {
        // Safe to share: the one stored value is read and written only under the lock.
        private let lock = NSLock()
        private var value = false

        var isSet: Bool { lock.withLock { value } }

        func set() { lock.withLock { value = true } }
    }

    @TaskLocal private static var running: Running?

    /// How long after its limit a load whose part ran out of time may still show the rest: half the
    /// limit, at most a second, so a busy machine does not turn one late part into a failed page.
    private static func grace(after limit: Duration) -> Duration {
        min(limit / 2, .seconds(1))
    }

    /// Runs one part of a load's work (a require answered late, among other content) so that it fails
    /// alone when it runs out of time: it is cancelled a little before the whole load's time limit,
    /// with a failure naming the time it had, and the load can still show the rest with that part marked.
    /// Outside a load it just runs `work`.
    public static func part<Value: Sendable>(
        _ work: @escaping @MainActor @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let running else { return try await work() }
        let (instant, limit, clock) = (running.deadline, running.limit, running.clock)
        // The rest of the load has a tenth of the limit, at most 50 ms, and then its grace, to show
        // what it has.
        let margin = min(limit / 10, .milliseconds(50))
        let worker = Task { @MainActor in try await work() }
        let timer = Task {
            // The load's clock frees its timer when cancelled: a part that answers in time cancels it,
            // once per visit of a page, and a plain sleep's timer would stay queued until its time.
            try await clock.sleep(until: instant - margin)
            running.partRanOut.set()
            worker.cancel()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            do {
                return try await worker.value
            } catch {
                // Cancelled by the timer, not by the load's own cancellation: the part ran out of time.
                if !Task.isCancelled, running.partRanOut.isSet {
                    // The time the part had, which is the margin short of the load's limit.
                    throw LoadFailure("no answer within \((limit - margin).seconds)")
                }
                throw error
            }
        } onCancel: {
            worker.cancel()
        }
    }

    /// Cancels the work in flight, if any; the load is idle again and a late result is dropped.
    public func cancel() {
        generation += 1
        worker?.cancel()
        timer?.cancel()
        worker = nil
        timer = nil
        let abandoned = onAbandon
        onAbandon = nil
        if isLoading {
            phase = .idle
            abandoned?()
        }
    }

    /// Records the outcome of the start numbered `generation`, unless a later start or a
    /// cancellation came first.
    private func settle(
        _ generation: Int, with outcome: Result<any Sendable, LoadFailure>, finished: @MainActor () -> Void
    ) {
        guard generation == self.generation, isLoading else { return }
        worker?.cancel()
        timer?.cancel()
        worker = nil
        timer = nil
        onAbandon = nil
        switch outcome {
        case .success(let model):
            self.model = model
            phase = .loaded
        case .failure(let failure): phase = .failed(failure.reason)
        }
        finished()
    }

    /// What `error` says, in one line a terminal shows as it is, as a failed load says it.
    public nonisolated static func describe(_ error: any Error) -> String {
        reason(error).reason
    }

    /// A failure in words for one line.
    private struct LoadFailure: Error, CustomStringConvertible {
        var reason: String
        init(_ reason: String) { self.reason = reason }
        var description: String { reason }
    }

    /// What failed, in one line a terminal shows as it is: the error's own description, its first
    /// line, cut at 200 characters, invisible characters (escape sequences) replaced.
    private nonisolated static func reason(_ error: any Error) -> LoadFailure {
        if let failure = error as? LoadFailure { return failure }
        let line = String(describing: error).prefix { $0 != "\n" && $0 != "\r" }
        let cut = line.count > 200 ? line.prefix(200) + "…" : line
        return LoadFailure(cut.isEmpty ? "the work failed" : String(cut).visible)
    }
}

extension Duration {
    /// The duration in seconds, as a person reads it: `5 seconds`, `0.3 seconds`, `1 second`.
    fileprivate var seconds: String {
        // Under a millisecond reads as one (a limit of 0 would read as no time at all).
        let milliseconds = max(1, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
        let whole = milliseconds / 1000
        let text =
            milliseconds % 1000 == 0
            ? "\(whole)" : "\(whole).\(String(String(milliseconds % 1000 + 1000).dropFirst()).trimmingSuffix("0"))"
        return text == "1" ? "1 second" : "\(text) seconds"
    }
}

extension String {
    fileprivate func trimmingSuffix(_ character: Character) -> String {
        var text = self
        while text.last == character { text.removeLast() }
        return text
    }
}

/// A screen's loaded model as its content sees it: not there yet, there, or what failed.
public enum Loadable<Model> {
    /// The work runs (or has not started).
    case loading
    /// The model the work made.
    case loaded(Model)
    /// Why the work failed, in words for one line.
    case failed(String)
}

extension Loadable: Sendable where Model: Sendable {}
