import Foundation
import MallNavigator
import MallTestSupport
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Mall

/// Bad input prints one error line with a hint, shows the screen again, and never ends the session.
@MainActor
@Suite("Bad input", .freshComponents(everyComponent))
struct BadInputTests {
    @Test(arguments: [
        ("9", "Error: no action 9 here; choose 1–4, or ? for help"),
        ("0", "Error: no action 0 here; choose 1–4, or ? for help"),
        ("-1", "Error: no action -1 here; choose 1–4, or ? for help"),
        ("99999999999999999999999", "Error: no action 99999999999999999999999 here; choose 1–4, or ? for help"),
        ("", "Error: empty command; choose 1–4, or ? for help"),
        ("   \t ", "Error: empty command; choose 1–4, or ? for help"),
        ("\u{1B}[A", "Error: the command contains control characters; choose 1–4, or ? for help"),
        ("1\u{0}", "Error: the command contains control characters; choose 1–4, or ? for help"),
        ("hlep", "Error: unknown command 'hlep'; did you mean 'help'? Type ? for help"),
        ("qiut", "Error: unknown command 'qiut'; did you mean 'quit'? Type ? for help"),
        ("hoem", "Error: unknown command 'hoem'; did you mean 'home'? Type ? for help"),
        ("shop", "Error: unknown command 'shop'; choose 1–4, or ? for help"),
        ("open the door", "Error: the URL contains a space; percent-encode spaces as %20"),
        ("opne mall://shop/finder", "Error: unknown command 'opne mall://shop/finder'; choose 1–4, or ? for help"),
        ("\u{FFFD}\u{FFFD}", "Error: unknown command '\u{FFFD}\u{FFFD}'; choose 1–4, or ? for help"),
    ])
    func badInputIsReportedAndTheScreenShownAgain(input: String, error: String) async {
        let run = await runShell(input: [input, "q"])
        #expect(run.status == .success)
        #expect(run.output.errorLines == [error])
        #expect(run.output.screenTitles == ["Mall", "Mall"])
    }

    @Test func aLineOf200KilobytesIsRefusedAndEchoedCut() async {
        let run = await runShell(input: [String(repeating: "x", count: 200 * 1024), "q"])
        #expect(run.status == .success)
        #expect(run.output.errorLines == ["Error: the command is longer than 64 characters; choose 1–4, or ? for help"])
        #expect(run.output.screenTitles == ["Mall", "Mall"])
        #expect(run.output.contains("> " + String(repeating: "x", count: 200) + "… (204800 characters)\n"))
        #expect(run.output.count < 4_000)
    }

    /// A line longer than what is read of one is cut there: neither the error nor the echo claims a
    /// length it did not see (it said "1048576 characters long" of a 10 MB line).
    @Test func aLineLongerThanWhatIsReadClaimsNoLength() async {
        let run = await runShell(input: [String(repeating: "x", count: 3 << 20), "q"])
        #expect(run.status == .success)
        #expect(run.output.errorLines == ["Error: the command is longer than 64 characters; choose 1–4, or ? for help"])
        #expect(run.output.contains("> " + String(repeating: "x", count: 200) + "… (at least \(3 << 20) characters)\n"))
    }

    @Test func aCommandPaddedWithSpacesIsEchoedAsItIsRead() async {
        let run = await runShell(input: ["   1" + String(repeating: " ", count: 6_000) + "\t", "q"])
        #expect(run.output.errorLines == [])
        #expect(run.output.screenTitles == ["Mall", "Shops"])
        #expect(run.output.contains("> 1\n"))
        #expect(!run.output.contains("characters)"))
    }

    @Test func combiningMarksCountTowardTheLimitsOfCommandsAndEchoes() async {
        let run = await runShell(input: ["a" + String(repeating: "\u{301}", count: 300_000), "q"])
        #expect(run.output.errorLines == ["Error: the command is longer than 64 characters; choose 1–4, or ? for help"])
        #expect(run.output.utf8.count < 4_000)
    }

    @Test func aTabInACommandIsEchoedAsASpace() async {
        let run = await runShell(input: ["open\tmall://shop/finder", "q"])
        #expect(run.output.contains("> open mall://shop/finder\n"))
        #expect(run.output.screenTitles == ["Mall", "Shops"])
    }

    @Test func aScreenWithNoActionsSaysToGoBack() async {
        // Coupon used at Blue Bottle: the page has only "Back"; "2" is out of range there.
        let run = await runShell(input: ["1", "1", "7", "2", "q"])
        #expect(run.output.errorLines == ["Error: no action 2 here; choose 1, or ? for help"])
    }

    @Test func invalidUTF8InAScriptIsRepairedAndReported() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mall-invalid-\(UUID()).txt")
        try Data([0xFF, 0xFE, 0x0A, 0x31, 0x0A, 0x71, 0x0A]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = await runShell(["--script", url.path])
        #expect(run.status == .success)
        #expect(run.output.errorLines == ["Error: unknown command '\u{FFFD}\u{FFFD}'; choose 1–4, or ? for help"])
        #expect(run.output.screenTitles == ["Mall", "Mall", "Shops"])
    }
}
