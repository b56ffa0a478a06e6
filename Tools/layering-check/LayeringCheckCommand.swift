import Foundation
import LayeringCheck

/// `layering-check`: proves a package keeps its layer contract, in the manifest and in every import.
@main
enum LayeringCheckCommand {
    static let usage = """
        OVERVIEW: Check that a package keeps its layers: no target reaches a layer above it, no component
        reaches a sibling, along every chain of dependencies and in every import. Needs no build.

        USAGE: layering-check [--package-path <path>] [--format <format>] [--baseline <file> [--update-baseline]]
               layering-check --graph <format> [--package-path <path>] [--baseline <file>]

        OPTIONS:
          --package-path <path>   The package to check (default: the current folder).
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

        CONTRACT: layers.json at the package root (see the README); without it, a target's layer is
        its top-level folder: Shell/ above Components/ (independent) above Sources/.

        RULES: horizontal-dependency, horizontal-import, upward-dependency, upward-import,
               forbidden-dependency, forbidden-import, test-isolation, undeclared-import (errors);
               transitive-import, invalid-utf8, incomplete-sources, unused-ignore,
               stale-baseline (warnings).

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
        var updatesBaseline = false
        var usesCache = true
        var printsTimings = false
        var showsHelp = false
        /// Read the targets from this file instead of describing the package: what the command plugin
        /// passes. Internal, so not in the help.
        var descriptionPath: String?
    }

    static func main() {
        let options: Options
        switch parse(Array(CommandLine.arguments.dropFirst())) {
        case .success(let parsed):
            options = parsed
        case .failure(let error):
            fail(error.text)
        }
        if options.showsHelp {
            write(usage + "\n")
            exit(0)
        }

        let clock = ContinuousClock()
        let loadStart = clock.now
        let root = URL(fileURLWithPath: options.packagePath).standardizedFileURL
        let graph: PackageGraph
        do throws(LayeringCheckError) {
            if let descriptionPath = options.descriptionPath {
                graph = try PackageLoader.load(descriptionAt: descriptionPath)
            } else {
                graph = try PackageLoader.describe(
                    packagePath: options.packagePath, cache: root.appendingPathComponent(".build/layering-check"),
                    refreshesCache: !options.usesCache)
            }
        } catch {
            fail(error.description)
        }
        let loadDuration = clock.now - loadStart

        let checkStart = clock.now
        let checker: LayeringChecker
        var report: LayeringReport
        do throws(LayeringCheckError) {
            checker = try LayeringChecker(packageAt: root, graph: graph)
            report = try checker.check(packageAt: root)
            if let baselinePath = options.baselinePath {
                if options.updatesBaseline {
                    try writeFile(Baseline(accepting: report).encoded(), to: baselinePath)
                    let count = report.diagnostics.count
                    let message = "wrote \(count) finding\(count == 1 ? "" : "s") to \(baselinePath)\n"
                    // A machine-readable format keeps standard output for the format alone.
                    if options.format == .text {
                        write(message)
                    } else {
                        try? FileHandle.standardError.write(contentsOf: Data(message.utf8))
                    }
                    exit(0)
                }
                report = try Baseline.load(from: baselinePath).apply(to: report, baselinePath: baselinePath)
            }
        } catch {
            fail(error.description)
        }
        let checkDuration = clock.now - checkStart

        if let graphFormat = options.graphFormat {
            do throws(LayeringCheckError) {
                write(try drawing(checker.layerGraph(for: report), as: graphFormat))
            } catch {
                fail(error.description)
            }
            exit(report.isClean ? 0 : 1)
        }
        switch options.format {
        case .text: write(report.text)
        case .json: write(report.json)
        case .github: write(report.githubAnnotations)
        case .sarif: write(report.sarif)
        }
        if options.printsTimings {
            let timings = "timings: package load \(seconds(loadDuration)) s, check \(seconds(checkDuration)) s\n"
            try? FileHandle.standardError.write(contentsOf: Data(timings.utf8))
        }
        exit(report.isClean ? 0 : 1)
    }

    struct UsageError: Error, CustomStringConvertible, Equatable {
        var description: String

        /// What the tool prints: the error, then where the usage is.
        var text: String { "\(description)\nRun 'layering-check --help' for usage." }
    }

    /// Reads the arguments. A mistake anywhere is reported even when `--help` is also given, so the
    /// order of the arguments never changes the outcome.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var remaining = arguments[...]
        func value(for option: String) -> Result<String, UsageError> {
            guard let value = remaining.popFirst() else {
                return .failure(UsageError(description: "\(option) needs a value"))
            }
            guard !value.hasPrefix("-") else {
                return .failure(UsageError(description: "\(option) needs a value, not the option '\(value)'"))
            }
            guard !value.isEmpty else {
                return .failure(UsageError(description: "\(option) needs a value, not an empty one"))
            }
            return .success(value)
        }
        var seen: Set<String> = []
        while let argument = remaining.popFirst() {
            let spelling = argument == "-h" ? "--help" : argument
            if spelling.hasPrefix("-"), !seen.insert(spelling).inserted {
                return .failure(UsageError(description: "\(argument) was given twice; give it once"))
            }
            switch argument {
            case "-h", "--help":
                options.showsHelp = true
            case "--package-path", "--baseline", "--description", "--format", "--graph":
                let text: String
                switch value(for: argument) {
                case .success(let value): text = value
                case .failure(let error): return .failure(error)
                }
                switch argument {
                case "--package-path": options.packagePath = text
                case "--baseline": options.baselinePath = text
                case "--description": options.descriptionPath = text
                case "--graph":
                    guard let format = GraphFormat(rawValue: text) else {
                        let formats = GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")
                        return .failure(
                            UsageError(description: "unknown graph format '\(text)'; use one of \(formats)"))
                    }
                    options.graphFormat = format
                default:
                    guard let format = Format(rawValue: text) else {
                        let formats = Format.allCases.map(\.rawValue).joined(separator: ", ")
                        return .failure(UsageError(description: "unknown format '\(text)'; use one of \(formats)"))
                    }
                    options.format = format
                }
            case "--update-baseline":
                options.updatesBaseline = true
            case "--no-cache":
                options.usesCache = false
            case "--timings":
                options.printsTimings = true
            case "":
                return .failure(UsageError(description: "an empty argument; remove the empty quotes"))
            default:
                let what = argument.hasPrefix("-") ? "unknown option" : "unexpected argument"
                return .failure(UsageError(description: "\(what) '\(argument)'"))
            }
        }
        if options.graphFormat != nil, let clash = ["--format", "--update-baseline"].first(where: seen.contains) {
            return .failure(UsageError(description: "--graph and \(clash) cannot be used together"))
        }
        if options.updatesBaseline, options.baselinePath == nil {
            return .failure(UsageError(description: "--update-baseline needs --baseline <file> to write"))
        }
        return .success(options)
    }

    /// The graph in `format`; SVG is the DOT drawn by Graphviz's `dot`.
    static func drawing(_ graph: LayerGraph, as format: GraphFormat) throws(LayeringCheckError) -> String {
        switch format {
        case .mermaid: return graph.rendered(.mermaid)
        case .dot: return graph.rendered(.dot)
        case .json: return graph.rendered(.json)
        case .svg: return try Graphviz.svg(fromDOT: graph.rendered(.dot))
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

    /// Writes to standard output; if that fails (a full disk, a closed pipe), says so and exits 2, so
    /// a lost report never looks like a clean one.
    static func write(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            fail("cannot write to standard output: \(error.localizedDescription)")
        }
    }

    /// Prints `Error: message` to standard error and exits 2.
    static func fail(_ message: String) -> Never {
        try? FileHandle.standardError.write(contentsOf: Data("Error: \(message)\n".utf8))
        exit(2)
    }
}
