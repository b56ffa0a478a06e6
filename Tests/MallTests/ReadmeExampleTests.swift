import Foundation
import Middleware
import MiddlewareSupport
import Testing

@testable import Mall

/// The README and the mall's documents never lie: every command they show with its output is run, as
/// built, and its output compared with what they show.
///
/// Two shapes count as an example:
/// - a `text` block whose first line is `$ command`, followed by the output, where a line `…` stands
///   for any number of lines;
/// - in an `sh` block, a command followed directly by lines `# output`, which must appear in order
///   in what the command prints.
///
/// A block preceded by a line `<!-- not run … -->` is skipped; the comment says what checks it instead.
///
/// The README shows the app of the four documented components; in a package where `new-component`
/// added more (the scaffold build test makes such a copy), the home screen lists those too, so the
/// examples run only where the components are the documented four.
@Suite("README examples", .enabled { await isTheDocumentedApp() })
struct ReadmeExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        /// The document's file name, e.g. `README.md` or `KeepingStateAcrossRestarts.md`.
        var file = "README.md"
        var line: Int
        var command: String
        var expected: [String]
        /// Whether `expected` is a whole transcript with `…` gaps, rather than lines to find in order.
        var isTranscript: Bool

        var testDescription: String { "\(file):\(line): \(command)" }
    }

    /// Every example in the README and the mall's documents, in order.
    static let examples: [Example] = {
        documents.flatMap { document -> [Example] in
            guard let text = try? String(contentsOf: document, encoding: .utf8) else { return [] }
            return examples(in: text).map { example in
                var example = example
                example.file = document.lastPathComponent
                return example
            }
        }
    }()

    static func examples(in text: String) -> [Example] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index]
            guard fence == "```text" || fence == "```sh" else {
                index += 1
                continue
            }
            let isSkipped = index > 0 && lines[index - 1].hasPrefix("<!-- not run")
            let end = lines[(index + 1)...].firstIndex(of: "```") ?? lines.count
            let block = Array(lines[(index + 1)..<end])
            if !isSkipped {
                if fence == "```text", let first = block.first, first.hasPrefix("$ ") {
                    examples.append(
                        Example(
                            line: index + 2, command: String(first.dropFirst(2)), expected: Array(block.dropFirst()),
                            isTranscript: true))
                } else if fence == "```sh" {
                    examples += commented(block, startingAt: index + 2)
                }
            }
            index = end + 1
        }
        return examples
    }

    /// The commands of an `sh` block that are followed by `# output` lines.
    private static func commented(_ block: [String], startingAt firstLine: Int) -> [Example] {
        var examples: [Example] = []
        for (offset, line) in block.enumerated() where !line.hasPrefix("#") && !line.hasSuffix("\\") {
            let output = block[(offset + 1)...].prefix { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) }
            guard !output.isEmpty else { continue }
            examples.append(
                Example(line: firstLine + offset, command: line, expected: output, isTranscript: false))
        }
        return examples
    }

    /// Where `swift build` put the executables: beside the test bundle.
    static let products = Bundle.main.executableURL?.deletingLastPathComponent()

    @Test func theREADMEShowsExamplesAndTheyAreFound() {
        // The two transcripts, the stub preview, the refused bill link and the trace.
        #expect(Self.examples.count >= 4, "ReadmeExampleTests found \(Self.examples.count) examples")
        #expect(Self.examples.contains { $0.command.contains("swift run mall") && $0.isTranscript })
    }

    @Test(arguments: examples)
    func theExampleShowsWhatTheCommandPrints(_ example: Example) throws {
        let output = try Self.run(example.command)
        let printed = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let mismatch =
            example.isTranscript
            ? Self.transcriptMismatch(example.expected, in: printed)
            : Self.missingLine(example.expected, in: printed)
        #expect(
            mismatch == nil,
            "\(example.file):\(example.line): '\(example.command)' no longer prints \(mismatch ?? ""); it printed:\n\(output)"
        )
    }

    /// Runs a README command in a scratch folder with `swift run X` replaced by the built `X`, and
    /// returns standard output and standard error together.
    private static func run(_ command: String) throws -> String {
        let products = try #require(products, "cannot tell where the executables were built")
        let built = command.replacing(/swift run ([A-Za-z]+)/) { match in
            "'\(products.appendingPathComponent(String(match.output.1)).path)'"
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", built + " 2>&1"]
        process.currentDirectoryURL = folder
        // Each example keeps the user's state in a fresh folder, so it prints the same every time.
        process.environment = childEnvironment([
            "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "TERM": "dumb",
            "MALL_STATE_DIR": folder.appendingPathComponent("state").path,
        ])
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The first expected line not found after the previous one, or `nil` when all are there in order.
    static func missingLine(_ expected: [String], in printed: [String]) -> String? {
        var rest = printed[...]
        for line in expected {
            guard let found = rest.firstIndex(of: line) else { return "'\(line)'" }
            rest = rest[(found + 1)...]
        }
        return nil
    }

    /// Where a transcript with `…` gaps stops matching: each run of lines between gaps must appear
    /// whole, in order; `nil` when it matches.
    static func transcriptMismatch(_ expected: [String], in printed: [String]) -> String? {
        let runs = expected.split(separator: "…", omittingEmptySubsequences: true)
        var rest = printed[...]
        for run in runs {
            guard let start = rest.indices.first(where: { rest[$0...].starts(with: run) }) else {
                return "these lines together:\n" + run.joined(separator: "\n") + "\n"
            }
            rest = rest[(start + run.count)...]
        }
        return nil
    }
}

/// Whether the app's components are the four the README documents.
@MainActor
func isTheDocumentedApp() -> Bool {
    Routers.all(links: Links()).map(\.componentName) == ["Shop", "Event", "Groupbuy", "Appointment"]
}

/// What only a whole process shows: a script that opens but cannot be read to its end, and a
/// screen that cannot be written.
@Suite("Script failures")
struct ScriptFailureTests {
    /// Runs `mall --script <script>` writing its screens to `output`; returns its status and errors.
    private static func run(script: String, writtenTo output: FileHandle) throws -> (status: Int32, errors: String) {
        let products = try #require(ReadmeExampleTests.products)
        let process = Process()
        process.executableURL = products.appendingPathComponent("mall")
        process.arguments = ["--script", script]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test func aScreenThatCannotBeWrittenEndsWithStatus2AndTheReason() throws {
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let run = try Self.run(script: "/dev/null", writtenTo: full)
        #expect(run.status == 2)
        #expect(run.errors.hasSuffix("Error: cannot write to standard output: No space left on device\n"))
    }

    @Test(arguments: ["mall", "ShopPreview"])
    func aClosedStandardInputEndsTheSessionAsItsEndDoes(program: String) throws {
        let products = try #require(ReadmeExampleTests.products)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("mall-closed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        // Before, the number of the closed descriptor went to the runtime's timer about half the
        // time, and the session read it for ever.
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", #"exec timeout 10 "$0" <&-"#, products.appendingPathComponent(program).path]
            process.environment = childEnvironment(["PATH": "/usr/bin:/bin", "MALL_STATE_DIR": state.path])
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(printed.hasSuffix("> (end of input)\n"), "\(printed.suffix(200))")
        }
    }

    @Test func aClosedPipeEndsWithStatus2AndTheReason() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let run = try Self.run(script: "/dev/null", writtenTo: pipe.fileHandleForWriting)
        #expect(run.status == 2)
        #expect(run.errors.hasSuffix("Error: cannot write to standard output: Broken pipe\n"))
    }

    #if os(Linux)
        @Test func aScriptThatFailsMidwayEndsWithStatus2AndTheReason() throws {
            // /proc/self/mem opens, and its first read fails with EIO.
            let run = try Self.run(script: "/proc/self/mem", writtenTo: FileHandle.nullDevice)
            #expect(run.status == 2)
            // Launch warnings may come first, in a package with an unwired require.
            #expect(run.errors.hasSuffix("Error: cannot read script '/proc/self/mem': Input/output error\n"))
        }
    #endif
}
