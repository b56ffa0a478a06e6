import Foundation
import LayeringCheck
import MiddlewareSupport

/// `layering-check`: proves a package keeps its layer contract, in the manifest and in every import.
@main
enum LayeringCheckCommand {
    static let usage = """
        OVERVIEW: Check that a package keeps its layers: no target reaches a layer above it, no component
        reaches a sibling, along every chain of dependencies and in every import. Needs no build.

        USAGE: layering-check [--package-path <path>] [--contract <file>] [--format <format>]
                              [--baseline <file> [--update-baseline]]
               layering-check --graph <format> [--package-path <path>] [--contract <file>] [--baseline <file>]

        OPTIONS:
          --package-path <path>   The package to check (default: the current folder). Through the
                                  plugin, give it to SwiftPM instead, before the command:
                                  swift package --package-path <path> check-layering.
          --contract <file>       The layer contract to keep (default: layers.json at the package
                                  root, else none: see CONTRACT below).
          --format <format>       text (default): compiler-style lines; json: the same facts;
                                  github: workflow annotations; sarif: SARIF 2.1.0 for code scanning.
          --graph <format>        Draw the targets by layer instead of listing findings: declared
                                  dependencies (solid), imports nothing declares (dashed), targets
                                  reached only along a chain (thick), each violation in red with its
                                  rule id; test targets only where they break a rule. mermaid, dot,
                                  json, or svg (drawn by Graphviz's dot: apt-get install graphviz).
          --baseline <file>       Accept the findings listed in <file>; report only new ones, and
                                  entries that match nothing any more as stale.
          --update-baseline       Write every current finding to the --baseline file and exit 0.
          --no-cache              Describe the package again even if nothing changed (and cache that).
          --timings               Print how long loading the package and checking took, to stderr.
          -h, --help              Show this help.

        CONTRACT: layers.json at the package root, or --contract <file> (see the LayeringCheck reference); without
        one, there are no layers or groups to keep, and only the rules every package keeps are checked.

        RULES: horizontal-dependency, horizontal-import, upward-dependency, upward-import,
               forbidden-dependency, forbidden-import, test-isolation, undeclared-import,
               conditional-import (errors); transitive-import, invalid-utf8, incomplete-sources,
               unused-ignore, stale-baseline (warnings). Imports of other packages' modules are
               checked against the products each target declares.

        EXIT STATUS: 0 no violations, 1 violations, 2 usage, contract or I/O error.
        """

    enum Format: String, CaseIterable {
        case text, json, github, sarif
    }

    enum GraphFormat: String, CaseIterable {
        case mermaid, dot, json, svg
    }

    struct Options: Equatable {
        var packagePath = "."
        var format = Format.text
        var graphFormat: GraphFormat?
        var baselinePath: String?
        var contractPath: String?
        var updatesBaseline = false
        var usesCache = true
        var printsTimings = false
        var showsHelp = false
        /// Read the targets from this file instead of describing the package: what the command plugin
        /// passes. Internal, so not in the help.
        var descriptionPath: String?
    }

    /// The only place the process ends: everything below returns its status or throws.
    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// Runs the check for a command line and returns the exit status; a refusal or failure is
    /// printed here, once.
    static func run(_ arguments: [String]) -> ExitCode {
        do {
            let options = try parse(arguments).get()
            return try run(options)
        } catch let error as UsageError {
            writeError(error.description)
        } catch let error as LayeringCheckError {
            writeError("Error: \(error.description)")
        } catch let error as OutputLost {
            writeError("Error: \(error.description)")
        } catch {
            writeError("Error: \(error)")
        }
        return .usage
    }

    private static func run(_ options: Options) throws -> ExitCode {
        if options.showsHelp {
            try write(usage + "\n")
            return .success
        }
        // A contract given by path is read first: a mistake in it is found before the package is described.
        let contract = try options.contractPath.map { path throws(LayeringCheckError) in
            try LayerContract.load(from: path)
        }
        let clock = ContinuousClock()
        let loadStart = clock.now
        let root = URL(fileURLWithPath: options.packagePath).standardizedFileURL
        let graph: PackageGraph
        if let descriptionPath = options.descriptionPath {
            graph = try PackageLoader.load(descriptionAt: descriptionPath)
        } else {
            graph = try PackageLoader.describe(
                packagePath: options.packagePath, cache: root.appendingPathComponent(".build/layering-check"),
                refreshesCache: !options.usesCache)
        }
        let loadDuration = clock.now - loadStart

        let checkStart = clock.now
        // The packages the contract checks as this one's own are described with their state in this
        // package's build folder, or, from the plugin, in the plugin's folder, where it may write.
        let stateFolder =
            options.descriptionPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            ?? root.appendingPathComponent(".build/layering-check")
        let packagesState = stateFolder.appendingPathComponent("packages", isDirectory: true)
        if !options.usesCache {
            // --no-cache describes those packages again too: their kept descriptions go, SwiftPM's state stays.
            for state in (try? FileManager.default.contentsOfDirectory(atPath: packagesState.path)) ?? [] {
                try? FileManager.default.removeItem(
                    at: packagesState.appendingPathComponent(state).appendingPathComponent("description"))
            }
        }
        let checker =
            try contract.map { contract throws(LayeringCheckError) in
                try LayeringChecker(includingPackagesOf: graph, contract: contract, stateFolder: packagesState)
            }
            ?? LayeringChecker(packageAt: root, graph: graph, stateFolder: packagesState)
        var report = try checker.check(packageAt: root)
        if let baselinePath = options.baselinePath {
            if options.updatesBaseline {
                try writeFile(Baseline(accepting: report).encoded(), to: baselinePath)
                let message = "wrote \(String.counted(report.diagnostics.count, "finding")) to \(baselinePath)\n"
                // A machine-readable format keeps standard output for the format alone.
                if options.format == .text {
                    try write(message)
                } else {
                    writeError(message.dropLast())
                }
                return .success
            }
            report = try Baseline.load(from: baselinePath).apply(to: report, baselinePath: baselinePath)
        }
        let checkDuration = clock.now - checkStart

        if let graphFormat = options.graphFormat {
            try write(try drawing(checker.layerGraph(for: report), as: graphFormat))
            return report.isClean ? .success : .findings
        }
        switch options.format {
        case .text: try write(report.text)
        case .json: try write(report.json)
        case .github: try write(report.githubAnnotations)
        case .sarif: try write(report.sarif)
        }
        if options.printsTimings {
            writeError("timings: package load \(seconds(loadDuration)) s, check \(seconds(checkDuration)) s")
        }
        return report.isClean ? .success : .findings
    }

