import Foundation
import LayeringCheck
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import layering_check

/// The package's tools share one convention (see CONTRIBUTING): `Error: …` then `Run '<tool> --help'
/// for usage.`, exit 2; a mistake anywhere wins over `--help`; an option where a value belongs is refused.
@Suite("layering-check command line")
struct CommandLineTests {
    @Test(
        arguments: [
            (["--bogus"], "unknown option '--bogus'"),
            (["extra"], "unexpected argument 'extra'"),
            ([""], "an empty argument; remove the empty quotes"),
            (["--format"], "--format needs a value"),
            (["--format", "xml"], "unknown format 'xml'; use one of text, json, github, sarif"),
            (["--format", "--json"], "--format needs a value, not the option '--json'"),
            (["--baseline", "--update-baseline"], "--baseline needs a value, not the option '--update-baseline'"),
            (["--update-baseline"], "--update-baseline needs --baseline <file> to write"),
            (["--help", "--bogus"], "unknown option '--bogus'"),
            (["--bogus", "--help"], "unknown option '--bogus'"),
            (["--update-baseline", "--help"], "--update-baseline needs --baseline <file> to write"),
            (["--package-path", ""], "--package-path needs a value, not an empty one"),
            (["--format", "json", "--format", "text"], "--format was given twice; give it once"),
            (["-h", "--help"], "--help was given twice; give it once"),
            (["--contract"], "--contract needs a value"),
            (["--contract", "a.json", "--contract", "b.json"], "--contract was given twice; give it once"),
            (["--graph"], "--graph needs a value"),
            (["--graph", "png"], "unknown graph format 'png'; use one of mermaid, dot, json, svg"),
            (["--graph", "dot", "--format", "json"], "--graph and --format cannot be used together"),
            (
                ["--graph", "dot", "--baseline", "b.json", "--update-baseline"],
                "--graph and --update-baseline cannot be used together"
            ),
        ] as [([String], TestText)])
    func usageErrors(_ arguments: [String], _ message: TestText) {
        let result = LayeringCheckCommand.parse(arguments)
        #expect(result.map { _ in "" } == .failure(UsageError(message.text, program: "layering-check")))
        if case .failure(let error) = result {
            #expect(error.description == "Error: \(message.text)\nRun 'layering-check --help' for usage.")
        }
    }

    @Test func valuesAreEnums() throws {
        for format in LayeringCheckCommand.Format.allCases {
            let options = try LayeringCheckCommand.parse(["--format", format.rawValue]).get()
            #expect(options.format == format)
        }
        for format in LayeringCheckCommand.GraphFormat.allCases {
            #expect(try LayeringCheckCommand.parse(["--graph", format.rawValue]).get().graphFormat == format)
        }
        #expect(try LayeringCheckCommand.parse(["-h"]).get().showsHelp)
    }

    /// `--contract` replaces `layers.json`: a missing file is an I/O error (exit 2), and a contract
    /// file is read and named in what it causes.
    @Test func aContractFileIsReadFromWhereItIsGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.json").path
        #expect(
            LayeringCheckCommand.run(["--package-path", Fixture.packageRoot.path, "--contract", missing]) == .usage)
        #expect {
            try LayerContract.load(from: missing)
        } throws: { error in
            "\(error)" == "cannot read '\(missing)': no such file"
        }
        let file = folder.appendingPathComponent("layers.json")
        try Data("{\"layers\": [[\"Shopp\"]]}".utf8).write(to: file)
        let contract = try LayerContract.load(from: file.path)
        #expect(contract.path == file.path)
    }

    @Test func internalOptionsWorkButAreNotInTheHelp() throws {
        #expect(try LayeringCheckCommand.parse(["--description", "d.json"]).get().descriptionPath == "d.json")
        #expect(!LayeringCheckCommand.usage.contains("--description"))
    }
}
