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
        let dot = path.split(separator: ":").map { "\($0)/dot" }.first { candidate in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: candidate)
        }
        guard let dot else { throw .graphviz(missing) }
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run([dot, "-Tsvg"], input: source)
        } catch {
            throw .graphviz("cannot run Graphviz's dot: \(error.localizedDescription)")
        }
        // Its first lines say what went wrong; a runaway dot's megabytes would bury that.
        let reason = outcome.errors.split(separator: "\n").prefix(5).joined(separator: "\n")
        guard outcome.status == 0 else {
            throw .graphviz("Graphviz's dot (\(dot)) failed with status \(outcome.status): \(reason)")
        }
        let svg = String(decoding: outcome.output, as: UTF8.self)
        guard svg.contains("<svg") else {
            throw .graphviz(
                "Graphviz's dot (\(dot)) wrote no SVG: \(reason.isEmpty ? "its output was empty or not SVG" : reason)")
        }
        return svg
    }
}
