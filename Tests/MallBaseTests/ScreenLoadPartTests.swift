import MallBase
import Testing

/// A part of a load's work runs out of time alone, a little before the whole load would.
@MainActor
@Suite("A part of a load")
struct ScreenLoadPartTests {
    /// What a load made: the part's answer, or why it failed.
    struct Made: Sendable, Equatable {
        var part: String
    }

    private func load(part: @escaping @MainActor @Sendable () async throws -> String, limit: Duration) async
        -> Loadable<Made>
    {
        let load = ScreenLoad {
            do {
                return Made(part: try await ScreenLoad.part(part))
            } catch {
                return Made(part: "failed: " + ScreenLoad.describe(error))
            }
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            load.start(timeLimit: limit, finished: { done.resume() }, abandoned: { done.resume() })
        }
        return load.state(of: Made.self)
    }

    @Test func aPartThatAnswersInTimeGivesItsAnswer() async {
        let state = await load(part: { "answer" }, limit: .seconds(10))
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "answer"))
    }

    @Test func aPartThatRunsOutOfTimeFailsAloneAndTheLoadStillLoads() async {
        let started = ContinuousClock.now
        let state = await load(
            part: {
                try await Task.sleep(for: .seconds(30)); return "late"
            }, limit: .milliseconds(200))
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "failed: no answer within 0.2 seconds"))
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aPartThatFailsGivesItsOwnFailure() async {
        struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
        let state = await load(part: { throw Broken() }, limit: .seconds(10))
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "failed: broken"))
    }

    @Test func outsideALoadAPartJustRuns() async throws {
        #expect(try await ScreenLoad.part { "plain" } == "plain")
    }
}
