import Foundation
import MallNavigator
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Mall

/// A state folder of its own for one test, removed afterwards.
private struct StateScratch: ~Copyable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mall-kept-\(UUID().uuidString)")
    var path: String { url.path }
    var environment: Environment { [StateLocation.variable: path] }

    func contents(_ name: String) -> String? {
        (try? Data(contentsOf: url.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
    }

    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// What the user does is there after a restart: each run of `runShell` starts fresh components, as
/// a new process does, and reads what the last run kept in the same folder.
@MainActor
@Suite("The user's state across restarts", .freshComponents(everyComponent))
struct RestartTests {
    @Test func aBookingMadeThenQuitIsThereAtTheNextLaunch() async {
        let scratch = StateScratch()
        let booked = await runShell(
            ["open", "mall://appointment/queue?shopId=s02"], input: ["1", "q"], environment: scratch.environment)
        #expect(booked.status == .success)
        #expect(booked.output.contains("== Booking A008 =="))
        #expect(booked.errors.isEmpty)
        let again = await runShell(
            ["open", "mall://appointment/bookings"], input: ["q"], environment: scratch.environment)
        #expect(again.output.contains("A008"), "\(again.output)")
        #expect(again.output.contains("A007"))
        // The queue moved on too: the next number is A009, not A008 again.
        let next = await runShell(
            ["open", "mall://appointment/queue?shopId=s02"], input: ["1", "q"], environment: scratch.environment)
        #expect(next.output.contains("== Booking A009 =="))
        #expect(next.output.contains("table for 1–2: 5 waiting"))
    }

    /// `mall state` says which folder is in use and what it holds, and changes nothing.
    @Test func mallStateNamesTheFolderAndWhatItKeeps() async {
        let scratch = StateScratch()
        let empty = await runShell(["state"], environment: scratch.environment)
        #expect(empty.status == .success)
        #expect(empty.output.hasPrefix("State folder: \(scratch.path) (from MALL_STATE_DIR)\n"))
        #expect(empty.output.contains("Nothing is kept there yet"))
        #expect(empty.output.contains("Sign out: rm '\(scratch.path)/Shell.json'\n"))
        #expect(scratch.files().isEmpty, "reading where the state is makes nothing")
        _ = await runShell(
            ["open", "mall://appointment/queue?shopId=s02"], input: ["1", "q"], environment: scratch.environment)
        let kept = await runShell(["state", "--state-dir", scratch.path], environment: [:])
        #expect(kept.output.hasPrefix("State folder: \(scratch.path) (from --state-dir)\n"))
        #expect(kept.output.contains("  \(scratch.path)/Appointment.json  Appointment's state\n"))
        #expect(!kept.output.contains("Shop.json  "))
        // Only the app's own files, never the folder: it may hold others.
        #expect(kept.output.hasSuffix("Start afresh: rm '\(scratch.path)/Appointment.json'\n"))
        let file = scratch.path + "/Appointment.json"
        let notAFolder = await runShell(["state", "--state-dir", file], environment: [:])
        #expect(notAFolder.status == .usage)
        #expect(notAFolder.errors.hasPrefix("Error: the state folder '\(file)' (from --state-dir) is not a folder"))
        let refused = await runShell(["state", "--trace"], environment: scratch.environment)
        #expect(refused.status == .usage)
        #expect(refused.errors.hasPrefix("Error: 'mall state' does not use --trace; remove it"))
    }

    @Test func aCancelledBookingStaysCancelled() async {
        let scratch = StateScratch()
        let cancelled = await runShell(
            ["open", "mall://appointment/bookings"], input: ["1", "1", "q"], environment: scratch.environment)
        #expect(cancelled.output.contains("→ Booking A007 cancelled."), "\(cancelled.output)")
        let again = await runShell(
            ["open", "mall://appointment/bookings"], input: ["1", "q"], environment: scratch.environment)
        #expect(again.output.contains("1. A007 · Din Tai Fung · Cancelled"), "\(again.output)")
        #expect(again.output.contains("Ticket A007 · order BK-1007 · Cancelled"))
        #expect(!again.output.contains("Cancel this booking"))
    }

    /// A shop's page reports its favourite to Groupbuy as it leaves, and Groupbuy saves it after:
    /// piped input that ends right then still has it saved, every time, so the next run shows it.
    @Test func aChangeAskedForAsAPageLeavesIsSavedBeforePipedInputEnds() async {
        for _ in 1...3 {
            let scratch = StateScratch()
            // Group-buys › Coffee for Two › Open Blue Bottle Coffee › Add to favourites › home.
            let first = await runShell(input: ["3", "1", "3", "1", "h"], environment: scratch.environment)
            #expect(first.output.contains("→ Blue Bottle Coffee added to your favourites."), "\(first.output)")
            #expect(scratch.contents("Groupbuy.json")?.contains("s01") == true, "\(scratch.files())")
            let second = await runShell(input: ["3", "1", "q"], environment: scratch.environment)
            #expect(second.output.contains("Blue Bottle Coffee ♥ favourited"), "\(second.output)")
        }
    }

    @Test func favouritesRegistrationsPurchasesAndTheSignInAreKept() async {
        let scratch = StateScratch()
        // Favourite Blue Bottle Coffee, then pay its bill, signing in on the way.
        let first = await runShell(input: ["1", "1", "1", "8", "1", "q"], environment: scratch.environment)
        #expect(first.output.contains("→ Signed in as Alex."))
        let second = await runShell(input: ["1", "1", "8", "q"], environment: scratch.environment)
        #expect(second.output.contains("Blue Bottle Coffee · Cafe · L1 ♥"), "the favourite is marked in the finder")
        #expect(second.output.contains("1. Remove from favourites"))
        #expect(!second.output.contains("== Sign in =="), "the sign-in was kept")
        #expect(second.output.contains("== Pay the bill =="))
        // A component's files appear when its state is first needed: no group-buy or booking was shown.
        #expect(scratch.files() == ["Shell.json", "Shell.lock", "Shop.json", "Shop.lock"])
        #expect(scratch.contents("Shell.json")?.contains("\"isSignedIn\" : true") == true)

        let bought = await runShell(
            ["open", "mall://groupbuy/info?gbId=g01"], input: ["1", "q"], environment: scratch.environment)
        #expect(bought.output.contains("you hold 1."), "\(bought.output)")
        let boughtAgain = await runShell(
            ["open", "mall://groupbuy/info?gbId=g01"], input: ["1", "q"], environment: scratch.environment)
        #expect(boughtAgain.output.contains("you hold 2."))

        let registered = await runShell(
            ["open", "mall://event/detail?eventId=e01&eventType=workshop"], input: ["1", "q"],
            environment: scratch.environment)
        #expect(registered.output.contains("→ You are registered for"), "\(registered.output)")
        let shown = await runShell(
            ["open", "mall://event/detail?eventId=e01&eventType=workshop"], input: ["q"],
            environment: scratch.environment)
        #expect(shown.output.contains("Cancel my registration"), "\(shown.output)")
    }

    @Test func theTourKeepsNothingAndRefusesAStateFolder() async {
        let scratch = StateScratch()
        let tour = await runShell(["--tour"], environment: scratch.environment)
        #expect(tour.status == .success)
        #expect(scratch.files().isEmpty)
        let refused = await runShell(["--tour", "--state-dir", scratch.path])
        #expect(refused.status == .usage)
        #expect(refused.errors.contains("'mall --tour' does not use --state-dir"))
    }

    @Test func theStateFolderComesFromTheOptionThenTheVariableThenXDGThenHome() {
        let given = StateLocation.folder(given: "/given", environment: ["MALL_STATE_DIR": "/variable"])
        #expect(given?.path == "/given")
        #expect(StateLocation.folder(given: nil, environment: ["MALL_STATE_DIR": "/v", "HOME": "/h"])?.path == "/v")
        #expect(
            StateLocation.folder(given: nil, environment: ["MALL_STATE_DIR": "", "XDG_STATE_HOME": "/x"])?.path
                == "/x/mall")
        #if os(Linux)
            // A relative XDG_STATE_HOME is ignored, as the XDG specification says.
            #expect(
                StateLocation.folder(given: nil, environment: ["XDG_STATE_HOME": "x", "HOME": "/home/a"])?.path
                    == "/home/a/.local/state/mall")
        #endif
        #expect(StateLocation.folder(given: nil, environment: ["HOME": "relative"]) == nil)
        #expect(StateLocation.folder(given: nil, environment: [:]) == nil)
    }

    @Test func withNoHomeNothingIsKeptAndAWarningSaysSo() async {
        let run = await runShell(input: ["q"], environment: ["MALL_STATE_DIR": ""])
        #expect(run.status == .success)
        #expect(
            run.errors
                == "warning: nothing you do is kept after you quit: HOME is not set to an absolute path;"
                + " pass --state-dir <folder>\n")
    }

    @Test func aStateFolderThatIsAFileIsRefusedAndLeftAlone() async throws {
        let scratch = StateScratch()
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let file = scratch.url.appendingPathComponent("file")
        try Data("mine".utf8).write(to: file)
        let run = await runShell(["--state-dir", file.path], input: ["q"])
        #expect(run.status == .usage)
        #expect(
            run.errors
                == "Error: the state folder '\(file.path)' (from --state-dir) is not a folder; pass one with --state-dir\n"
        )
        #expect(run.output.isEmpty)
        #expect(scratch.files() == ["file"])
        #expect(scratch.contents("file") == "mine")
        let below = await runShell(["--state-dir", file.path + "/state"], input: ["q"])
        #expect(below.status == .usage)
        #expect(below.errors.contains("cannot be made: '\(file.path)' is not a folder"), "\(below.errors)")
        #expect(scratch.files() == ["file"])
        let empty = await runShell(["--state-dir", ""], input: ["q"])
        #expect(empty.status == .usage)
        #expect(empty.errors.contains("--state-dir needs a folder"))
    }

    @Test func aDamagedFileIsReportedOnceMovedAsideAndTheSessionGoesOn() async throws {
        let scratch = StateScratch()
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        try Data(#"{"format": 1, "state": {"favorites": ["s01\u001b[2J"]}}"#.utf8).write(
            to: scratch.url.appendingPathComponent("Shop.json"))
        let run = await runShell(input: ["1", "1", "1", "q"], environment: scratch.environment)
        #expect(run.status == .success)
        let shown = "'s01\\u{1B}[2J'"
        #expect(
            run.errors
                == "warning: Shop's saved state holds a favourite with control characters, \(shown); moved it to"
                + " '\(scratch.path)/Shop.json.damaged' and started afresh\n")
        #expect(!run.output.contains("\u{1B}[2J"))
        #expect(
            run.output.contains("→ Added Blue Bottle Coffee to your favourites.")
                || run.output.contains("Remove from favourites"))
        #expect(scratch.files().contains("Shop.json.damaged"))
        #expect(scratch.contents("Shop.json")?.contains("\"s01\"") == true)
    }
}
