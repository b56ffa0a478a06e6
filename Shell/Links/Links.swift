import Foundation
import MallBase
import MallNavigator
import MallRouting
import Middleware
import MiddlewareSupport

/// The app's links: the route table every router contributes to, and the downgrades configured for it.
///
/// Everything that leads into a routed provide goes through here: a URL from outside
/// (``screen(for:from:)``) and every require a router answers through a route (``open(_:_:)``). So
/// when a route is downgraded to the web, every way into it opens the web page instead.
@MainActor
final class Links: AppLinks, RouteOpening {
    /// The environment variable naming a routes configuration file, as a server would push one.
    static let configurationVariable = "MALL_ROUTES_CONFIG"

    /// The route table, built from the routes ``install(_:)`` gave the first time a link, a routed
    /// require or a document needs it: a launch to the home screen builds no route.
    var table: RouteTable<Screen> {
        if let built {
            return built
        }
        let table = RouteTable(scheme: mallScheme, routes: routes(self))
        built = table
        return table
    }
    private var routes: @MainActor (Links) -> [AnyRoute<Screen>] = { _ in [] }
    private var built: RouteTable<Screen>?
    /// Hears the name of each provide about to run through these links (a route's, or one a wiring
    /// line calls), so the app can get its component ready first (``MallApp``). A downgraded route
    /// runs no provide, so it is not heard.
    var willCallProvide: (@MainActor (String) -> Void)?
    /// The app's words for the hints of a refused link or routes configuration.
    nonisolated static let help = RouteHelp(
        exampleLink: "\(mallScheme)://shop/detail?shopId=s01", listRoutes: "run 'mall routes'")
    var help: RouteHelp { Self.help }
    /// Which routes open as web pages: the file's, or the last good one a server pushed. Setting it
    /// fixes it: a server's feed no longer applies.
    var configuration: RouteConfiguration {
        get { feed?.configuration ?? fixed }
        set {
            fixed = newValue
            feed = nil
        }
    }
    private var fixed = RouteConfiguration()
    /// The server's feed, when `--routes-config` is an address.
    private(set) var feed: RoutesFeed?
    /// Where `MALL_ROUTES_CONFIG` (and, for `mall graph --format svg`, `PATH`) are read.
    let environment: Environment

    /// Creates links that read the routes configuration variable from `environment`.
    init(environment: Environment = .process) {
        self.environment = environment
    }

    /// Installs the table's routes, read when the table is first needed from what `routes` gives for
    /// these links.
    func install(_ routes: @escaping @MainActor (Links) -> [AnyRoute<Screen>]) {
        self.routes = routes
        built = nil
    }

    /// The screen a require answered through `route` opens: the provide, or its downgraded web page.
    ///
    /// - Parameter native: The screen to open instead of the route's own when the route is not
    ///   downgraded, for a require the route's provide serves with an extra argument (a callback).
    func open<each Value>(
        _ route: MallRoute<repeat each Value>,
        _ values: repeat each Value,
        native: (() -> Screen)? = nil
    ) -> Screen {
        screen(route.pattern, query: route.query(repeat each values), url: route.url(repeat each values)) {
            willCallProvide?(route.provide)
            return native?() ?? route.open(repeat each values)
        }
    }

    func willCall(provideNamed name: String) {
        willCallProvide?(name)
    }

    func screen(for url: String, from caller: Caller) -> Result<Screen, RouteError> {
        do {
            let (route, link) = try table.resolve(url, from: caller)
            return .success(
                screen(route.pattern, query: link.query, url: link.url) { [willCallProvide] in
                    willCallProvide?(route.provide)
                    return link.open()
                })
        } catch {
            return .failure(error)
        }
    }

    /// The route's web page when it is downgraded, its native screen otherwise, tagged with the link.
    private func screen(
        _ pattern: String,
        query: [(name: String, value: String)],
        url: String,
        native: () -> Screen
    ) -> Screen {
        let screen =
            configuration.downgrades[pattern].map { WebPageScreen.make(url: $0.address(for: query)) } ?? native()
        return screen.linked(route: pattern, url: url)
    }

    /// The route table as `mall routes` prints it.
    func document(_ format: RouteFormat) -> String {
        RouteDocument(routes: table.routes, downgrades: configuration.downgrades).render(format)
    }

    /// The screen a launch URL opens, as a link from another app would; a refusal stops the launch.
    func launchScreen(for url: String) throws(LaunchFailure) -> Screen {
        switch screen(for: url, from: .outside) {
        case .success(let screen): return screen
        case .failure(let error): throw LaunchFailure(error.message(help: help), status: .usage)
        }
    }

    /// ``prepare(routesConfigPath:readsEnvironment:refresh:)`` for a command that prints the routes
    /// once (`mall routes`, `mall graph`): what was fetched must be there, so an address that gives
    /// nothing fails as a file would.
    func prepareToPrint(routesConfigPath: String?) async throws(LaunchFailure) {
        try await prepare(routesConfigPath: routesConfigPath)
        if let warning = feed?.takeWarnings().first {
            throw LaunchFailure("Error: \(warning.subject)", status: .usage)
        }
    }

    /// Applies the routes configuration: the `--routes-config` file or address, else the one
    /// `MALL_ROUTES_CONFIG` names. The table itself is fixed when the app is built, and `RouteTests`
    /// checks it there (``RouteTable/problems``), so no launch spends its time on that. A file that fails a check stops the launch
    /// before anything is shown; an address is fetched once, waiting at most its timeout, and a
    /// failure there is a warning (the app starts with every route native, and the feed tries again).
    ///
    /// - Parameters:
    ///   - readsEnvironment: Whether `MALL_ROUTES_CONFIG` counts; the tour ignores it.
    ///   - refresh: The time between fetches of an address (`--routes-refresh`); refused for a file.
    func prepare(routesConfigPath: String?, readsEnvironment: Bool = true, refresh: Duration? = nil)
        async throws(LaunchFailure)
    {
        let fromEnvironment =
            readsEnvironment ? environment[Self.configurationVariable].flatMap { $0.isEmpty ? nil : $0 } : nil
        guard let given = routesConfigPath ?? fromEnvironment else {
            guard refresh == nil else {
                throw LaunchFailure(
                    "Error: --routes-refresh needs --routes-config <address>\nRun 'mall --help' for usage.",
                    status: .usage)
            }
            return
        }
        let routes = table.routes.map { ($0.pattern, $0.parameters.map(\.name)) }
        let path: String
        switch try RoutesFeed.Source.parse(given) {
        case .address(let url):
            let feed = RoutesFeed(url: url, routes: routes, interval: refresh ?? RoutesFeed.defaultInterval)
            await feed.refresh()
            self.feed = feed
            return
        case .file(let file):
            guard refresh == nil else {
                throw LaunchFailure(
                    "Error: --routes-refresh applies to a routes config fetched from an address, not to the file"
                        + " '\(file.visible)'\nRun 'mall --help' for usage.", status: .usage)
            }
            path = file
        }
        do {
            fixed = try RouteConfiguration.load(from: path, routes: routes, help: help)
        } catch {
            let origin =
                routesConfigPath == nil
                ? "\n\(Self.configurationVariable) names this file; fix it, or unset the variable to start without it."
                : ""
            throw LaunchFailure(error.description + origin, status: .usage)
        }
    }
}
