import Foundation
import MallBase
import MallNavigator
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

/// What the work behind a screen did: how often it started, ran, and saw itself cancelled.
@MainActor
private final class Probe {
    var started = 0
    private(set) var running = 0
    var cancelled = 0
    /// Open while no work runs.
    private var idle = Gate(isOpen: true)

    /// Work that waits `delay` of the load's clock, then answers `content`; a cancellation ends the
    /// wait at once.
    func work(after delay: Duration, _ content: Screen.Content)
        -> @MainActor @Sendable () async throws -> Screen.Content
    {
        { [self] in
            started += 1
            if running == 0 { idle = Gate() }
            running += 1
            defer {
                running -= 1
                if running == 0 { idle.open() }
            }
            do {
                try await WorkClock.current.sleep(for: delay)
            } catch {
                cancelled += 1
                throw error
            }
            return content
        }
    }

    /// Returns once no work runs: cancelled work ends when its task next runs, after the session
    /// that cancelled it has moved on.
    func settle() async {
        await idle.wait()
    }
}

/// A failure whose description is what a screen that failed shows.
private struct ServiceDown: Error, CustomStringConvertible {
    var description: String { "the service is down" }
}

/// A failure whose description would retitle the terminal, colour it and clear it.
private struct Hostile: Error, CustomStringConvertible {
    var description: String { "\u{1B}]0;pwned\u{07}\u{1B}[31mred\u{1B}[2J\nsecond line" }
}

/// Screens that load: `Loading…`, then the content or what failed with `Try again`; the work is
/// the screen's, cancelled when it leaves; a script waits for each screen, a person does not.
///
/// Every session runs on a ``ManualClock``: a load's delay or time limit passes when the test moves
/// the clock (or a paced person's pause does), so no test waits for real time.
@MainActor
@Suite("Screens that load", .timeLimit(.minutes(2)))
struct ScreenLoadTests {
    static let deals = Screen.Content(body: ["2 for 1 on coffee."], actions: [.message("Buy") { "Bought." }])

    /// Runs a session whose home screen's action 1 pushes "Deals", a screen loading with `work`,
    /// with `lines` as the input; returns what it printed.
    /// A time limit no load reaches, even on a machine so loaded that other tests hold the main
    /// actor for seconds, for the tests that are not about the limit.
    static let unreachable = Duration.seconds(600)

    /// A home screen whose one action opens `Deals`, a screen that loads with `work`.
    private static func home(dealsLoading work: @escaping @MainActor @Sendable () async throws -> Screen.Content)
        -> Screen
    {
        Screen(
            title: "Home", origin: "Test", body: ["Start here."],
            actions: [.push("Deals") { Screen(title: "Deals", origin: "Test", loading: work) }])
    }

    /// Runs a session with `lines` as its input on `clock`, which moves by `step` once the Deals
    /// screen's work and its time limit are both waiting.
    private func run(
        _ lines: [String], atTerminal: Bool = false, timeLimit: Duration = unreachable,
        clock: ManualClock = ManualClock(), step: Duration? = nil,
        work: @escaping @MainActor @Sendable () async throws -> Screen.Content
    ) async -> String {
        let home = Self.home(dealsLoading: work)
        let terminal = ScriptedTerminal(lines: lines)
        terminal.isInteractive = atTerminal
        let session = Session(home: home, terminal: terminal)
        session.loadTimeLimit = timeLimit
        let mover = Task {
            guard let step else { return }
            #expect(await clock.waitForSleepers(2))
            await clock.advance(by: step)
        }
        await WorkClock.$current.withValue(clock.workClock) { await session.run() }
        await mover.value
        return terminal.output
    }

