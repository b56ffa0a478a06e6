import Foundation
import Testing

/// Another process holds a state file's lock (a second `mall` saving, a backup tool): the main actor
/// never waits for it. At a terminal the screen says what it waits for, and `b`, `h` and `q` answer
/// at once. Run through a pseudo-terminal, whose driver takes the lock as another process would.
@Suite("A locked state file")
struct LockedStateTests {
    /// A state folder of its own, made as the app makes one (the user's alone), removed afterwards.
    private struct Folder: ~Copyable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mall-locked-\(UUID().uuidString)")
        var path: String { url.path }

        init() throws {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }
    }

    private static func mall() throws -> URL {
        try #require(ReadmeExampleTests.products).appendingPathComponent("mall")
    }

    /// The shops' page reads Shop's favourites before it shows them: it shows `Loading…`, the
    /// warning says whose file it waits for and how long, and the user leaves, goes home and quits
    /// without waiting (`h` at home shows it again).
    @Test func aPageWhoseStateIsLockedSaysSoAndTheSessionNeverWaitsForIt() throws {
        let folder = try Folder()
        let run = try PseudoTerminal.run(
            try Self.mall(), ["--state-dir", folder.path, "--no-color"],
            plan: [
                .wait("> ", within: .seconds(10)),
                .lock(folder.path + "/Shop.lock"),
                .send("1"), .wait("Loading…"),
                .wait("Shop's saved state is locked by another process", within: .seconds(3)),
                .send("b"), .wait("== Mall =="),
                .send("h"), .wait("== Mall =="),
                .send("q"), .wait("Bye."),
            ])
        #expect(run.failed == nil, "\(run.output)")
        #expect(run.status == 0)
        // Half the screen's time limit of 10 seconds, so the screen can say why it failed in time.
        #expect(run.output.contains("waiting up to 5 seconds"), "\(run.output)")
        // Only a read was waiting: quitting says nothing about a change.
        #expect(!run.output.contains("still being saved"), "\(run.output)")
        for step in [3, 6, 8, 10] {
            #expect((run.latency(ofStep: step) ?? .infinity) < 1, "step \(step): \(run.latency(ofStep: step) ?? -1) s")
        }
    }

    /// A favourite chosen while another process holds the file's lock waits for it off the main actor:
    /// `b`, `h` and `q` answer meanwhile, and quitting says the change may not be saved, which it is not.
    @Test func aChangeWaitingForALockedFileNeverHoldsTheSessionUp() throws {
        let folder = try Folder()
        let run = try PseudoTerminal.run(
            try Self.mall(), ["--state-dir", folder.path, "--no-color"],
            plan: [
                .wait("> ", within: .seconds(10)),
                .send("1"), .wait("== Shops =="),
                .send("1"), .wait("1. Add to favourites"),
                .lock(folder.path + "/Shop.lock"),
                .send("1"), .wait("Shop's saved state is locked by another process", within: .seconds(3)),
                .send("b"), .wait("== Shops =="),
                .send("h"), .wait("== Mall =="),
                .send("q"), .wait("Bye. A change you made is still being saved; it may not be."),
            ])
        #expect(run.failed == nil, "\(run.output)")
        #expect(run.status == 0)
        for step in [9, 11, 13] {
            #expect((run.latency(ofStep: step) ?? .infinity) < 1, "step \(step): \(run.latency(ofStep: step) ?? -1) s")
        }
        #expect(!run.output.contains("added to your favourites"), "\(run.output)")
        let saved = (try? String(contentsOfFile: folder.path + "/Shop.json", encoding: .utf8)) ?? ""
        #expect(!saved.contains("s01"), "\(saved)")
    }

    /// A number taken while Appointment's file waits for its lock is taken once: choosing again
    /// meanwhile is refused, and the end of input at the terminal says the booking may not be saved.
    @Test func aSecondChoiceWhileTheFirstWaitsIsRefused() throws {
        let folder = try Folder()
        let run = try PseudoTerminal.run(
            try Self.mall(), ["--state-dir", folder.path, "--no-color", "open", "mall://appointment/queue?shopId=s02"],
            plan: [
                .wait("1. Take a number", within: .seconds(10)),
                .lock(folder.path + "/Appointment.lock"),
                .send("1"), .wait("Appointment's saved state is locked by another process", within: .seconds(3)),
                .send("1"), .wait("Error: what you chose is still being done; wait for it, or type b to go back"),
                .send("\u{04}"), .wait("A change you made is still being saved; it may not be."),
            ])
        #expect(run.failed == nil, "\(run.output)")
        #expect(run.status == 0)
        #expect(!run.output.contains("Booking A008"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Appointment.json"))
    }
}
