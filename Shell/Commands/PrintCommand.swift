import MallNavigator
import MiddlewareSupport

/// A format a printing command writes in: what `--format` chooses.
protocol PrintFormat: RawRepresentable<String>, Equatable, Sendable, CaseIterable {
    /// The format printed without `--format`.
    static var standard: Self { get }

    /// What `app` prints in this format, once its links are prepared.
    @MainActor
    func printed(by app: MallApp) throws(LaunchFailure) -> String
}

/// `mall routes` and `mall graph`: prepares the links as `--routes-config` says (its downgrades are
/// in both), then prints in the format chosen.
struct PrintCommand<Format: PrintFormat>: Equatable {
    var format = Format.standard
    /// The routes configuration given with `--routes-config`, whose downgrades the print shows.
    var routesConfigPath: String?

    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) async throws(LaunchFailure) -> ExitCode {
        try await app.links.prepareToPrint(routesConfigPath: routesConfigPath)
        terminal.write(try format.printed(by: app))
        return .success
    }
}

/// How `mall routes` prints the table.
enum RouteFormat: String, PrintFormat {
    /// One block per route, for people.
    case text
    /// An array of route objects, for programs.
    case json
    /// A deep-link document: every external URL with its parameters and an example.
    case markdown

    static var standard: Self { .text }

    func printed(by app: MallApp) -> String {
        app.links.document(self)
    }
}

/// How `mall graph` draws the wiring: who answers each require.
enum GraphFormat: String, PrintFormat {
    /// A Mermaid flowchart (GitHub renders it).
    case mermaid
    /// Graphviz DOT.
    case dot
    /// The same facts for programs.
    case json
    /// An SVG picture, drawn by Graphviz's `dot`.
    case svg

    static var standard: Self { .mermaid }

    func printed(by app: MallApp) throws(LaunchFailure) -> String {
        try app.graph.drawn(self, path: app.links.environment["PATH"] ?? "")
    }
}
