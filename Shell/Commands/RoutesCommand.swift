import MallNavigator
import MiddlewareSupport

/// How `mall routes` prints the table.
enum RouteFormat: String, Equatable, Sendable, CaseIterable {
    /// One block per route, for people.
    case text
    /// An array of route objects, for programs.
    case json
    /// A deep-link document: every external URL with its parameters and an example.
    case markdown
}

/// `mall routes [--format F]`: every route, its exposure, parameters and downgrade.
struct RoutesCommand: Equatable {
    var format = RouteFormat.text
    /// The routes configuration given with `--routes-config`, whose downgrades the table shows.
    var routesConfigPath: String?

    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) async throws(LaunchFailure) -> ExitCode {
        try await app.links.prepareToPrint(routesConfigPath: routesConfigPath)
        terminal.write(app.links.document(format))
        return .success
    }
}
