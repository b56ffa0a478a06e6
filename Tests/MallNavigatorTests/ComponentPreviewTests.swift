import MallBase
import MallNavigator
import MallTestSupport
import Middleware
import Support
import Testing

/// A component with one require, standing in for a real one: the navigator knows screens, never components.
@MainActor
private final class Kiosk: ComponentAPI {
    static let shared = Kiosk()
    var require_ticket: ((_ number: Int, _ kind: EventType) -> Screen)?
    var require_maybe: ((_ some: ShopID?, _ none: Int?) -> Screen)?
    var require_list: ((_ ids: [ShopID], _ note: String) -> Screen)?

    static let componentName = "Kiosk"
    static let requirements: [Requirement] = [
        Requirement("require_ticket", \Kiosk.require_ticket, labels: ["number", "kind"]),
        Requirement("require_maybe", \Kiosk.require_maybe, labels: ["some", "none"]),
        Requirement("require_list", \Kiosk.require_list, labels: ["ids", "note"]),
    ]

    func ticket(_ number: Int) -> Screen {
        require_ticket?(number, .workshop) ?? .unavailable("Kiosk.require_ticket")
    }
}

/// Each case holds Kiosk to itself: a case that awaits its run lets another run in between.
@MainActor
@Suite("Component preview", .freshComponents { [Kiosk.shared] })
struct ComponentPreviewTests {
    private func run(
        _ arguments: [String], input: [String] = []
    ) async -> (status: ExitCode, output: String, errors: String) {
        let app = ComponentPreview.app(of: Kiosk.shared, answeredBy: ["require_ticket": "Queue"]) {
            Screen(
                title: "Kiosk", origin: "Kiosk", body: ["Take a ticket."],
                actions: [.push("Ticket 7") { Kiosk.shared.ticket(7) }])
        }
        let terminal = ScriptedTerminal(lines: input)
        let status = await app.run(arguments: arguments) { _ in terminal }
        return (status, terminal.output, terminal.errorOutput)
    }

    @Test func theStubAnswersTheRequireAndTheAuditIsComplete() async {
        let run = await run([], input: ["1", "q"])
        #expect(run.status == .success)
        #expect(run.errors == "")
        #expect(run.output.contains("== Kiosk.require_ticket ==\nKiosk.require_ticket(number: 7, kind: workshop)\n"))
        #expect(await self.run(["audit"]).output.hasSuffix("All 3 requires of 1 component are wired.\n"))
    }

    @Test func anUnwiredRequireShowsTheScreenNamingIt() async {
        _ = await run([])
        Kiosk.shared.unwireEveryRequire()
        #expect(Kiosk.shared.ticket(1).body.first == "Kiosk.require_ticket is not wired.")
    }

    @Test(arguments: [
        (["--tour"], "Error: unknown option '--tour'\nRun 'KioskPreview --help' for usage.\n"),
        (
            ["--script"],
            "Error: --script needs a file: KioskPreview --script commands.txt\nRun 'KioskPreview --help' for usage.\n"
        ),
    ])
    func refusalsNameThePreview(arguments: [String], errors: String) async {
        let run = await run(arguments)
        #expect(run.status != .success)
        #expect(run.errors == errors)
        #expect(run.output.isEmpty)
    }

    @Test func helpDescribesThePreview() async {
        let run = await run(["--help"])
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("OVERVIEW: Kiosk on its own"))
        #expect(
            run.output.contains(
                "USAGE: KioskPreview [--script <file>] [--strict] [--timeout <seconds>] [--trace]\n"
                    + "         [--analytics <file>] [--no-color]\n"))
    }

    @Test func aStubNamesTheCallAndWhoAnswersItInTheApp() async {
        _ = await run([])
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

    @Test func stubsShowOptionalsByWhatTheyHoldAndNameTheRouterWhenNothingElseIsKnown() async {
        _ = await run([])
        let screen = Kiosk.shared.require_maybe?("s01", nil)
        #expect(screen?.body.first == "Kiosk.require_maybe(some: s01, none: nil)")
        #expect(screen?.body.last == "In the app, the router in Shell/Routers/KioskRouter.swift answers it.")
    }

    @Test(arguments: [(["--script", "a", "--script", "a"], "--script"), (["audit", "audit"], "audit")])
    func aModeGivenTwiceIsNamedOnce(arguments: [String], flag: String) async {
        let run = await run(arguments)
        #expect(run.status == .usage)
        #expect(run.errors == "Error: \(flag) was given twice; give it once\nRun 'KioskPreview --help' for usage.\n")
    }

    @Test func anEmptyScriptFromDevNullEndsTheSession() async {
        let run = await run(["--script", "/dev/null"])
        #expect(run.status == .success)
        #expect(run.output.hasSuffix("> (end of input)\n"))
    }

    @Test func stubsShowStringsQuotedAndArraysItemByItem() async {
        _ = await run([])
        let screen = Kiosk.shared.require_list?([ShopID("s01"), ShopID("s02")], "a \"b\"")
        #expect(screen?.body.first == #"Kiosk.require_list(ids: [s01, s02], note: "a \"b\"")"#)
    }
}
