import Foundation
import MallBase
import MallNavigator
import MallRouting
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Shop
import ShopRouter
import ShopRoutes
import Testing

@testable import Event
@testable import Groupbuy
@testable import Mall

/// The app's route table, built as at launch.
@MainActor
private func appRoutes() -> [AnyRoute<Screen>] {
    MallApp(routers: fourComponentRouters(links:)).links.table.routes
}

/// A routes configuration file for one test, removed afterwards by the caller.
private func configurationFile(_ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("routes-\(UUID()).json")
    try Data(text.utf8).write(to: url)
    return url
}

@MainActor
@Suite("Routes in the app", .freshComponents(everyComponent))
struct RouteTests {
    nonisolated static let externalCount = 9
    nonisolated static let internalPatterns = [
        "mall://appointment/booking", "mall://coupon/detail", "mall://coupon/used", "mall://shell/bill",
        "mall://shell/web",
    ]

    @Test func theTableIsSoundAndDeniesByDefault() {
        let routes = appRoutes()
        #expect(MallApp(routers: fourComponentRouters(links:)).links.table.problems == [])
        #expect(routes.filter { $0.exposure == .external }.count == Self.externalCount)
        #expect(routes.filter { $0.exposure == .internal }.map(\.pattern).sorted() == Self.internalPatterns)
    }

    /// The table of the app as built: every component `Routers.entries` lists, also one `new-component`
    /// added, whose routes no launch checks.
    @Test func theTableOfTheAppAsBuiltIsSound() {
        let app = MallApp()
        #expect(app.links.table.routes.count >= appRoutes().count)
        #expect(app.links.table.problems == [])
    }

    @Test func everyRouteRoundTripsAndOpensAScreenOfTheProvideItNames() throws {
        let table = MallApp(routers: fourComponentRouters(links:)).links.table
        for route in table.routes {
            let (found, link) = try table.resolve(route.exampleURL, from: .inside)
            #expect(found.pattern == route.pattern)
            #expect(link.url == route.exampleURL, "\(route.pattern) writes its example back differently")
            let owner = route.provide.prefix { $0 != "." && $0 != ":" }
            let screen = link.open()
            #expect(screen.origin == String(owner), "\(route.pattern) names \(route.provide)")
            #expect(screen.title != "Unavailable" && !screen.title.hasSuffix("not found"), "\(route.exampleURL)")
        }
    }

    @Test func everyExternalRouteOpensFromOutsideWithHomeUnderneath() async throws {
        for route in appRoutes() where route.exposure == .external {
            let expected = try MallApp(routers: fourComponentRouters(links:)).links
                .screen(for: route.exampleURL, from: .outside).get()
            let run = await runShell(["open", route.exampleURL], input: ["b", "q"])
            #expect(run.status == .success)
            #expect(run.errors == "")
            #expect(run.output.screenTitles == [expected.title, "Mall"], "\(route.exampleURL)")
            #expect(run.output.breadcrumbs.first == "Mall › \(expected.title)")
        }
    }

    @Test(arguments: internalPatterns)
    func internalRoutesAreRefusedFromOutsideWithNothingShown(pattern: String) async throws {
        let route = try #require(appRoutes().first { $0.pattern == pattern })
        let run = await runShell(["open", route.exampleURL])
        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(
            run.errors
                == "Error: '\(pattern)' opens only from inside the app, never from a link;"
                + " run 'mall routes' to list the routes a link may open\n")
    }

