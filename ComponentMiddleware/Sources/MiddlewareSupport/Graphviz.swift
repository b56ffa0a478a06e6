import Foundation

/// Graphviz's `dot`, found on the `PATH`, drawing DOT as SVG within a time limit.
public enum Graphviz {
    /// Why `dot` drew no SVG.
    public enum Failure: Error, Equatable, Sendable {
        /// No executable `dot` in any folder of the `PATH`.
        case missing
        /// `dot` ran and failed, or could not be started; the message says which, and why.
        case failed(String)
    }

    /// How long `dot` may draw before it is stopped.
    public static let timeLimit = Duration.seconds(60)
    /// The most SVG read back from `dot`, in bytes: a drawing of this package is tens of kilobytes.
    public static let outputLimit = 64 << 20

    /// The SVG `dot -Tsvg` draws for `source`.
    ///
    /// - Parameters:
    ///   - path: Where to look for `dot`: folders separated by `:`, as `PATH` lists them.
    ///   - timeLimit: How long `dot` may run; a `dot` that hangs is killed and reported.
    public static func svg(fromDOT source: String, path: String, timeLimit: Duration = timeLimit)
        throws(Failure) -> String
    {
        guard let dot = executable(named: "dot", in: path) else { throw .missing }
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run([dot, "-Tsvg"], input: source, timeLimit: timeLimit, outputLimit: outputLimit)
        } catch {
            throw .failed("cannot run Graphviz's dot: \(error.localizedDescription)")
        }
        // Its first lines say what went wrong; a runaway dot's megabytes would bury that.
        let reason = outcome.errors.split(separator: "\n").prefix(5).joined(separator: "\n")
        if outcome.timedOut {
            throw .failed("Graphviz's dot (\(dot)) drew nothing within \(timeLimit) and was stopped")
        }
        guard outcome.status == 0, !outcome.wasSignalled else {
            let ending =
                outcome.wasSignalled
                ? "was killed by signal \(outcome.status)" : "failed with status \(outcome.status)"
            throw .failed("Graphviz's dot (\(dot)) \(ending): \(reason)")
        }
        if outcome.outputWasCut {
            throw .failed("Graphviz's dot (\(dot)) wrote more than \(outputLimit >> 20) MB of SVG; it was not read")
        }
        let svg = String(decoding: outcome.output, as: UTF8.self)
        guard svg.contains("<svg") else {
            throw .failed(
                "Graphviz's dot (\(dot)) wrote no SVG: \(reason.isEmpty ? "its output was empty or not SVG" : reason)")
        }
        return svg
    }

    /// The first executable file called `name` in a folder of `path`.
    private static func executable(named name: String, in path: String) -> String? {
        path.split(separator: ":").lazy.map { "\($0)/\(name)" }.first { candidate in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: candidate)
        }
    }
}
