import Foundation
import MiddlewareSupport

/// A clock whose time moves only when a test moves it (``advance(by:)``), so a test of loading sets
/// a time limit of an hour and runs it out at once, and a stub's delay takes no real time.
///
/// A wait ends when the clock reaches its deadline, in the order of the deadlines, or at once when
/// its task is cancelled. ``workClock`` is the `WorkClock` a load takes its time from.
public final class ManualClock: Clock, @unchecked Sendable {
    // Sendable: `time` and `sleepers` are read and written only holding `lock`.
    private let lock = NSLock()
    private var time = Duration.zero
    private var sleepers: [Sleeper] = []
    private var nextSleeper = 0

    /// A point of the clock's time: the time since the clock started.
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// A clock at zero.
    public init() {}

    public var now: Instant { lock.withLock { Instant(offset: time) } }
    public var minimumResolution: Duration { .zero }

    /// The clock as loads and stubs take their time from it, counting from the clock's zero.
    public var workClock: WorkClock { WorkClock(self, from: Instant(offset: .zero)) }

    /// How many waits have not ended: a test waits for the work it started to be waiting before it
    /// moves the clock (``waitForSleepers(_:)``).
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id: Int? = lock.withLock {
            guard deadline.offset > time else { return nil }
            defer { nextSleeper += 1 }
            return nextSleeper
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ended: Result<Void, any Error>? = lock.withLock {
                    // Cancelled between the registration and here: the handler found nothing to end.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    // The clock moved past the deadline meanwhile: that move found nothing to wake.
                    if deadline.offset <= time { return .success(()) }
                    sleepers.append(Sleeper(id: id, deadline: deadline.offset, continuation: continuation))
                    return nil
                }
                if let ended { continuation.resume(with: ended) }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration`, ending every wait whose deadline it reaches, earliest first,
    /// and then gives the woken work a moment to run.
    public func advance(by duration: Duration) async {
        move(by: duration)
        await Self.settle()
    }

    /// Moves the clock on by `duration` and ends every wait whose deadline it reaches, earliest first,
    /// without waiting for what they run: as time passes while work holds its thread (a computation
    /// on the main actor that a timer cannot interrupt). Time never goes back: a negative duration
    /// moves it nowhere.
    public func move(by duration: Duration) {
        let woken: [Sleeper] = lock.withLock {
            time += max(.zero, duration)
            let due = sleepers.filter { $0.deadline <= time }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            sleepers.removeAll { $0.deadline <= time }
            return due
        }
        for sleeper in woken {
            sleeper.continuation.resume()
        }
    }

    /// Waits, in real time but at most `limit`, until `count` waits are pending: the work the test
    /// started has reached its sleep, so moving the clock now ends it. Returns whether they are.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, limit: Duration = .seconds(10)) async -> Bool {
        let end = ContinuousClock.now + limit
        while sleeperCount < count {
            guard ContinuousClock.now < end else { return false }
            await Self.settle()
        }
        return true
    }

    /// Lets other tasks run: yields a few times, then a millisecond of real time for work on other
    /// threads.
    private static func settle() async {
        for _ in 0..<10 { await Task.yield() }
        try? await Task.sleep(for: .milliseconds(1))
    }

    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }
}