    @Test(arguments: [
        ("mall://shop/detial?shopId=s01", "Error: no route 'mall://shop/detial'; did you mean 'mall://shop/detail'?"),
        (
            "https://shop/detail?shopId=s01",
            "Error: 'https://' links do not open in this app; links to this app start with mall://"
        ),
        ("mall://shop/detail", "Error: parameter 'shopId' is missing; shopId is 1–64 letters, digits, '-' or '_'"),
        (
            "mall://shop/detail?shopId=s01&shopId=s02",
            "Error: parameter 'shopId' is given twice; give each parameter once"
        ),
        (
            "mall://shop/detail?shopId=s01&floor=L1",
            "Error: 'mall://shop/detail' takes no parameter 'floor'; it takes 'shopId'"
        ),
        (
            "mall://event/detail?eventId=e01&eventType=party",
            "Error: 'party' is not a valid eventType; eventType is one of promotion, tasting, workshop, launch"
        ),
        (
            "mall://shop/detail?shopId=s%2",
            "Error: the value of 'shopId' has bad percent-encoding; write '%' as %25, and escape bytes as %XX with two hex digits forming UTF-8"
        ),
        (
            "mall://shop/detail?shopId=s01\u{202E}",
            "Error: the URL contains the control character U+202E; links are printable text; control characters are never accepted, even percent-encoded"
        ),
        (
            TestText("mall://shop/detail?shopId=" + String(repeating: "1", count: 2_100)),
            "Error: the URL is 2126 bytes long; links are at most 2048 bytes"
        ),
    ])
    func malformedLinksExitTwoAndShowNothing(url: TestText, message: String) async {
        let run = await runShell(["open", url.text])
        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(run.errors == message + "\n")
    }

    @Test func aLinkToARecordThatDoesNotExistOpensNotFound() async {
        let run = await runShell(["open", "mall://shop/detail?shopId=s99"], input: ["q"])
        #expect(run.status == .success)
        #expect(run.output.screenTitles == ["Shop not found"])
    }