    @Test func aScriptWaitsForEachScreenSoItsTranscriptDoesNotDependOnLatency() async {
        let quick = Probe()
        let slow = Probe()
        let fast = await run(
            ["1", "1", "q"], step: .milliseconds(1), work: quick.work(after: .milliseconds(1), Self.deals))
        let late = await run(
            ["1", "1", "q"], step: .milliseconds(300), work: slow.work(after: .milliseconds(300), Self.deals))
        #expect(fast == late)
        // The screen is shown once, loaded: a script reads like a person who waits for each screen.
        #expect(!fast.contains("Loading…"), "\(fast)")
        #expect(fast.contains("== Deals ==\n2 for 1 on coffee.\n\n  1. Buy\n"), "\(fast)")
        // The 1 typed after the screen loaded chose its action; nothing was refused.
        #expect(fast.contains("→ Bought."))
        #expect(!fast.contains("Error:"))
    }

    @Test func aLoadThatNeverEndsIsCutByTheTimeLimitAndSaysSo() async {
        let probe = Probe()
        let output = await run(
            ["1", "q"], timeLimit: .milliseconds(100), step: .milliseconds(100),
            work: probe.work(after: .seconds(3600), Self.deals))
        #expect(output.contains("== Deals ==\nCould not load: no answer within 0.1 seconds\n\n  1. Try again\n"))
        await probe.settle()
        #expect(probe.cancelled == 1, "the work cut by the time limit was not cancelled")
    }

    @Test(arguments: ["1", "r"])
    func aFailureSaysWhatFailedAndTryingAgainLoadsAgain(retry: String) async {
        var attempts = 0
        let output = await run(["1", retry, "q"]) {
            attempts += 1
            guard attempts > 1 else { throw ServiceDown() }
            return Self.deals
        }
        #expect(output.contains("Could not load: the service is down\n\n  1. Try again\n"))
        #expect(output.contains("== Deals ==\n2 for 1 on coffee.\n"))
        #expect(attempts == 2)
    }

