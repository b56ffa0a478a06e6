import Foundation
import MallNavigator
import Middleware

extension WiringGraph {
    /// The graph as `mall graph --format` prints it; SVG is DOT drawn by Graphviz, found on the
    /// `PATH` of `environment`.
    func drawn(_ format: LaunchOptions.GraphFormat, environment: Environment) -> Result<String, LaunchFailure> {
        switch format {
        case .mermaid: .success(rendered(.mermaid))
        case .dot: .success(rendered(.dot))
        case .json: .success(rendered(.json))
        case .svg: Graphviz.svg(fromDOT: rendered(.dot), path: environment["PATH"] ?? "")
        }
    }
}

/// Graphviz's `dot`, found on the `PATH`, turning DOT into SVG.
enum Graphviz {
    static let missing = """
        error: --format svg needs Graphviz's 'dot' on the PATH, and there is none.
        Install Graphviz (apt-get install graphviz, brew install graphviz), or print DOT with --format dot.
        """

    /// The SVG `dot -Tsvg` draws for `source`, or why it drew none.
    ///
    /// - Parameter path: Where to look for `dot`: folders separated by `:`, as `PATH` lists them.
    static func svg(fromDOT source: String, path: String) -> Result<String, LaunchFailure> {
        guard let dot = executable(named: "dot", in: path) else {
            return .failure(LaunchFailure(missing, status: .usage))
        }
        // Files rather than pipes: a large graph can never block on a full pipe.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mall-graph-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let input = folder.appendingPathComponent("wiring.dot")
            let output = folder.appendingPathComponent("wiring.svg")
            let errors = folder.appendingPathComponent("errors")
            try Data(source.utf8).write(to: input)
            try Data().write(to: errors)
            let process = Process()
            process.executableURL = dot
            process.arguments = ["-Tsvg", "-o", output.path, input.path]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            process.waitUntilExit()
            // Its first lines say what went wrong; a runaway dot's megabytes would bury that.
            let reason = String(decoding: try contents(of: errors), as: UTF8.self).split(separator: "\n")
                .prefix(5).joined(separator: "\n")
            let ending =
                process.terminationReason == .uncaughtSignal
                ? "was killed by signal \(process.terminationStatus)"
                : "failed with status \(process.terminationStatus)"
            guard process.terminationStatus == 0, process.terminationReason == .exit else {
                return .failure(
                    LaunchFailure("error: Graphviz's dot (\(dot.path)) \(ending): \(reason)", status: .usage))
            }
            let svg = (try? contents(of: output)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            guard svg.contains("<svg") else {
                let why = reason.isEmpty ? "its output was empty or not SVG" : reason
                return .failure(
                    LaunchFailure("error: Graphviz's dot (\(dot.path)) wrote no SVG: \(why)", status: .usage))
            }
            return .success(svg)
        } catch {
            return .failure(
                LaunchFailure("error: cannot run Graphviz's dot: \(error.localizedDescription)", status: .usage))
        }
    }

    /// The first executable file called `name` in a folder of `path`.
    private static func executable(named name: String, in path: String) -> URL? {
        path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { candidate in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder)
                    && !isFolder.boolValue && FileManager.default.isExecutableFile(atPath: candidate.path)
            }
    }

    /// Everything in a file, through a file handle: `Data(contentsOf:)` leaks a 4 KB buffer each time
    /// it reads an empty file (Foundation, Swift 6.3), and dot's standard error usually is one.
    private static func contents(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
