import Foundation

/// Graphviz's `dot`, found on the `PATH`, drawing DOT as SVG.
package enum Graphviz {
    /// What to do when `dot` is not on the `PATH`.
    package static let missing =
        "--graph svg needs Graphviz's 'dot' on the PATH, and there is none; install Graphviz "
        + "(apt-get install graphviz, brew install graphviz), or print DOT with --graph dot"

    /// The SVG `dot -Tsvg` draws for `source`.
    package static func svg(
        fromDOT source: String,
        path: String = ProcessInfo.processInfo.environment["PATH"] ?? ""
    ) throws(LayeringCheckError) -> String {
        let isInstalled = path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/dot")
        }
        guard isInstalled else { throw .graphviz(missing) }
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(["dot", "-Tsvg"], input: source)
        } catch {
            throw .graphviz("cannot run Graphviz's dot: \(error.localizedDescription)")
        }
        guard outcome.status == 0 else {
            let reason = outcome.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .graphviz("Graphviz's dot failed with status \(outcome.status): \(reason)")
        }
        return String(decoding: outcome.output, as: UTF8.self)
    }
}
