import MiddlewareSupport
import Testing

/// The one reader every program's command line goes through: the refusals all programs share.
@Suite("Argument reader")
struct ArgumentReaderTests {
    /// Reads every argument as a flag or, for `--file`, an option with a value; `go` is a word.
    private func read(_ arguments: [String], example: String? = nil) throws(UsageError) -> [String] {
        var reader = ArgumentReader(arguments, program: "tool", repeatable: ["--each"], words: ["go"])
        var read: [String] = []
        while let argument = try reader.next() {
            switch argument {
            case "--file": read.append("file=" + (try reader.value(of: argument, needs: "a file", example: example)))
            case "--flag", "--each", "go", "-h", "--help": read.append(argument)
            default: throw reader.unknown(argument, among: ["--flag", "--file", "--each", "go", "--help"])
            }
        }
        return read
    }

    @Test(arguments: [
        ([""], "an empty argument; remove the empty quotes"),
        (["--flag", "--flag"], "--flag was given twice; give it once"),
        (["go", "go"], "go was given twice; give it once"),
        (["-h", "--help"], "--help was given twice; give it once") as ([String], String),
        (["--file"], "--file needs a file"),
        (["--file", "--flag"], "--file needs a file, not the option '--flag'"),
        (["--file", "-"], "--file needs a file, not the option '-'"),
        (["--file", "-x"], "--file needs a file, not the option '-x'"),
        (["--file", ""], "--file needs a file, not an empty one"),
        (["--flga"], "unknown option '--flga'; did you mean '--flag'?"),
        (["--bogus"], "unknown option '--bogus'"),
        (["extra"], "unexpected argument 'extra'"),
        (["--x\u{1B}[2J"], "unknown option '--x\\u{1B}[2J'"),
        (["a\nb\u{202E}"], "unexpected argument 'a\\u{A}b\\u{202E}'"),
    ])
    func refusals(arguments: [String], message: String) {
        #expect(throws: UsageError(message, program: "tool")) { try read(arguments) }
    }

    @Test func aRepeatableOptionAndValuesAreRead() throws {
        #expect(try read(["--each", "--each", "--file", "a.txt", "go"]) == ["--each", "--each", "file=a.txt", "go"])
        // A negative number is a value, which the option's own check may refuse with its range.
        #expect(try read(["--file", "-1"]) == ["file=-1"])
        #expect(try read(["--file", "-0.5"]) == ["file=-0.5"])
    }

    @Test func anExampleTurnsEveryValueRefusalIntoOneLineWithACommand() {
        for arguments in [["--file"], ["--file", ""], ["--file", "--flag"]] {
            #expect(throws: UsageError("--file needs a file: tool --file a.txt", program: "tool")) {
                try read(arguments, example: "--file a.txt")
            }
        }
    }

    @Test func theErrorNamesTheProgramsHelp() {
        #expect(UsageError("oops", program: "tool").description == "Error: oops\nRun 'tool --help' for usage.")
    }

    @Test func givenListsOptionsInOrderByTheirMainSpelling() throws {
        var reader = ArgumentReader(["go", "-h", "--flag", "x"], program: "tool", words: ["go"])
        while try reader.next() != nil {}
        #expect(reader.given == ["go", "--help", "--flag"])
        #expect(reader.hasSeen("-h") && reader.hasSeen("--help") && !reader.hasSeen("--file"))
    }
}

/// The package's one edit distance and its one "did you mean" rule.
@Suite("Did you mean")
struct SuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("a", "", 1), ("", "abc", 3), ("kitten", "sitting", 3), ("flaw", "lawn", 2),
        ("tour", "tuor", 2), ("é", "e", 1), ("👩‍👩‍👧", "👩", 1),
    ])
    func editDistance(lhs: String, rhs: String, distance: Int) {
        #expect(lhs.editDistance(to: rhs) == distance)
        #expect(rhs.editDistance(to: lhs) == distance)
    }

    @Test(arguments: [
        ("--tuor", "--tour"), ("hlep", "help"), ("Mal", "Mall"), ("DETAIL", "detail"), ("downgrad", "downgrade"),
        ("mall://shop/detial", "mall://shop/detail"),
    ])
    func nearMissesAreSuggested(typed: String, meant: String) {
        #expect([meant, "unrelated", "--bogus"].closest(to: typed) == meant)
    }

    @Test(arguments: ["--bogus", "x", "", "zzzz", "mall://nowhere/at/all"])
    func farTextsGetNoSuggestion(typed: String) {
        #expect(["--tour", "help", "mall://shop/detail", "ab"].closest(to: typed) == nil)
    }

    @Test func sameButCaseWinsOverACloserEdit() {
        #expect(["ticketid", "ticketId"].closest(to: "TICKETID") == "ticketid")
        #expect(["tickeId", "ticketID"].closest(to: "ticketId") == "ticketID")
    }
}

/// Labels inside the graphs the app and the layering check draw.
@Suite("Graph text")
struct GraphTextTests {
    @Test func mermaidEscapesWhatEndsOrShapesALabel() {
        #expect(GraphText.mermaid(#"a "b" #1 <c>"#) == "a #quot;b#quot; #35;1 #lt;c#gt;")
    }

    @Test func dotQuotesAndEscapesEveryLineBreak() {
        #expect(GraphText.dot("a\\b\"c\nd\re\r\nf") == #""a\\b\"c\nd\re\r\nf""#)
    }
}
