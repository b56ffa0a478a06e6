import AppointmentRouter
import Event
import EventRouter
import GroupbuyRouter
import MallBase
import MallNavigator
import MallRouting
import MallTestSupport
import MiddlewareSupport
import MiddlewareTesting
import Shop
import ShopRouter
import ShopRoutes
import Testing

@testable import Mall
@testable import Middleware

/// Event's router under another name: a component past the first twelve, so the home screen lists
/// groups. Its lines are Event's own, so getting it ready wires Event as the app does.
@MainActor
private struct Placeholder: ComponentRouter {
    let base: EventRouter
    let componentName: String
    var component: Event { base.component }
    var homeEntry: Action { base.homeEntry }
    static var routes: [AnyRoute<Screen>] { [] }
    var links: any RouteOpening { base.links }
    func wire(_ wiring: Wiring<Self>) -> Wired<Event> { wiring.include(base) }
}

/// What makes an app's routers for its links.
private typealias MakeRouters = @MainActor (Links) -> [any ComponentRouter]

/// The four components and nine placeholders, `event` standing for Event: thirteen, so the home
/// screen lists two groups, Appointment to P03 and P04 to Shop.
@MainActor
private func thirteenRouters(event: @escaping @MainActor (Links) -> any ComponentRouter) -> MakeRouters {
    { links in
        let placeholders = (1...9).map { Placeholder(base: EventRouter(links: links), componentName: "P0\($0)") }
        return [ShopRouter(links: links), event(links), GroupbuyRouter(links: links), AppointmentRouter(links: links)]
            + placeholders
    }
}

/// A launch gets no component ready that its first screen does not show; a component gets ready,
/// wired, when a screen lists it, a route or link opens it, or a wiring line calls its provide.
@MainActor
@Suite("Components got ready when first used", .freshComponents(everyComponent))
struct ComponentRegistryTests {
    private func app() -> MallApp {
        MallApp(links: Links(environment: [:]), routers: thirteenRouters { EventRouter(links: $0) })
    }

    private func ready(_ app: MallApp) -> [String] {
        zip(app.names, app.components.isReady).filter(\.1).map(\.0)
    }

    @Test func theHomeScreenOfGroupsGetsNoComponentReady() throws {
        let app = app()
        let home = app.home
        #expect(home.actions.map(\.title) == ["Appointment – P03 (6 components)", "P04 – Shop (7 components)"])
        #expect(ready(app) == [])
        // Opening a group lists its components' entries, which their routers give: those get ready.
        guard case .push(let open) = try #require(home.actions.first).effect else {
            Issue.record("a group is a push")
            return
        }
        #expect(open().actions.count == 6)
        #expect(ready(app) == ["Event", "Groupbuy", "Appointment", "P01", "P02", "P03"])
        _ = MallApp().routers
    }

    @Test func aRouteGetsItsComponentReadyBeforeItsProvideRuns() {
        let app = app()
        Shop.shared.unwireEveryRequire()
        let screen = app.links.open(ShopRoutes.detail, "s01")
        #expect(ready(app) == ["Shop"])
        #expect(Shop.shared.unwiredRequires == [])
        #expect(screen.title != "Unavailable")
        _ = MallApp().routers
    }

    @Test func aLinkGetsItsComponentReady() throws {
        let app = app()
        _ = try app.links.screen(for: "mall://shop/detail?shopId=s01", from: .outside).get()
        #expect(ready(app) == ["Shop"])
        _ = MallApp().routers
    }

    @Test func aDowngradedRouteGetsNothingReady() throws {
        let app = app()
        let template = try WebTemplate("https://m.mall.example/shop?id={shopId}", parameters: ["shopId"])
        app.links.configuration = RouteConfiguration(downgrades: ["mall://shop/detail": template])
        #expect(app.links.open(ShopRoutes.detail, "s01").title == "Web page")
        #expect(ready(app) == [])
        _ = MallApp().routers
    }

    @Test func aWiringLineGetsTheComponentOfTheProvideItCallsReady() throws {
        let app = app()
        _ = app.components.ready(at: 0)
        #expect(ready(app) == ["Shop"])
        let groupbuys = try #require(Shop.shared.require_allGroupbuy)
        _ = groupbuys([])
        #expect(ready(app) == ["Shop", "Groupbuy"])
        _ = MallApp().routers
    }

    /// An entry named other than its router's component: a provide of the component finds no entry of
    /// its name, so every component gets ready (slower, never wrong), and the audit and --strict refuse it.
    @Test func aMisnamedEntryGetsEverythingReadyAndIsRefused() async throws {
        let placeholders = (1...9).map { number in
            RouterEntry("P0\(number)") { Placeholder(base: EventRouter(links: $0), componentName: "P0\(number)") }
        }
        let entries =
            [
                RouterEntry("Shops") { ShopRouter(links: $0) }, RouterEntry("Event") { EventRouter(links: $0) },
                RouterEntry("Groupbuy") { GroupbuyRouter(links: $0) },
                RouterEntry("Appointment") { AppointmentRouter(links: $0) },
            ] + placeholders
        let app = MallApp(links: Links(environment: [:]), entries: entries)
        Shop.shared.unwireEveryRequire()
        _ = app.links.open(ShopRoutes.detail, "s01")
        #expect(Shop.shared.unwiredRequires == [])
        let error =
            "error: the entry \"Shops\" of Routers.entries makes the router of Shop; name it \"Shop\""
            + " in Shell/Launch/Routers.swift"
        #expect(app.misnamedEntries == [error])
        let terminal = ScriptedTerminal(lines: [])
        #expect(try await MallMode.audit.run(app, terminal: terminal) == .findings)
        #expect(terminal.errorOutput == error + "\n")
        let strict = SessionLaunch(program: "mall", options: SessionOptions(isStrict: true))
        #expect(throws: LaunchFailure(error + " (--strict)", status: .findings)) {
            try app.launchHome(strict, terminal: terminal)
        }
    }

    /// The tour's home lists its four components, so it plays however many the app has.
    @Test func theTourPlaysPastTwelveComponents() async {
        let run = await runShell(["--tour"], routers: thirteenRouters { EventRouter(links: $0) })
        #expect(run.status == .success, "\(run.errors)")
        #expect(run.output.contains("Welcome to the mall. 4 components: Shop, Event, Groupbuy, Appointment."))
        #expect(run.output.contains("# End of the tour."))
    }

    @Test func aHoleIsSaidWhenItsComponentGetsReady() async {
        let routers = thirteenRouters { LeakyEventRouter(links: $0) }
        let quiet = await runShell(input: ["q"], routers: routers)
        #expect(quiet.status == .success)
        #expect(!quiet.errors.contains("not wired"))
        let listed = await runShell(input: ["1", "q"], routers: routers)
        #expect(listed.status == .success)
        #expect(listed.errors.contains("warning: Event.require_shopDetail is not wired"))
        // --strict gets every component ready at launch, and refuses the hole there.
        let strict = await runShell(["--strict"], input: ["q"], routers: routers)
        #expect(strict.status == .findings)
        #expect(strict.errors.contains("Event.require_shopDetail"))
    }
}
