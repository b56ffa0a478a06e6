import Support
import Testing

@testable import layering_check

/// The package's tools share one convention (see CONTRIBUTING): `Error: …` then `Run '<tool> --help'
/// for usage.`, exit 2; a mistake anywhere wins over `--help`; an option where a value belongs is refused.
@Suite("layering-check command line")
struct CommandLineTests {
    @Test(arguments: [
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
        (["--graph"], "--graph needs a value"),
        (["--graph", "png"], "unknown graph format 'png'; use one of mermaid, dot, json, svg"),
        (["--graph", "dot", "--format", "json"], "--graph and --format cannot be used together"),
        (
            ["--graph", "dot", "--baseline", "b.json", "--update-baseline"],
            "--graph and --update-baseline cannot be used together"
        ),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        let result = LayeringCheckCommand.parse(arguments)
        #expect(result.map { _ in "" } == .failure(UsageError(message, program: "layering-check")))
        if case .failure(let error) = result {
            #expect(error.description == "Error: \(message)\nRun 'layering-check --help' for usage.")
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

    @Test func internalOptionsWorkButAreNotInTheHelp() throws {
        #expect(try LayeringCheckCommand.parse(["--description", "d.json"]).get().descriptionPath == "d.json")
        #expect(!LayeringCheckCommand.usage.contains("--description"))
    }
}
