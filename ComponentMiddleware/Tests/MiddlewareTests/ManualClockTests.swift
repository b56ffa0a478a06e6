import MiddlewareSupport
import MiddlewareTesting
import Testing

/// The clock tests of loading move themselves: waits end when it reaches them, in order, and never
/// before; a cancelled wait ends at once.
@MainActor
@Suite("Manual clock")
struct ManualClockTests {
    /// What woke, in order.
    @MainActor final class Log {
        var woken: [String] = []
    }

    @Test func waitsEndWhenTheClockReachesThemInTheOrderOfTheirDeadlines() async {
        let clock = ManualClock()
        let log = Log()
        let work = clock.workClock
        let late = Task {
            try await work.sleep(until: .seconds(3)); log.woken.append("3 s")
        }
        let early = Task {
            try await work.sleep(until: .seconds(1)); log.woken.append("1 s")
        }
        #expect(await clock.waitForSleepers(2))
        await clock.advance(by: .milliseconds(999))
        #expect(log.woken.isEmpty)
        #expect(clock.sleeperCount == 2)
        await clock.advance(by: .seconds(5))
        _ = await (late.result, early.result)
        #expect(log.woken == ["1 s", "3 s"])
        #expect(work.now == .milliseconds(5999))
    }

    @Test func aDeadlineAlreadyPassedDoesNotWait() async throws {
        let clock = ManualClock()
        await clock.advance(by: .seconds(2))
        try await clock.workClock.sleep(until: .seconds(1))
        try await clock.workClock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aCancelledWaitEndsAtOnceAndLeavesNothingBehind() async {
        let clock = ManualClock()
        let work = clock.workClock
        let sleeper = Task { try await work.sleep(for: .seconds(3600)) }
        #expect(await clock.waitForSleepers())
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
        // A task cancelled before it waits does not wait at all.
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await work.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }

    @Test func movingTheClockWakesWaitsWithoutWaitingForThem() async {
        let clock = ManualClock()
        let work = clock.workClock
        let sleeper = Task { try await work.sleep(for: .seconds(1)) }
        #expect(await clock.waitForSleepers())
        clock.move(by: .seconds(1))
        #expect(clock.sleeperCount == 0)
        #expect(work.now == .seconds(1))
        #expect((try? await sleeper.value) != nil)
    }

    /// A wait that begins on another thread while the clock moves past its deadline ends: the move
    /// may come between the wait's look at the time and its registration, and found nothing to wake.
    @Test func aWaitThatBeginsWhileTheClockMovesPastItsDeadlineEnds() async {
        var stuck = 0
        for _ in 0..<20_000 {
            let clock = ManualClock()
            let work = clock.workClock
            let sleeper = Task.detached { try await work.sleep(until: .seconds(1)) }
            clock.move(by: .seconds(1))
            // A wait still asleep after two seconds is stuck: cancelling it ends the test's wait.
            let guardian = Task {
                try await Task.sleep(for: .seconds(2))
                sleeper.cancel()
            }
            if case .failure = await sleeper.result { stuck += 1 }
            guardian.cancel()
        }
        #expect(stuck == 0)
    }

    @Test func timeNeverGoesBack() async {
        let clock = ManualClock()
        await clock.advance(by: .seconds(1))
        clock.move(by: .seconds(-5))
        #expect(clock.workClock.now == .seconds(1))
    }

    @Test func waitingForSleepersThatNeverComeGivesUp() async {
        #expect(await !ManualClock().waitForSleepers(1, limit: .milliseconds(20)))
    }

    /// Work reads the clock it runs under; outside any, the continuous one, whose waits take real time.
    @Test func workTakesItsTimeFromTheClockItRunsUnder() async throws {
        let clock = ManualClock()
        await clock.advance(by: .seconds(7))
        let now = WorkClock.$current.withValue(clock.workClock) { WorkClock.current.now }
        #expect(now == .seconds(7))
        let start = ContinuousClock.now
        try await WorkClock.current.sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - start >= .milliseconds(20))
    }
}
