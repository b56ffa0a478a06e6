import MallBase
import Testing

/// A part of a load's work runs out of time alone, a little before the whole load would.
///
/// The limits are generous where the time is not what a test is about: the suite runs beside tests
/// that block the concurrency pool's threads for seconds (a subprocess waited for), which delays
/// every timer in the process; a clock the tests control would remove the real time altogether.
@MainActor
@Suite("A part of a load")
struct ScreenLoadPartTests {
    /// Whether a part's work was cancelled.
    @MainActor final class Cancelled {
        var wasCancelled = false
    }

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
        let state = await load(part: { "answer" }, limit: .seconds(60))
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "answer"))
    }

    @Test func aPartThatRunsOutOfTimeFailsAloneAndTheLoadStillLoads() async {
        let part = Cancelled()
        let state = await load(
            part: {
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    part.wasCancelled = true
                    throw error
                }
                return "late"
            }, limit: .seconds(1))
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "failed: no answer within 0.95 seconds"))
        // Cut short, not waited for: said by the part itself, whatever the time a busy run takes.
        #expect(part.wasCancelled)
    }

    /// The rest of the work may take longer than the margin the part leaves it (50 ms of 1 s): the load
    /// waits for it within its grace (half the limit), as on a busy machine, instead of failing the page.
    @Test func theRestOfTheWorkHasAGraceAfterAPartRanOutOfTime() async {
        let load = ScreenLoad {
            let part = (try? await ScreenLoad.part { try await Task.sleep(for: .seconds(30)) }) == nil
            try await Task.sleep(for: .milliseconds(100))
            return Made(part: part ? "ran out" : "answered")
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            load.start(timeLimit: .seconds(1), finished: { done.resume() }, abandoned: { done.resume() })
        }
        let state = load.state(of: Made.self)
        guard case .loaded(let made) = state else { return #expect(Bool(false), "\(state)") }
        #expect(made == Made(part: "ran out"))
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
