/// The clock that loads, their time limits and stubs' delays take their time from: the continuous
/// clock in an app, a clock the test moves in a test, so no test of loading waits for real time.
///
/// Its instants are durations since the clock was made: a deadline is `clock.now + limit`, and
/// ``sleep(until:)`` waits for one, so a deadline set before its wait starts is never missed.
/// Work reads the clock it runs under from ``current``, which a load sets for the work it starts.
public struct WorkClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (_ deadline: Duration, _ now: Duration) async throws -> Void

    /// The time since the clock was made.
    public var now: Duration { elapsed() }

    /// A clock that reads and waits on `clock`, counting from `start` (its instant now, unless given).
    public init<C: Clock>(_ clock: C, from start: C.Instant? = nil) where C.Duration == Duration {
        let start = start ?? clock.now
        elapsed = { start.duration(to: clock.now) }
        sleeper = { deadline, _ in try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil) }
    }

    /// The continuous clock, whose waits free their timer when cancelled (see
    /// `Task.sleepFreeingTimer(for:)`): a screen left while it loads leaves nothing queued behind.
    public static let continuous: WorkClock = {
        let start = ContinuousClock.now
        return WorkClock(
            elapsed: { ContinuousClock.now - start },
            sleeper: { deadline, now in try await Task.sleepFreeingTimer(for: deadline - now) })
    }()

    private init(
        elapsed: @escaping @Sendable () -> Duration,
        sleeper: @escaping @Sendable (_ deadline: Duration, _ now: Duration) async throws -> Void
    ) {
        self.elapsed = elapsed
        self.sleeper = sleeper
    }

    /// The clock the running work takes its time from: ``continuous`` unless a load or a test set
    /// another for it.
    @TaskLocal public static var current = WorkClock.continuous

    /// Suspends until the clock reads `deadline` or later, at once when it already does; throws
    /// `CancellationError` at once when the task is cancelled.
    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        let now = now
        guard deadline > now else { return }
        try await sleeper(deadline, now)
    }

    /// Suspends for `duration` of the clock's time.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration)
    }
}
