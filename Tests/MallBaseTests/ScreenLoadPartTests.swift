import MallBase
import MallTestSupport
import MiddlewareSupport
import MiddlewareTesting
import Testing

/// A part of a load's work runs out of time alone, a little before the whole load would.
///
/// Time is a ``ManualClock`` the tests move: a limit runs out when a test moves the clock past it,
/// never because a busy machine delayed a timer, and no test waits for real time.
@MainActor
@Suite("A part of a load", .timeLimit(.minutes(1)))
struct ScreenLoadPartTests {
    /// Whether a part's work was cancelled.
    @MainActor final class Flag {
        var isSet = false
    }

    /// What a load made: the part's answer, or why it failed.
    struct Made: Sendable, Equatable {
        var part: String
    }

    /// Starts `work` with a time limit of `limit` on a manual clock, lets `sleepers` waits begin, moves
    /// the clock by each of `steps` in turn, and returns where the load stands once it settled.
    ///
    /// Work that waits after a step waits until a time on the clock, not for a while: a busy machine may
    /// run it after the next step, and its wait must end when it would have.
    private func load(
        _ work: @escaping @MainActor @Sendable () async throws -> Made, limit: Duration, sleepers: Int = 0,
        steps: [Duration] = []
    ) async -> Loadable<Made> {
        let clock = ManualClock()
        let load = ScreenLoad(work)
        let settled = Gate()
        load.start(
            timeLimit: limit, clock: clock.workClock, finished: { settled.open() }, abandoned: { settled.open() })
        #expect(await clock.waitForSleepers(sleepers))
        for step in steps {
            await clock.advance(by: step)
        }
        await settled.wait()
        return load.state(of: Made.self)
    }

    /// A load whose part is `part`, the part's answer or failure its model.
    private func load(
        part: @escaping @MainActor @Sendable () async throws -> String, limit: Duration, sleepers: Int = 0,
        steps: [Duration] = []
    ) async -> Loadable<Made> {
        await load(
            {
                do {
                    return Made(part: try await ScreenLoad.part(part))
                } catch {
                    return Made(part: "failed: " + ScreenLoad.describe(error))
                }
            }, limit: limit, sleepers: sleepers, steps: steps)
    }

    @Test func aPartThatAnswersInTimeGivesItsAnswer() async {
        let state = await load(part: { "answer" }, limit: .seconds(60))
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "answer"))
    }

    /// The part is cut off at 0.95 s of a 1 s limit, when the clock reaches it, and not before.
    @Test func aPartThatRunsOutOfTimeFailsAloneAndTheLoadStillLoads() async {
        let part = Flag()
        // Three waits: the part's own, its timer's and the load's.
        let state = await load(
            part: {
                do {
                    try await WorkClock.current.sleep(for: .seconds(30))
                } catch {
                    part.isSet = true
                    throw error
                }
                return "late"
            }, limit: .seconds(1), sleepers: 3, steps: [.milliseconds(949), .milliseconds(1)])
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "failed: no answer within 0.95 seconds"))
        #expect(part.isSet)
    }

    /// Before the part's time is out it keeps waiting: moving the clock short of it ends nothing.
    @Test func aPartIsNotCutOffBeforeItsTime() async {
        let clock = ManualClock()
        let load = ScreenLoad {
            try await ScreenLoad.part { try await WorkClock.current.sleep(for: .seconds(30)) }
            return Made(part: "late")
        }
        load.start(timeLimit: .seconds(1), clock: clock.workClock, finished: {})
        #expect(await clock.waitForSleepers(3))
        await clock.advance(by: .milliseconds(949))
        #expect(load.isLoading)
        #expect(clock.sleeperCount == 3)
        load.cancel()
    }

    /// The rest of the work may take longer than the margin the part leaves it (50 ms of 1 s): the load
    /// waits for it within its grace (half the limit), as on a busy machine, instead of failing the page.
    @Test func theRestOfTheWorkHasAGraceAfterAPartRanOutOfTime() async {
        let state = await load(
            {
                let part = (try? await ScreenLoad.part { try await WorkClock.current.sleep(for: .seconds(30)) }) == nil
                try await WorkClock.current.sleep(until: .milliseconds(1050))
                return Made(part: part ? "ran out" : "answered")
            },
            // The part runs out at 0.95 s; at 1 s the load's own limit passes and its grace begins; the
            // rest answers at 1.05 s, 100 ms after the part, once the clock passed 1.03 s, where a grace
            // shorter than the rest's time would have failed the load.
            limit: .seconds(1), sleepers: 3,
            steps: [.milliseconds(950), .milliseconds(50), .milliseconds(30), .milliseconds(20)])
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "ran out"))
    }

    /// Past its grace, the rest of the work is cut off too, and the load fails naming its limit.
    @Test func theRestOfTheWorkFailsPastItsGrace() async {
        let state = await load(
            {
                _ = try? await ScreenLoad.part { try await WorkClock.current.sleep(for: .seconds(30)) }
                try await WorkClock.current.sleep(until: .seconds(30))
                return Made(part: "too late")
            }, limit: .seconds(1), sleepers: 3, steps: [.milliseconds(950), .milliseconds(50), .milliseconds(500)])
        guard case .failed(let reason) = state else { return #expect(Bool(false), "\(state)") }
        #expect(reason == "no answer within 1 second")
    }

    @Test func aPartThatFailsGivesItsOwnFailure() async {
        struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
        let state = await load(part: { throw Broken() }, limit: .seconds(60))
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "failed: broken"))
    }

    @Test func outsideALoadAPartJustRuns() async throws {
        #expect(try await ScreenLoad.part { "plain" } == "plain")
    }
}
