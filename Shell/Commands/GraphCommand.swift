import MallNavigator
import MiddlewareSupport

/// How `mall graph` draws the wiring.
enum GraphFormat: String, Equatable, Sendable, CaseIterable {
    /// A Mermaid flowchart (GitHub renders it).
    case mermaid
    /// Graphviz DOT.
    case dot
    /// The same facts for programs.
    case json
    /// An SVG picture, drawn by Graphviz's `dot`.
    case svg
}

/// `mall graph [--format F]`: who answers each require, drawn.
struct GraphCommand: Equatable {
    var format = GraphFormat.mermaid
    /// The routes configuration given with `--routes-config`, whose downgrades the graph draws.
    var routesConfigPath: String?

    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) async throws(LaunchFailure) -> ExitCode {
        try await app.links.prepareToPrint(routesConfigPath: routesConfigPath)
        terminal.write(try app.graph.drawn(format, path: app.links.environment["PATH"] ?? ""))
        return .success
    }
}
