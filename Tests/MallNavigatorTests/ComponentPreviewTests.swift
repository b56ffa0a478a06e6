import MallBase
import MallNavigator
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

/// A component with one require, standing in for a real one: the navigator knows screens, never components.
@MainActor
private final class Kiosk: ComponentAPI {
    static let shared = Kiosk()
    var require_ticket: ((_ number: Int, _ kind: EventType) -> Screen)?
    var require_maybe: ((_ some: ShopID?, _ none: Int?) -> Screen)?
    var require_list: ((_ ids: [ShopID], _ note: String) -> Screen)?
    var require_bookings: ((_ shopId: ShopID) async throws -> [BookingSummary])?

    static let componentName = "Kiosk"
    static let allRequires: [AnyRequire] = [
        AnyRequire(Requires.ticket, labels: ["number", "kind"]),
        AnyRequire(Requires.maybe, labels: ["some", "none"]),
        AnyRequire(Requires.list, labels: ["ids", "note"]),
        AnyRequire(Requires.bookings, labels: ["shopId"]),
    ]

    func ticket(_ number: Int) -> Screen {
        require_ticket?(number, .workshop) ?? .unavailable("Kiosk.require_ticket")
    }
}

/// Kiosk's requires as wiring lines name them, written as the generator writes them.
extension Kiosk {
    @MainActor
    fileprivate enum Requires {
        static var ticket: Require<Kiosk, (_ number: Int, _ kind: EventType) -> Screen> {
            .init("require_ticket", get: { $0.require_ticket }, set: { $0.require_ticket = $1 })
        }
        static var maybe: Require<Kiosk, (_ some: ShopID?, _ none: Int?) -> Screen> {
            .init("require_maybe", get: { $0.require_maybe }, set: { $0.require_maybe = $1 })
        }
        static var list: Require<Kiosk, (_ ids: [ShopID], _ note: String) -> Screen> {
            .init("require_list", get: { $0.require_list }, set: { $0.require_list = $1 })
        }
        static var bookings: Require<Kiosk, (_ shopId: ShopID) async throws -> [BookingSummary]> {
            .init("require_bookings", get: { $0.require_bookings }, set: { $0.require_bookings = $1 })
        }
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
        #expect(await self.run(["audit"]).output.hasSuffix("All 4 requires of 1 component are wired.\n"))
    }

    @Test func anUnwiredRequireShowsTheScreenNamingIt() async {
        _ = await run([])
        Kiosk.shared.unwireEveryRequire()
        #expect(Kiosk.shared.ticket(1).body.first == "Kiosk.require_ticket is not wired.")
    }

    @Test(arguments: [
        (["--tour"], "Error: unknown option '--tour'\nRun 'KioskPreview --help' for usage.\n"),
        (
            ["--stub-delay"],
            "Error: --stub-delay needs a number of seconds: KioskPreview --stub-delay 2\n"
                + "Run 'KioskPreview --help' for usage.\n"
        ),
        // A negative number is a value out of range, not an option: the message gives the range.
        (
            ["--stub-delay", "-1"],
            "Error: --stub-delay needs a number of seconds from 0 to 3600, not '-1': KioskPreview --stub-delay 2\n"
                + "Run 'KioskPreview --help' for usage.\n"
        ),
        (
            ["--stub-delay", "-.5"],
            "Error: --stub-delay needs a number of seconds from 0 to 3600, not '-.5': KioskPreview --stub-delay 2\n"
                + "Run 'KioskPreview --help' for usage.\n"
        ),
        (
            ["--stub-delay", "--stub-fail"],
            "Error: --stub-delay needs a number of seconds: KioskPreview --stub-delay 2\n"
                + "Run 'KioskPreview --help' for usage.\n"
        ),
        (
            ["--stub-delay", "3601"],
            "Error: --stub-delay needs a number of seconds from 0 to 3600, not '3601': KioskPreview --stub-delay 2\n"
                + "Run 'KioskPreview --help' for usage.\n"
        ),
        (
            ["--stub-fails"],
            "Error: unknown option '--stub-fails'; did you mean '--stub-fail'?\nRun 'KioskPreview --help' for usage.\n"
        ),
        (
            ["audit", "--stub-fail"],
            "Error: 'KioskPreview audit' does not use --stub-fail; remove it\nRun 'KioskPreview --help' for usage.\n"
        ),
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
                    + "         [--analytics <file>] [--no-color] [--stub-delay <seconds>] [--stub-fail]\n"))
    }

    @Test func anAsyncRequireIsAnsweredAtOnceByDefault() async throws {
        _ = await run([])
        let require = try #require(Kiosk.shared.require_bookings)
        #expect(try await require("s02") == [BookingSummary(serialNo: "A001", orderNo: "BK-PREVIEW")])
    }

    @Test func stubDelayAnswersAsyncRequiresLater() async throws {
        _ = await run(["--stub-delay", "0.2"])
        let require = try #require(Kiosk.shared.require_bookings)
        let clock = ManualClock()
        let answer = Task { try await WorkClock.$current.withValue(clock.workClock) { try await require("s02") } }
        #expect(await clock.waitForSleepers())
        // Not a moment before the delay.
        await clock.advance(by: .milliseconds(199))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(1))
        #expect(clock.sleeperCount == 0)
        #expect(try await answer.value == [BookingSummary(serialNo: "A001", orderNo: "BK-PREVIEW")])
        // A synchronous require still answers at once.
        #expect(Kiosk.shared.ticket(7).title == "Kiosk.require_ticket")
    }

    @Test func stubFailMakesAsyncRequiresFailAndNamesThem() async throws {
        _ = await run(["--stub-fail"])
        let require = try #require(Kiosk.shared.require_bookings)
        await #expect {
            _ = try await require("s02")
        } throws: { error in
            "\(error)" == "the stub of Kiosk.require_bookings was told to fail"
        }
    }

    @Test func aCancelledDelayEndsTheWaitAtOnce() async throws {
        _ = await run(["--stub-delay", "3600"])
        let require = try #require(Kiosk.shared.require_bookings)
        let task = Task { try await require("s02") }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
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
        #expect(
            screen?.body.last == "In the app, the router in Shell/Wiring/Kiosk/Router/KioskRouter.swift answers it.")
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