    @Test func atATerminalBackDoesNotWaitAndNumbersWaitForTheScreen() async {
        let probe = Probe()
        let output = await run(
            ["1", "1", "b", "q"], atTerminal: true, work: probe.work(after: .seconds(3600), Self.deals))
        await probe.settle()
        #expect(output.contains("Loading…"))
        #expect(
            output.contains("Error: the screen is still loading; wait for it, or type b to go back"), "\(output)")
        #expect(output.hasSuffix("Bye.\n"))
        #expect(probe.started == 1 && probe.cancelled == 1)
    }

    @Test func aResultThatComesAfterTheScreenLeftIsDropped() async {
        // Work that does not stop when cancelled and answers only once its screen has left, however
        // slow the machine: the answer is late by construction.
        let left = Gate()
        let stubborn: @MainActor @Sendable () async throws -> Screen.Content = {
            await left.wait()
            return Self.deals
        }
        let home = Screen(
            title: "Home", origin: "Test", body: ["Start here."],
            actions: [
                .push("Deals") {
                    Screen(title: "Deals", origin: "Test", onDisappear: { left.open() }, loading: stubborn)
                }
            ])
        // A person who opens the deals, leaves at once, and quits half a second later.
        let clock = ManualClock()
        let terminal = PacedTerminal([("1", .zero), ("b", .zero), ("q", .milliseconds(500))], clock: clock)
        await WorkClock.$current.withValue(clock.workClock) { await Session(home: home, terminal: terminal).run() }
        #expect(left.isOpen)
        #expect(terminal.output.contains("Loading…"))
        #expect(!terminal.output.contains("2 for 1 on coffee."), "\(terminal.output)")
        #expect(terminal.output.hasSuffix("Bye.\n"))
    }

    @Test func aScreenCoveredByAnOpenedLinkKeepsLoadingAndShowsItsContentOnTopAgain() async {
        let probe = Probe()
        let home = Self.home(dealsLoading: probe.work(after: .milliseconds(100), Self.deals))
        // A person who opens the deals, opens a link over them at once, and comes back later.
        let clock = ManualClock()
        let terminal = PacedTerminal(
            [("1", .zero), ("open mall://note", .zero), ("b", .milliseconds(300)), ("q", .milliseconds(100))],
            clock: clock)
        await WorkClock.$current.withValue(clock.workClock) {
            await Session(home: home, terminal: terminal, links: NoteLinks()).run()
        }
        #expect(probe.started == 1 && probe.cancelled == 0)
        let afterBack = terminal.output.components(separatedBy: "> b").last ?? ""
        #expect(afterBack.contains("== Deals ==\n2 for 1 on coffee.\n"), "\(terminal.output)")
        #expect(terminal.output.contains("== Note =="))
    }

    @Test func theEndOfInputWhileAScreenLoadsEndsTheSessionAndCancelsTheLoad() async {
        let probe = Probe()
        let output = await run(["1"], atTerminal: true, work: probe.work(after: .seconds(3600), Self.deals))
        await probe.settle()
        #expect(output.contains("Loading…"))
        #expect(probe.running == 0 && probe.cancelled == 1)
    }

    @Test func tenThousandQuickVisitsLeaveNoLoadRunning() async {
        let probe = Probe()
        let visits = Array(repeating: ["1", "b"], count: 10_000).flatMap { $0 }
        let output = await run(visits + ["q"], atTerminal: true, work: probe.work(after: .seconds(3600), Self.deals))
        await probe.settle()
        #expect(output.hasSuffix("Bye.\n"))
        #expect(probe.running == 0)
        #expect(probe.started == 10_000 && probe.cancelled == 10_000)
    }

    @Test func theTraceRecordsALoadCancelledByLeavingAndOneThatFailed() async throws {
        let probe = Probe()
        let slow = Screen(title: "Deals", origin: "Test", loading: probe.work(after: .seconds(3600), Self.deals))
        let broken = Screen(title: "Coupons", origin: "Test") { () async throws -> Screen.Content in
            throw ServiceDown()
        }
        let home = Screen(
            title: "Home", origin: "Test", body: ["Start here."],
            actions: [.push("Deals") { slow }, .push("Coupons") { broken }])
        let launch = SessionLaunch(
            program: "TestPreview", options: SessionOptions(isTracing: true, loadTimeLimit: Self.unreachable))
        // A person who leaves Deals at once, opens Coupons, and quits once it has failed.
        let clock = ManualClock()
        let terminal = PacedTerminal(
            [("1", .zero), ("b", .zero), ("2", .zero), ("q", .milliseconds(300))], clock: clock)
        let session = try launch.session(home: home, links: nil, terminal: terminal)
        try await WorkClock.$current.withValue(clock.workClock) { try await launch.run(session, terminal: terminal) }
        // Standard error is mixed with the screens here: a trace line may follow a prompt.
        let trace = terminal.output.split(separator: "\n").compactMap { line in
            line.range(of: "trace: ").map { line[$0.lowerBound...] }
        }.filter { !$0.hasPrefix("trace: start") }
        #expect(
            trace == [
                "trace: push 'Deals' (Test) depth 1",
                "trace: cancelled 'Deals' (Test)",
                "trace: back 'Home' (Test) depth 0",
                "trace: push 'Coupons' (Test) depth 1",
                "trace: failed 'Coupons' (Test): the service is down",
            ], "\(terminal.output)")
    }

    @Test func whatFailedIsShownWithoutTheTerminalsControlCharactersOnOneLine() async {
        let output = await run(["1", "q"]) { throw Hostile() }
        // Shown as escapes a person can read, as warnings show them.
        #expect(output.contains(#"Could not load: \u{1B}]0;pwned\u{7}\u{1B}[31mred\u{1B}[2J"# + "\n"), "\(output)")
        #expect(!output.contains("\u{1B}") && !output.contains("second line"))
    }

    @Test func contentThatComesAfterTheTimeLimitIsAFailureEvenIfTheWorkHeldTheMainActor() async {
        let clock = ManualClock()
        let output = await run(["1", "q"], timeLimit: .milliseconds(100), clock: clock) {
            await Task.yield()
            // Computes on the main actor for 300 ms without pausing: the timer cannot fire until it is done.
            clock.move(by: .milliseconds(300))
            return Self.deals
        }
        #expect(output.contains("Could not load: no answer within 0.1 seconds"), "\(output)")
        #expect(!output.contains("2 for 1 on coffee."))
    }

    @Test func aNumberTypedWhileTheHomeScreenLoadsIsToldToWaitOrQuit() async {
        let home = Screen(title: "Home", origin: "Test", loading: Probe().work(after: .seconds(3600), Self.deals))
        let terminal = ScriptedTerminal(lines: ["1", "", "q"])
        terminal.isInteractive = true
        await Session(home: home, terminal: terminal).run()
        #expect(terminal.output.contains("Error: the screen is still loading; wait for it, or type q to quit"))
        // An empty line is not a number: it gets the usual answer.
        #expect(terminal.output.contains("Error: empty command"))
    }

    @Test func aProgramThatDrivesTheSessionWaitsForEachScreen() async {
        let probe = Probe()
        let home = Self.home(dealsLoading: probe.work(after: .milliseconds(50), Self.deals))
        let terminal = ScriptedTerminal(lines: [])
        let session = Session(home: home, terminal: terminal)
        session.loadTimeLimit = Self.unreachable
        let clock = ManualClock()
        session.showCurrentScreen()
        WorkClock.$current.withValue(clock.workClock) { session.submit("1") }
        #expect(await clock.waitForSleepers(2))
        await clock.advance(by: .milliseconds(50))
        await session.waitForCurrentScreen()
        #expect(
            terminal.output.hasSuffix(
                "== Deals ==\n2 for 1 on coffee.\n\n  1. Buy\n1 choose · b back · h home · q quit · ? help\n> "))
        session.submit("1")
        // An action's work ends later, as the screen's load does: the program waits for it the same way.
        await session.waitForCurrentScreen()
        #expect(terminal.output.contains("→ Bought."))
        session.end()
        #expect(probe.running == 0)
    }

    @Test(arguments: [("0.1000", 100), ("3600", 3_600_000), ("0.25", 250)])
    func timeoutsAreReadAsDecimalSeconds(text: String, milliseconds: Int) throws {
        let command = try ComponentPreview.parse(["--timeout", text], program: "TestPreview")
        #expect(command == .navigate(SessionOptions(loadTimeLimit: .milliseconds(milliseconds))))
    }

    @Test(arguments: [".5", "1.", "0.05", "3601", "1e3", "+1", " 1", "١", "nan"])
    func timeoutsOutOfRangeOrNotDecimalAreRefused(text: String) {
        #expect(throws: UsageError.self) { try ComponentPreview.parse(["--timeout", text], program: "TestPreview") }
    }

    @Test func aScreenThatDoesNotLoadIsShownAgainByReload() async {
        let output = await run(["r", "q"]) { Self.deals }
        #expect(output.components(separatedBy: "== Home ==").count == 3)
    }
}

/// A person at a terminal who types each line after a pause, the pause passing on `clock`.
@MainActor
private final class PacedTerminal: Terminal {
    let isInteractive = true
    let usesColor = false
    private(set) var output = ""
    private var lines: ArraySlice<(line: String, pause: Duration)>
    private let clock: ManualClock
    private(set) var failure: String?

    init(_ lines: [(line: String, pause: Duration)], clock: ManualClock) {
        self.lines = lines[...]
        self.clock = clock
    }

    func readLine() async -> String? {
        guard let (line, pause) = lines.popFirst() else { return nil }
        await clock.advance(by: pause)
        return line
    }

    func write(_ text: String) { output += text }
    func writeError(_ text: String) { output += text }
    func fail(_ reason: String) { failure = failure ?? reason }
}

/// Links that open one screen, a note, whatever the URL.
@MainActor
private struct NoteLinks: AppLinks {
    func screen(for url: String, from caller: Caller) -> Result<Screen, RouteError> {
        .success(Screen(title: "Note", origin: "Test", body: ["A note."]))
    }
}
