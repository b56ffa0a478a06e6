import Foundation

let usage = """
    bench: every performance figure of the package, each against a baseline measured in the same run.

    Usage: swift run -c release --package-path Benchmarks bench [--quick] [--json FILE] [--only SECTION,...] [--mall PATH]

      --quick          fewer rounds: finishes in under 3 minutes after the build
      --json FILE      also write the figures as JSON, one object per figure
      --only LIST      run only these sections: \(Section.allCases.map(\.rawValue).joined(separator: ", "))
      --mall PATH      measure this mall executable instead of building it (release) first
      -h, --help       show this help

    Prints a table: each figure, its baseline, their ratio and whether the goal is met. Exits 0 when
    every goal is met, 1 when one is missed, 2 on a usage error or a failed measurement.
    Compare ratios within one run: the machines are shared and noisy.
    """

enum Section: String, CaseIterable {
    case require, async, loading, routes, lexer, audit, launch, render, memory, fetch, service, scaffold, adopter
}

struct Options {
    var quick = false
    var json: String?
    var sections = Section.allCases
    var mall: String?

    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("-") else { throw UsageError("\(flag) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": json = try value(for: "--json")
            case "--mall": mall = try value(for: "--mall")
            case "--only":
                let names = try value(for: "--only").split(separator: ",").map(String.init)
                guard !names.isEmpty else { throw UsageError("--only needs at least one section") }
                sections = []
                for name in names {
                    guard let section = Section(rawValue: name) else {
                        throw UsageError(
                            "no section '\(name)'; there are \(Section.allCases.map(\.rawValue).joined(separator: ", "))"
                        )
                    }
                    sections.append(section)
                }
            default: throw UsageError("unknown argument '\(argument)'")
            }
        }
        if let mall, !FileManager.default.isExecutableFile(atPath: mall) {
            throw UsageError("--mall '\(mall)' is not an executable file")
        }
        // A file that cannot be written is found out before minutes of measuring, not after.
        if let json, !FileManager.default.createFile(atPath: json, contents: nil) {
            throw UsageError("cannot write '\(json)'; name a file in a folder that exists")
        }
    }
}

struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The main package's folder: this file is `Benchmarks/Sources/bench/main.swift` in it.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    exit(status)
}

@MainActor
func runBenchmarks() async -> Int32 {
    let arguments = Array(CommandLine.arguments.dropFirst())

    if arguments.contains("-h") || arguments.contains("--help") {
        print(usage)
        return 0
    }
    let options: Options
    do {
        options = try Options(arguments)
    } catch {
        fail("\(error.message)\nRun 'bench --help' for usage.", status: 2)
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    var figures: [Figure] = []
    do {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var mall: MallBench?
        func mallBench() throws -> MallBench {
            if let mall { return mall }
            let executable = try options.mall ?? buildRelease("mall")
            let bench = MallBench(mall: executable, scratch: scratch, quick: options.quick)
            mall = bench
            return bench
        }
        for section in options.sections {
            FileHandle.standardError.write(Data("measuring \(section.rawValue)…\n".utf8))
            switch section {
            case .require: figures += requireFigures(quick: options.quick)
            case .async: figures += try await asyncRequireFigures(quick: options.quick)
            case .loading: figures += try LoadingBench(scratch: scratch, quick: options.quick).figures()
            case .routes: figures += routeFigures(quick: options.quick)
            case .lexer: figures += try lexerFigures(root: root, quick: options.quick)
            case .audit: figures += try AuditBench(root: root, quick: options.quick).figures()
            case .launch: figures += try mallBench().firstScreen()
            case .render: figures += try mallBench().rendering()
            case .memory: figures += try mallBench().scriptMemory()
            case .fetch:
                let bench = try mallBench()
                figures += try FetchBench(mall: bench.mall, scratch: scratch, quick: options.quick).figures()
            case .service: figures += try ServiceBench(bench: try mallBench(), root: root).figures()
            case .scaffold: figures += try ScaffoldBench(scratch: scratch, quick: options.quick).figures()
            case .adopter: figures += try AdopterBench(scratch: scratch, quick: options.quick).figures()
            }
        }
    } catch {
        fail("\(error)", status: 2)
    }
    let machine = ProcessInfo.processInfo
    print(
        "\(options.quick ? "Quick run" : "Run"), \(Date.now.formatted(date: .abbreviated, time: .omitted)),"
            + " \(machine.activeProcessorCount) cores, \(machine.operatingSystemVersionString)")
    print(table(figures))
    let missed = figures.filter { $0.met == false }
    print(missed.isEmpty ? "Every goal met." : "\(missed.count) of \(figures.count { $0.met != nil }) goals missed.")
    if let path = options.json {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(figures).write(to: URL(fileURLWithPath: path))
        } catch {
            fail("cannot write '\(path)': \(error.localizedDescription)", status: 2)
        }
    }
    return missed.isEmpty ? 0 : 1
}

/// Builds `product` of `package` (the main package unless another is named) in release mode and
/// returns its path.
func buildRelease(_ product: String, in package: URL = root) throws -> String {
    FileHandle.standardError.write(Data("building \(product) (release)…\n".utf8))
    let common = ["build", "-c", "release", "--package-path", package.path, "--product", product]
    try Shell.run("swift", common)
    let binPath = try Shell.run("swift", common + ["--show-bin-path"])
    return URL(fileURLWithPath: binPath).appendingPathComponent(product).path
}

exit(await runBenchmarks())
