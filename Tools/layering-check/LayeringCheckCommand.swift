import Foundation
import LayeringCheck

/// `layering-check`: proves a package has no horizontal or upward dependencies.
@main
enum LayeringCheckCommand {
    static let usage = """
        OVERVIEW: Check that no component depends on or imports a sibling, and that nothing depends upward.
        Reads the manifest's targets and lexes every import of every Swift file; needs no build.

        USAGE: layering-check [--package-path <path>] [--format text|json] [--description <file>] [--timings]

        OPTIONS:
          --package-path <path>   The package to check (default: the current folder).
          --format text|json      Compiler-style lines (default), or JSON with the same facts.
          --description <file>    Read the targets from this JSON file (the shape of
                                  `swift package describe --type json`) instead of running describe.
          --timings               Print how long loading the manifest and checking took, to stderr.
          -h, --help              Show this help.

        RULES: horizontal-dependency, horizontal-import, upward-dependency, upward-import,
               undeclared-import, test-isolation (errors); invalid-utf8 (warning).

        EXIT STATUS: 0 no violations, 1 violations, 2 usage or I/O error.
        """

    struct Options {
        var packagePath = "."
        var isJSON = false
        var descriptionPath: String?
        var printsTimings = false
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("-h") || arguments.contains("--help") {
            print(usage)
            exit(0)
        }
        let options: Options
        switch parse(arguments) {
        case .success(let parsed):
            options = parsed
        case .failure(let error):
            fail("\(error)\nRun 'layering-check --help' for usage.")
        }

        let clock = ContinuousClock()
        let loadStart = clock.now
        let graph: PackageGraph
        do throws(LayeringCheckError) {
            if let descriptionPath = options.descriptionPath {
                graph = try PackageLoader.load(descriptionAt: descriptionPath)
            } else {
                graph = try PackageLoader.describe(packagePath: options.packagePath)
            }
        } catch {
            fail(error.description)
        }
        let loadDuration = clock.now - loadStart

        let checkStart = clock.now
        let root = URL(fileURLWithPath: options.packagePath)
        let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let report: LayeringReport
        do throws(LayeringCheckError) {
            let contract = try LayerContract.load(packageRoot: root)
            report = try LayeringChecker(graph: graph, contract: contract).check(manifest: manifest) { path in
                try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
            }
        } catch {
            fail(error.description)
        }
        let checkDuration = clock.now - checkStart

        print(options.isJSON ? report.json : report.text, terminator: "")
        if options.printsTimings {
            let timings = "timings: manifest load \(seconds(loadDuration)) s, check \(seconds(checkDuration)) s\n"
            FileHandle.standardError.write(Data(timings.utf8))
        }
        exit(report.isClean ? 0 : 1)
    }

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--package-path", "--format", "--description":
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    return .failure(UsageError(description: "\(argument) needs a value"))
                }
                if argument == "--package-path" {
                    options.packagePath = value
                } else if argument == "--description" {
                    options.descriptionPath = value
                } else if value == "json" || value == "text" {
                    options.isJSON = value == "json"
                } else {
                    return .failure(UsageError(description: "unknown format '\(value)'; use text or json"))
                }
            case "--timings":
                options.printsTimings = true
            default:
                return .failure(UsageError(description: "unknown argument '\(argument)'"))
            }
        }
        return .success(options)
    }

    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.3f", value)
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(2)
    }
}
