import MallBase
import MallNavigator
import Middleware
import Testing

/// A component with one require, standing in for a real one: the navigator knows screens, never components.
@MainActor
private final class Kiosk {
    static let shared = Kiosk()
    var require_ticket: ((_ number: Int) -> Screen)?

    func ticket(_ number: Int) -> Screen {
        require_ticket?(number) ?? .unwired(Self.self)
    }
}

@MainActor
@Suite("Component preview")
struct ComponentPreviewTests {
    private func run(_ arguments: [String], input: [String] = []) -> (status: ExitCode, output: String, errors: String)
    {
        Kiosk.shared.require_ticket = nil
        let app = ComponentPreview.app(of: Kiosk.shared) {
            Screen(
                title: "Kiosk", origin: "Kiosk", body: ["Take a ticket."],
                actions: [.push("Ticket 7") { Kiosk.shared.ticket(7) }])
        }
        let terminal = ScriptedTerminal(lines: input)
        let status = app.run(arguments: arguments) { _ in terminal }
        return (status, terminal.output, terminal.errorOutput)
    }

    @Test func anUnwiredRequireIsNamedFromTheFunctionThatCallsIt() {
        let run = run([], input: ["1", "q"])
        #expect(run.status == .success)
        #expect(run.errors == "warning: Kiosk.require_ticket is not wired; its screens will show 'unavailable'\n")
        #expect(run.output.contains("== Unavailable ==\nKiosk.require_ticket is not wired.\n"))
    }

    @Test(arguments: [
        (["--tour"], "Error: unknown option '--tour'\nRun 'KioskPreview --help' for usage.\n"),
        (
            ["--script"],
            "Error: --script needs a file: KioskPreview --script commands.txt\nRun 'KioskPreview --help' for usage.\n"
        ),
        (
            ["--strict"],
            "warning: Kiosk.require_ticket is not wired; its screens will show 'unavailable'\n"
                + "error: 1 require is not wired (--strict); run 'KioskPreview audit'\n"
        ),
    ])
    func refusalsNameThePreview(arguments: [String], errors: String) {
        let run = run(arguments)
        #expect(run.status != .success)
        #expect(run.errors == errors)
        #expect(run.output.isEmpty)
    }

    @Test func helpDescribesThePreview() {
        let run = run(["--help"])
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("OVERVIEW: Kiosk on its own"))
        #expect(
            run.output.contains(
                "USAGE: KioskPreview [--script <file>] [--strict] [--trace] [--analytics <file>] [--no-color]\n"))
    }

    @Test func aStubNamesTheCallAndWhoAnswersItInTheApp() {
        Kiosk.shared.require_ticket = { number in
            .stub(
                Kiosk.self, "require_ticket", arguments: ["number": number, "kind": EventType.workshop],
                answeredBy: "Queue")
        }
        let screen = Kiosk.shared.ticket(7)
        #expect(screen.title == "Kiosk.require_ticket")
        #expect(screen.origin == "Preview")
        #expect(
            screen.body == [
                "Kiosk.require_ticket(number: 7, kind: workshop)",
                "This preview runs Kiosk alone, so a stub answers this require.",
                "In the app, Queue answers it.",
            ]
        )
        #expect(screen.actions.map(\.title) == ["Back"])
    }

    @Test func stubsShowOptionalsByWhatTheyHold() {
        let screen = Screen.stub(
            Kiosk.self, "require_maybe",
            arguments: ["some": ShopID("s01") as ShopID? as Any, "none": Int?.none as Any],
            answeredBy: "Shop")
        #expect(screen.body.first == "Kiosk.require_maybe(some: s01, none: nil)")
    }

    @Test(arguments: [(["--script", "a", "--script", "a"], "--script"), (["audit", "audit"], "audit")])
    func aModeGivenTwiceIsNamedOnce(arguments: [String], flag: String) {
        let run = run(arguments)
        #expect(run.status == .usage)
        #expect(run.errors == "Error: \(flag) was given twice; give it once\nRun 'KioskPreview --help' for usage.\n")
    }

    @Test func anEmptyScriptFromDevNullEndsTheSession() {
        let run = run(["--script", "/dev/null"])
        #expect(run.status == .success)
        #expect(run.output.hasSuffix("> (end of input)\n"))
    }

    @Test func stubsShowStringsQuotedAndArraysItemByItem() {
        let screen = Screen.stub(
            Kiosk.self, "require_list", arguments: ["ids": [ShopID("s01"), ShopID("s02")], "note": "a \"b\""],
            answeredBy: "Shop")
        #expect(screen.body.first == #"Kiosk.require_list(ids: [s01, s02], note: "a \"b\"")"#)
    }
}
