import MallBase
import MallTestSupport
import Testing

@testable import MallNavigator

/// Work an action's choice starts, and its end, which comes when the work allows (a file another
/// process locks): a ``Gate`` per test holds it until the test opens it.
@MainActor
@Suite("An action's work", .timeLimit(.minutes(1)))
struct ActionWorkTests {
    /// A session at a terminal on a queue's page (home › Queue), whose "Take" does work, then pushes
    /// the page it made.
    private static func session(gate: Gate) -> (Session, ScriptedTerminal) {
        let queue = Screen(
            title: "Queue", origin: "Test", body: ["3 waiting."],
            actions: [
                .push(
                    "Take",
                    after: {
                        await gate.wait()
                        return Screen(title: "Ticket", origin: "Test", body: ["A008"])
                    }),
                .push("Rules") { Screen(title: "Rules", origin: "Test", body: []) },
            ])
        let home = Screen(title: "Home", origin: "Test", body: ["Start here."], actions: [.push("Queue") { queue }])
        let terminal = ScriptedTerminal(lines: [])
        terminal.isInteractive = true
        let session = Session(home: home, terminal: terminal)
        session.showCurrentScreen()
        session.submit("1")
        return (session, terminal)
    }

    @Test func thePageAnActionMadeOpensWhenItsWorkEnds() async {
        let gate = Gate()
        let (session, terminal) = Self.session(gate: gate)
        session.submit("1")
        gate.open()
        await session.waitForCurrentScreen()
        #expect(session.navigator.breadcrumb == ["Home", "Queue", "Ticket"])
        #expect(!terminal.output.contains("is not opened"))
    }

    @Test func aSecondChoiceWhileTheWorkRunsIsRefused() async {
        let gate = Gate()
        let (session, terminal) = Self.session(gate: gate)
        session.submit("1")
        session.submit("2")
        #expect(
            terminal.output.contains("Error: what you chose is still being done; wait for it, or type b to go back"))
        #expect(session.navigator.current.title == "Queue")
        gate.open()
        await session.waitForCurrentScreen()
        #expect(session.navigator.breadcrumb == ["Home", "Queue", "Ticket"])
    }

    @Test func thePageIsNotOpenedWhereTheUserWentMeanwhile() async {
        let gate = Gate()
        let (session, terminal) = Self.session(gate: gate)
        session.submit("1")
        session.submit("b")
        gate.open()
        await session.waitForCurrentScreen()
        #expect(session.navigator.breadcrumb == ["Home"])
        #expect(terminal.output.contains("→ Done; 'Ticket' is not opened, as you left the screen first"))
    }

    /// `h` on the home screen moves nothing, so work chosen there still opens its page there.
    @Test func homeAtHomeIsNoMove() async {
        let gate = Gate()
        let home = Screen(
            title: "Home", origin: "Test", body: [],
            actions: [
                .push(
                    "Take",
                    after: {
                        await gate.wait()
                        return Screen(title: "Ticket", origin: "Test", body: [])
                    })
            ])
        let terminal = ScriptedTerminal(lines: [])
        terminal.isInteractive = true
        let session = Session(home: home, terminal: terminal)
        session.showCurrentScreen()
        session.submit("1")
        session.submit("h")
        gate.open()
        await session.waitForCurrentScreen()
        #expect(session.navigator.breadcrumb == ["Home", "Ticket"])
    }

    /// `q` while an action's work runs, or while a change the session does not own is being saved,
    /// says the change may not be saved; a session asks only what it was told to ask, so one test's
    /// kept state never reaches another test's session.
    @Test func quittingWhileAChangeIsSavedSaysItMayNotBe() async {
        let gate = Gate()
        let (working, workingTerminal) = Self.session(gate: gate)
        working.submit("1")
        working.submit("q")
        #expect(workingTerminal.output.hasSuffix("Bye. A change you made is still being saved; it may not be.\n"))
        gate.open()

        let (saving, savingTerminal) = Self.session(gate: gate)
        saving.isSavingChanges = { true }
        saving.submit("q")
        #expect(savingTerminal.output.hasSuffix("Bye. A change you made is still being saved; it may not be.\n"))

        let (idle, idleTerminal) = Self.session(gate: gate)
        idle.submit("q")
        #expect(idleTerminal.output.hasSuffix("Bye.\n"))
    }
}