    /// Reads the arguments. A mistake anywhere is reported even when `--help` is also given, so the
    /// order of the arguments never changes the outcome.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        Result { () throws(UsageError) in try readOptions(arguments) }
    }

    private static func readOptions(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments, program: "layering-check")
        while let argument = try reader.next() {
            switch argument {
            case "-h", "--help": options.showsHelp = true
            case "--package-path": options.packagePath = try reader.value(of: argument)
            case "--baseline": options.baselinePath = try reader.value(of: argument)
            case "--contract": options.contractPath = try reader.value(of: argument)
            case "--description": options.descriptionPath = try reader.value(of: argument)
            case "--graph":
                options.graphFormat = try reader.choice(
                    reader.value(of: argument), of: GraphFormat.self, noun: "graph format")
            case "--format":
                options.format = try reader.choice(reader.value(of: argument), of: Format.self, noun: "format")
            case "--update-baseline": options.updatesBaseline = true
            case "--no-cache": options.usesCache = false
            case "--timings": options.printsTimings = true
            default: throw reader.unknown(argument, among: spellings)
            }
        }
        if options.graphFormat != nil, let clash = ["--format", "--update-baseline"].first(where: reader.hasSeen) {
            throw reader.error("--graph and \(clash) cannot be used together")
        }
        if options.updatesBaseline, options.baselinePath == nil {
            throw reader.error("--update-baseline needs --baseline <file> to write")
        }
        return options
    }

    /// Every option the help lists, for "did you mean".
    static let spellings = [
        "--package-path", "--contract", "--format", "--graph", "--baseline", "--update-baseline", "--no-cache",
        "--timings", "--help",
    ]

    /// The graph in `format`; SVG is the DOT drawn by Graphviz's `dot`.
    static func drawing(_ graph: LayerGraph, as format: GraphFormat) throws(LayeringCheckError) -> String {
        switch format {
        case .mermaid: return graph.rendered(.mermaid)
        case .dot: return graph.rendered(.dot)
        case .json: return graph.rendered(.json)
        case .svg:
            do {
                return try Graphviz.svg(
                    fromDOT: graph.rendered(.dot), path: ProcessInfo.processInfo.environment["PATH"] ?? "")
            } catch {
                switch error {
                case .missing:
                    throw .graphviz(
                        "--graph svg needs Graphviz's 'dot' on the PATH, and there is none; install Graphviz "
                            + "(apt-get install graphviz, brew install graphviz), or print DOT with --graph dot")
                case .failed(let reason):
                    throw .graphviz(reason)
                }
            }
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.3f", value)
    }

    /// Writes `data` to the regular file at `path`, through a symbolic link if it is one, atomically;
    /// anything else there (a folder, a device) is refused and left alone.
    static func writeFile(_ data: Data, to path: String) throws(LayeringCheckError) {
        guard !path.isEmpty else { throw .unwritableFile(path: path, reason: "the path is empty") }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        if let type = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.type] as? FileAttributeType,
            type != .typeRegular
        {
            throw .unwritableFile(path: path, reason: "it is not a regular file")
        }
        do {
            try data.write(to: target, options: .atomic)
        } catch {
            throw .unwritableFile(path: path, reason: "the folder is missing or not writable")
        }
    }

    /// Writes to standard output, waiting for a slow reader; a failure (a full disk, a closed pipe)
    /// is thrown, so a lost report never looks like a clean one.
    static func write(_ text: String) throws(OutputLost) {
        if let code = Output.writeAll(text, to: STDOUT_FILENO) {
            throw OutputLost(reason: Output.reason(code))
        }
    }

    /// Standard output could not be written.
    struct OutputLost: Error, CustomStringConvertible {
        var reason: String
        var description: String { "cannot write to standard output: \(reason)" }
    }

    /// Writes a line to standard error; if even that fails, there is nowhere left to say so.
    static func writeError(_ line: some StringProtocol) {
        _ = Output.writeAll(line + "\n", to: STDERR_FILENO)
    }
}
