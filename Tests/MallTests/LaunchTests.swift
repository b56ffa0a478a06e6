import AppointmentRouter
import Event
import EventRouter
import Foundation
import GroupbuyRouter
import MallBase
import MallNavigator
import MallRouting
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import ShopRouter
import Testing

@testable import Mall

/// Event's router without its one wiring line: `require_shopDetail` stays unwired.
@MainActor
struct LeakyEventRouter: ComponentRouter {
    let base: EventRouter
    var component: Event { base.component }
    var homeEntry: Action { base.homeEntry }
    static var routes: [AnyRoute<Screen>] { EventRouter.routes }
    func wire(_ wiring: Wiring<Self>) -> Wired<Event> { .partial }
    var links: any RouteOpening { base.links }

    init(links: Links) {
        base = EventRouter(links: links)
    }
}

@MainActor
func routersWithAHole(links: Links) -> [any ComponentRouter] {
    [
        ShopRouter(links: links), LeakyEventRouter(links: links), GroupbuyRouter(links: links),
        AppointmentRouter(links: links),
    ]
}

@MainActor
@Suite("Launch", .freshComponents(everyComponent))
struct LaunchTests {
    @Test func auditExitsZeroWhenEverythingIsWired() async {
        let run = await runShell(["audit"], routers: Routers.all(links:))
        #expect(run.status == .success)
        #expect(run.output.hasSuffix(" are wired.\n"))
    }

    @Test func auditPrintsOneLinePerComponent() async {
        let run = await runShell(["audit"])
        #expect(run.status == .success)
        let counts = fourComponentRequireCounts()
        let lines = counts.map {
            "\($0.component): \($0.count)/\($0.count) require\($0.count == 1 ? "" : "s") wired (ok)\n"
        }
        let total = counts.map(\.count).reduce(0, +)
        #expect(run.output == lines.joined() + "All \(total) requires of 4 components are wired.\n")
    }

    @Test func auditExitsOneAndNamesEveryHole() async {
        let run = await runShell(["audit"], routers: routersWithAHole(links:))
        #expect(run.status == .findings)
        #expect(run.output.contains("Event: 0/1 require wired (1 unwired)\n  Event.require_shopDetail is not wired\n"))
        let total = fourComponentRequireCounts().map(\.count).reduce(0, +)
        #expect(run.output.hasSuffix("1 of \(total) requires is not wired.\n"))
    }

    @Test func launchWarnsAboutHolesAndTheHoleShowsUnavailable() async {
        let run = await runShell(input: ["2", "1", "2", "q"], routers: routersWithAHole(links:))
        #expect(run.status == .success)
        #expect(run.errors == "warning: Event.require_shopDetail is not wired; its screens will show 'unavailable'\n")
        #expect(run.output.screenTitles.last == "Unavailable")
        #expect(run.output.contains("Event.require_shopDetail is not wired."))
    }

    /// The audit reads no routes configuration, from the command line or the environment.
    @Test func auditIgnoresTheRoutesConfigurationVariable() async {
        let run = await runShell(["audit"], environment: ["MALL_ROUTES_CONFIG": "/no/such/routes.json"])
        #expect(run.status == .success)
        #expect(run.errors.isEmpty)
    }

    @Test func strictLaunchFailsOnHoles() async {
        let run = await runShell(["--strict"], input: ["q"], routers: routersWithAHole(links:))
        #expect(run.status == .findings)
        #expect(run.errors.hasSuffix("error: 1 require is not wired (--strict); run 'mall audit'\n"))
        #expect(run.output.isEmpty)
    }

    @Test func strictLaunchRunsWhenEverythingIsWired() async {
        let run = await runShell(["--strict"], input: ["q"])
        #expect(run.status == .success)
        #expect(run.errors.isEmpty)
        #expect(run.output.hasSuffix("> q\nBye.\n"))
    }

    @Test(
        arguments: [
            (["--tuor"], "Error: unknown option '--tuor'; did you mean '--tour'?\nRun 'mall --help' for usage.\n"),
            (["shop"], "Error: unexpected argument 'shop'\nRun 'mall --help' for usage.\n"),
            (["--script"], "Error: --script needs a file: mall --script commands.txt\nRun 'mall --help' for usage.\n"),
            (["--tour", "audit"], "Error: --tour and audit cannot be used together\nRun 'mall --help' for usage.\n"),
            (
                ["--script", "/no/such/file.txt"],
                "Error: cannot read script '/no/such/file.txt': no such file\nRun 'mall --help' for usage.\n"
            ),
            (
                ["--script", "/tmp"],
                "Error: cannot read script '/tmp': it is a directory\nRun 'mall --help' for usage.\n"
            ),
            (
                ["--script", "--strict"],
                "Error: --script needs a file: mall --script commands.txt\nRun 'mall --help' for usage.\n"
            ),
            (["--tour", "--tour"], "Error: --tour was given twice; give it once\nRun 'mall --help' for usage.\n"),
            ([""], "Error: an empty argument; remove the empty quotes\nRun 'mall --help' for usage.\n"),
            (["--help", "--bogus"], "Error: unknown option '--bogus'\nRun 'mall --help' for usage.\n"),
            (["--bogus", "--help"], "Error: unknown option '--bogus'\nRun 'mall --help' for usage.\n"),
            (
                ["--no-color", "--no-color"],
                "Error: --no-color was given twice; give it once\nRun 'mall --help' for usage.\n"
            ),
            (["-h", "--help"], "Error: --help was given twice; give it once\nRun 'mall --help' for usage.\n"),
            (
                ["routes", "--trace"],
                "Error: 'mall routes' does not use --trace; remove it\nRun 'mall --help' for usage.\n"
            ),
            (
                ["graph", "--analytics", "f", "--help"],
                "Error: 'mall graph' does not use --analytics; remove it\nRun 'mall --help' for usage.\n"
            ),
            (
                ["--routes-config", "f", "audit"],
                "Error: 'mall audit' does not use --routes-config; remove it\nRun 'mall --help' for usage.\n"
            ),
        ] as [([String], TestText)])
    func usageErrorsExitTwoWithAClearMessage(arguments: [String], message: TestText) async {
        let run = await runShell(arguments)
        #expect(run.status == .usage)
        #expect(run.errors == message.text)
        #expect(run.output.isEmpty)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], ["--tour", "--help"]])
    func helpPrintsUsage(arguments: [String]) async {
        let run = await runShell(arguments)
        #expect(run.status == .success)
        #expect(run.output.hasPrefix("OVERVIEW: A modular mall app in the terminal"))
        #expect(
            run.output.contains("USAGE: mall [open <url>] [--script <file>] [options]\n       mall --tour [options]\n"))
    }

    @Test func aScriptSplitsLinesAsPipedInputDoes() async throws {
        // U+2028 and a vertical tab stay inside their lines, so no hidden "q" runs.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mall-lines-\(UUID()).txt")
        try "1\u{2028}q\n1\u{0B}q\r1\nq\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = await runShell(["--script", url.path])
        #expect(run.output.screenTitles == ["Mall", "Mall", "Mall", "Shops"])
        #expect(
            run.output.errorLines == [
                "Error: the command contains control characters; choose 1–4, or ? for help",
                "Error: the command contains control characters; choose 1–4, or ? for help",
            ])
    }

    @Test func scriptFileDrivesTheApp() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mall-script-\(UUID()).txt")
        try "1\r\n2\r\nq\r\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = await runShell(["--script", url.path, "--no-color"])
        #expect(run.status == .success)
        #expect(run.output.screenTitles == ["Mall", "Shops", "Din Tai Fung"])
    }
}
