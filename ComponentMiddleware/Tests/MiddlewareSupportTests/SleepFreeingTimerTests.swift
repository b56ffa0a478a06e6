import MiddlewareSupport
import Testing

/// The wait behind a stub's delay and a load's time limit: it ends on time, or when cancelled. The
/// time limit catches a wait that does not end (an hour, here); wall-clock bounds tighter than it
/// would fail when the rest of the suite keeps the machine's two cores busy.
///
/// The limit runs from when the test is started, which is not when it gets a thread: the test run's
/// slow tests (a scaffolded package's build) each hold one of the two cooperative threads for minutes, and on
/// a loaded machine this suite's tests waited out a two-minute limit without running.
@Suite("Sleep that frees its timer", .timeLimit(.minutes(10)))
struct SleepFreeingTimerTests {
    @Test func itWaitsItsDuration() async throws {
        let start = ContinuousClock.now
        try await Task.sleepFreeingTimer(for: .milliseconds(50))
        #expect(ContinuousClock.now - start >= .milliseconds(49))
    }

    @Test(arguments: [Duration.zero, .seconds(-5), .nanoseconds(1)])
    func aDurationOfNothingOrLessEndsWithoutThrowing(_ duration: Duration) async {
        await #expect(throws: Never.self) { try await Task.sleepFreeingTimer(for: duration) }
    }

    /// An hour (or 292 years, past what the timer counts) cut short by cancelling the task.
    @Test(arguments: [Duration.seconds(3_600), .seconds(Int64.max)])
    func cancellingEndsTheWaitWithCancellationError(_ duration: Duration) async {
        let sleeper = Task { try await Task.sleepFreeingTimer(for: duration) }
        try? await Task.sleep(for: .milliseconds(20))  // most runs cancel it while it waits
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test func aTaskAlreadyCancelledDoesNotWait() async {
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Task.sleepFreeingTimer(for: .seconds(3_600))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    /// Many waits cancelled in every order against their timers: each ends once (a second resumption
    /// would trap), either on time or with `CancellationError`.
    @Test func manyWaitsCancelledAsTheyEndEachEndOnce() async {
        let ended = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<2_000 {
                group.addTask {
                    let sleeper = Task { try await Task.sleepFreeingTimer(for: .microseconds(index % 50)) }
                    if index.isMultiple(of: 2) { sleeper.cancel() }
                    switch await sleeper.result {
                    case .success: return true
                    case .failure(let error): return error is CancellationError
                    }
                }
            }
            return await group.reduce(into: 0) { count, endedWell in count += endedWell ? 1 : 0 }
        }
        #expect(ended == 2_000)
    }
}