    /// A near miss of an internal route is not suggested: the suggestion would be refused in turn.
    @Test func aLinkIsSuggestedOnlyARouteThatWouldOpen() async {
        let run = await runShell(["open", "mall://shell/bill/?merchantNo=M1001&itemNo=bill"])
        #expect(run.status == .usage)
        #expect(run.errors == "Error: no route 'mall://shell/bill/'; run 'mall routes' to list the routes\n")
        let inside = await runShell(input: ["open mall://shell/bil", "q"])
        #expect(
            inside.output.errorLines == [
                "Error: no route 'mall://shell/bil'; check the link, or choose an action on this screen"
            ])
    }

    @Test func openInASessionPushesExternalRoutesAndRefusesTheRestWithTheScreenKept() async {
        let run = await runShell(input: [
            "1", "open mall://event/detail?eventId=e01&eventType=workshop", "b",
            "open mall://shell/bill?merchantNo=M1&itemNo=x", "open mall://shop/detial", "open", "q",
        ])
        #expect(
            run.output.screenTitles == ["Mall", "Shops", "Latte Art Morning", "Shops", "Shops", "Shops", "Shops"])
        #expect(run.output.breadcrumbs[2] == "Mall › Shops › Latte Art Morning")
        #expect(
            run.output.errorLines == [
                "Error: 'mall://shell/bill' opens only from inside the app, never from a link; choose an action on a screen to get there",
                "Error: no route 'mall://shop/detial'; did you mean 'mall://shop/detail'?",
                "Error: open needs a URL; type open mall://shop/detail?shopId=s01",
            ])
    }

    @Test func aLinkOpensBeneathAScriptAndHelpListsOpen() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("script-\(UUID()).txt")
        try Data("?\nb\nq\n".utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let run = await runShell(["open", "mall://groupbuy/info?gbId=g02", "--script", script.path])
        #expect(run.status == .success)
        #expect(run.output.screenTitles == ["Dumpling Feast for Four", "Dumpling Feast for Four", "Mall"])
        #expect(
            run.output.contains(
                "  open URL   open a link as another app would, e.g. open mall://shop/detail?shopId=s01\n"))
    }

    /// The table's checks are this test's work, not a launch's: a route declared twice is a problem of
    /// the table, and the app still launches, the first declaration opening the links.
    @Test func anUnsoundTableIsFoundHereAndTheLaunchGoesOn() async {
        /// Shop's router, declaring its detail route a second time.
        struct DoublingShopRouter: ComponentRouter {
            let base: ShopRouter
            var component: Shop { base.component }
            var homeEntry: Action { base.homeEntry }
            static var routes: [AnyRoute<Screen>] { ShopRouter.routes + [ShopRoutes.detail.erased] }
            func wire(_ wiring: Wiring<Self>) -> Wired<Shop> { wiring.include(base) }
            var links: any RouteOpening { base.links }
        }
        let routers: @MainActor (Links) -> [any ComponentRouter] = { links in
            [DoublingShopRouter(base: ShopRouter(links: links))] + Array(fourComponentRouters(links: links).dropFirst())
        }
        #expect(MallApp(routers: routers).links.table.problems == ["'mall://shop/detail' is declared twice"])
        let run = await runShell(input: ["q"], routers: routers)
        #expect(run.status == .success)
        #expect(run.errors == "")
    }

    // MARK: Downgrade

    private static let downgrade = """
        {"downgrade": {
          "mall://shop/detail": "https://m.mall.example/shop/{shopId}",
          "mall://appointment/booking": "https://m.mall.example/booking/{serialNo}?order={orderNo}"
        }}
        """

    @Test func aDowngradedRouteOpensTheWebPageByURLAndByEveryRequire() async throws {
        let file = try configurationFile(Self.downgrade)
        defer { try? FileManager.default.removeItem(at: file) }
        // By URL, and by Event's "Visit the shop" (Event.require_shopDetail).
        let run = await runShell(
            ["open", "mall://shop/detail?shopId=s01", "--routes-config", file.path], input: ["b", "2", "1", "2", "q"])
        #expect(run.status == .success)
        #expect(run.output.screenTitles == ["Web page", "Mall", "Events", "Latte Art Morning", "Web page"])
        #expect(run.output.components(separatedBy: "Opens https://m.mall.example/shop/s01\n").count == 3)
        // The same file through the environment, as a server push would set it.
        let pushed = await runShell(
            ["open", "mall://shop/detail?shopId=s02"], input: ["q"],
            environment: [Links.configurationVariable: file.path])
        #expect(pushed.output.contains("Opens https://m.mall.example/shop/s02\n"))
    }

    @Test func downgradedRequiresEncodeEveryValue() throws {
        let links = Links()
        links.configuration = try RouteConfiguration.parse(
            Data(Self.downgrade.utf8), source: "test",
            routes: [
                ("mall://shop/detail", ["shopId"]), ("mall://appointment/booking", ["serialNo", "orderNo"]),
            ])
        _ = MallApp(links: links, routers: fourComponentRouters(links:)).routers
        let booking = try #require(Shop.shared.require_appointmentBookDetail?("../admin?x=1#y", "a&b=c/d"))
        #expect(booking.title == "Web page")
        #expect(
            booking.body.first == "Opens https://m.mall.example/booking/%2E%2E%2Fadmin%3Fx%3D1%23y?order=a%26b%3Dc%2Fd")
        #expect(booking.link?.route == "mall://appointment/booking")
        let favouriting = try #require(Groupbuy.shared.require_shopDetail?("@evil.example") { _ in })
        #expect(favouriting.body.first == "Opens https://m.mall.example/shop/%40evil%2Eexample")
        // Routes not downgraded still open natively.
        let event = try #require(Shop.shared.require_eventDetail?("e01", .workshop))
        #expect(event.origin == "Event")
    }

    @Test(arguments: [
        (
            #"{"downgrade": {"mall://shop/detial": "https://m.mall.example/"}}"#,
            "downgrade['mall://shop/detial']: no such route; did you mean 'mall://shop/detail'?"
        ),
        (
            #"{"downgrade": {"mall://nope/at/all": "https://m.mall.example/"}}"#,
            "downgrade['mall://nope/at/all']: no such route; run 'mall routes' to list them"
        ),
        (
            #"{"downgrade": {"mall://shop/detail": "https://m.mall.example/{shopID}"}}"#,
            "downgrade['mall://shop/detail']: unknown placeholder {shopID}; the route takes {shopId}"
        ),
        (
            #"{"downgrade": {"mall://shop/detail": "http://m.mall.example/"}}"#,
            "downgrade['mall://shop/detail']: it is not an https:// address"
        ),
        (#"{"downgrade": "#, "not valid JSON (Unexpected end of file during JSON parse.)"),
    ])
    func aBadConfigurationStopsTheLaunchNamingTheKey(text: String, problem: String) async throws {
        let file = try configurationFile(text)
        defer { try? FileManager.default.removeItem(at: file) }
        let given = await runShell(["--routes-config", file.path], input: ["q"])
        #expect(given.status == .usage)
        #expect(given.output == "")
        #expect(given.errors == "Error: routes config '\(file.path)': \(problem)\n")
        let pushed = await runShell(input: ["q"], environment: [Links.configurationVariable: file.path])
        #expect(pushed.status == .usage)
        #expect(pushed.output == "")
        #expect(
            pushed.errors
                == "Error: routes config '\(file.path)': \(problem)\n"
                + "MALL_ROUTES_CONFIG names this file; fix it, or unset the variable to start without it.\n")
    }

    @Test func homeScreenEntriesGoThroughTheirRoutesToo() async throws {
        let file = try configurationFile(#"{"downgrade": {"mall://event/list": "https://m.mall.example/events"}}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = await runShell(["--routes-config", file.path, "--trace"], input: ["2", "q"])
        #expect(run.output.screenTitles == ["Mall", "Web page"])
        #expect(run.output.contains("Opens https://m.mall.example/events\n"))
        #expect(run.errors.contains("trace: push 'Web page' (Shell) depth 1 mall://event/list\n"))
    }

    @Test func theTourShowsNativeScreensWhateverTheEnvironmentSays() async throws {
        let file = try configurationFile(
            #"{"downgrade": {"mall://shop/detail": "https://m.mall.example/shop/{shopId}"}}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let pushed = await runShell(["--tour"], environment: [Links.configurationVariable: file.path])
        #expect(pushed.status == .success)
        #expect(!pushed.output.contains("== Web page =="))
        let given = await runShell(["--tour", "--routes-config", file.path])
        #expect(given.status == .usage)
        #expect(
            given.errors
                == "Error: --tour walks the native screens and cannot be used with --routes-config\n"
                + "Run 'mall --help' for usage.\n")
    }

    @Test func aRefusedLaunchLinkCreatesNoAnalyticsFile() async {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID()).jsonl")
        let run = await runShell(["open", "mall://nowhere", "--analytics", file.path])
        #expect(run.status == .usage)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func theOptionWinsOverTheEnvironment() async throws {
        let file = try configurationFile(#"{"downgrade": {}}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = await runShell(
            ["--routes-config", file.path], input: ["q"], environment: [Links.configurationVariable: "/no/such/file"])
        #expect(run.status == .success)
    }

    // MARK: Hooks

    @Test func traceShowsEveryNavigationWithTheFirstScreenAndHome() async {
        let run = await runShell(
            ["--trace"], input: ["1", "1", "2", "b", "open mall://groupbuy/info?gbId=g01", "h", "q"])
        #expect(
            run.errors.split(separator: "\n") == [
                "trace: start 'Mall' (Shell) depth 0",
                "trace: push 'Shops' (Shop) depth 1 mall://shop/finder",
                "trace: push 'Blue Bottle Coffee' (Shop) depth 2",
                "trace: push 'Latte Art Morning' (Event) depth 3 mall://event/detail?eventId=e01&eventType=workshop",
                "trace: back 'Blue Bottle Coffee' (Shop) depth 2",
                "trace: open 'Coffee for Two' (Groupbuy) depth 3 mall://groupbuy/info?gbId=g01",
                "trace: home 'Mall' (Shell) depth 0",
            ])
    }

    @Test func analyticsAppendsOneObjectPerScreenView() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\"kept\":true}\n".utf8).write(to: file)
        let run = await runShell(
            ["open", "mall://shop/detail?shopId=s01", "--analytics", file.path], input: ["2", "h", "q"])
        #expect(run.status == .success)
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first == "{\"kept\":true}")
        let views = try lines.dropFirst().map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(views.map { $0["kind"] as? String } == ["open", "push", "home"])
        #expect(views.map { $0["screen"] as? String } == ["Blue Bottle Coffee", "Latte Art Morning", "Mall"])
        #expect(views.map { $0["origin"] as? String } == ["Shop", "Event", "Shell"])
        #expect(views[0]["url"] as? String == "mall://shop/detail?shopId=s01")
        #expect(views[1]["route"] as? String == "mall://event/detail")
        #expect(views[2]["route"] == nil)
        for view in views {
            let time = try #require(view["time"] as? String)
            #expect(try Date(time, strategy: .iso8601) <= Date())
        }
    }

    @Test func anAnalyticsFileThatCannotBeWrittenStopsTheLaunch() async {
        let run = await runShell(["--analytics", FileManager.default.temporaryDirectory.path], input: ["q"])
        #expect(run.status == .usage)
        #expect(
            run.errors
                == "Error: cannot write analytics to '\(FileManager.default.temporaryDirectory.path)': it is a folder\n"
        )
        let missing = await runShell(["--analytics", "/no/such/folder/views.jsonl"], input: ["q"])
        #expect(missing.status == .usage)
        #expect(
            missing.errors
                == "Error: cannot write analytics to '/no/such/folder/views.jsonl': No such file or directory\n")
    }

    // MARK: The sign-in guard

    @Test func payingABillAsksForSignInFirstThenOpensTheBill() async {
        let run = await runShell(["--trace"], input: ["1", "1", "8", "1", "b", "8", "q"])
        #expect(
            run.output.screenTitles == [
                "Mall", "Shops", "Blue Bottle Coffee", "Sign in", "Pay the bill", "Blue Bottle Coffee", "Pay the bill",
            ])
        #expect(run.output.contains("→ Signed in as Alex.\n"))
        #expect(run.errors.contains("trace: detour 'Sign in' (Shell) depth 3\n"))
        #expect(
            run.errors.contains(
                "trace: present 'Pay the bill' (Shell) depth 3 mall://shell/bill?merchantNo=M1001&itemNo=bill\n"))
    }

    @Test func cancellingSignInLeavesTheShopAsItWas() async {
        let run = await runShell(input: ["1", "1", "8", "2", "8", "b", "q"])
        #expect(
            run.output.screenTitles == [
                "Mall", "Shops", "Blue Bottle Coffee", "Sign in", "Blue Bottle Coffee", "Sign in", "Blue Bottle Coffee",
            ])
        #expect(run.output.breadcrumbs.last == "Mall › Shops › Blue Bottle Coffee")
        #expect(!run.output.contains("== Pay the bill =="))
    }

    // MARK: The route document

    @Test func routesAsJSONListEveryRouteWithItsParameters() async throws {
        let run = await runShell(["routes", "--format", "json"])
        #expect(run.status == .success)
        let routes = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        #expect(routes.count == Self.externalCount + Self.internalPatterns.count)
        let detail = try #require(routes.first { $0["pattern"] as? String == "mall://shop/detail" })
        #expect(detail["exposure"] as? String == "external")
        #expect(detail["provide"] as? String == "Shop.provide_shopDetail(shopId:)")
        #expect(detail["example"] as? String == "mall://shop/detail?shopId=s01")
        let parameters = try #require(detail["parameters"] as? [[String: Any]])
        #expect(parameters.first?["name"] as? String == "shopId")
        #expect(parameters.first?["type"] as? String == "ShopID")
        #expect(parameters.first?["required"] as? Bool == true)
    }

    @Test func theLinksArticleShowsTheMarkdownDocument() async throws {
        let shown = try documentSection(
            from: "<!-- mall routes --format markdown -->\n", to: "<!-- end of mall routes -->")
        let run = await runShell(["routes", "--format", "markdown"])
        #expect(
            shown == run.output,
            "LinksAndDowngrades.md's routes are stale: replace them with the output of 'swift run mall routes --format markdown'"
        )
    }

    @Test(arguments: [
        (["routes", "--format", "yaml"], "Error: unknown format 'yaml'; use one of text, json, markdown"),
        (["--format", "json"], "Error: --format applies only to 'mall routes' and 'mall graph'"),
        (["routes", "--tour"], "Error: routes and --tour cannot be used together"),
        (["open", "mall://shop/finder", "audit"], "Error: open and audit cannot be used together"),
        (["open"], "Error: open needs a URL: mall open 'mall://shop/detail?shopId=s01'"),
        (["--routes-config"], "Error: --routes-config needs a file or an address: mall --routes-config routes.json"),
        (["--analytics", "--trace"], "Error: --analytics needs a file: mall --analytics views.jsonl"),
        (["--trace", "--trace"], "Error: --trace was given twice; give it once"),
        (["open", "mall://a", "open", "mall://b"], "Error: open was given twice; give it once"),
    ])
    func routeOptionsAreCheckedLikeEveryOther(arguments: [String], message: String) async {
        let run = await runShell(arguments)
        #expect(run.status == .usage)
        #expect(run.errors == message + "\nRun 'mall --help' for usage.\n")
    }
}
