import MallNavigator
import MiddlewareSupport

extension WiringGraph {
    /// What to do when `dot` is not on the `PATH`.
    static let graphvizMissing = """
        Error: --format svg needs Graphviz's 'dot' on the PATH, and there is none.
        Install Graphviz (apt-get install graphviz, brew install graphviz), or print DOT with --format dot.
        """

    /// The graph as `mall graph --format` prints it; SVG is DOT drawn by Graphviz, found on `path`
    /// (folders separated by `:`, as `PATH` lists them).
    func drawn(_ format: GraphFormat, path: String) throws(LaunchFailure) -> String {
        switch format {
        case .mermaid: return rendered(.mermaid)
        case .dot: return rendered(.dot)
        case .json: return rendered(.json)
        case .svg:
            do {
                return try Graphviz.svg(fromDOT: rendered(.dot), path: path)
            } catch {
                switch error {
                case .missing: throw LaunchFailure(Self.graphvizMissing, status: .usage)
                case .failed(let reason): throw LaunchFailure("Error: \(reason)", status: .usage)
                }
            }
        }
    }
}
