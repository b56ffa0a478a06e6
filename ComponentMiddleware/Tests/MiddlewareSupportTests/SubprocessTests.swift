import Foundation
import MiddlewareSupport
import Testing

/// The commands the programs run (Graphviz's `dot`) end within their time limit, with all they started.
///
/// The suite's limit only catches a wait that never ends: the tests time each call themselves. It is
/// long because it runs from when a test is started, not from when it gets a thread, and the slow tests
/// (a scaffolded package's build) can hold both cooperative threads for minutes on a loaded machine.
@Suite("Subprocess", .timeLimit(.minutes(10)))
struct SubprocessTests {
    /// A command that starts a child and hangs: the time limit ends both, though the child holds the
    /// command's output open (it held the wait for as long as it lived, 30 seconds here).
    @Test func theTimeLimitEndsTheCommandAndWhatItStarted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let childFile = folder.appendingPathComponent("child").path
        let script = "sleep 30 & echo $! > '\(childFile)'; sleep 30"
        let start = ContinuousClock.now
        let outcome = try Subprocess.run(["/bin/sh", "-c", script], timeLimit: .milliseconds(500))
        #expect(outcome.timedOut)
        #expect(ContinuousClock.now - start < .seconds(15), "the wait lasted as long as the child")
        let child = try processID(writtenIn: childFile)
        #expect(!isRunning(child), "the command's child \(child) outlived the time limit")
    }

    /// A command that ends at once, leaving a child behind (in its group, or in a session of its
    /// own where no signal to the group reaches it): its result is taken when it ends, not when the
    /// child does (the wait had lasted as long as the child, and then reported a time-out).
    @Test(arguments: ["(sleep 30) &", "setsid sleep 30 &"])
    func aCommandThatEndsIsNotWaitedForPastItsEnd(child: String) throws {
        let start = ContinuousClock.now
        let outcome = try Subprocess.run(
            ["/bin/sh", "-c", "\(child) echo drawn; exit 3"], timeLimit: .seconds(20))
        #expect(ContinuousClock.now - start < .seconds(15), "the wait lasted as long as the child")
        #expect(!outcome.timedOut)
        #expect(outcome.status == 3 && !outcome.wasSignalled)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "drawn\n")
    }

    /// A hanging command whose child escaped into a session of its own, as SwiftPM runs a manifest:
    /// the time limit still ends the wait, and on Linux the child too (found by its parent in `/proc`).
    @Test func theTimeLimitHoldsWhenAChildEscapesTheGroup() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-test-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let childFile = folder.appendingPathComponent("child").path
        let start = ContinuousClock.now
        let outcome = try Subprocess.run(
            ["/bin/sh", "-c", "setsid sleep 30 & echo $! > '\(childFile)'; sleep 30"], timeLimit: .milliseconds(500))
        #expect(outcome.timedOut)
        #expect(ContinuousClock.now - start < .seconds(15))
        #if os(Linux)
            let child = try processID(writtenIn: childFile)
            #expect(!isRunning(child), "the command's child \(child), in a session of its own, outlived the limit")
        #endif
    }

    /// Output past the limit is left unread, and said to be.
    @Test func outputPastTheLimitIsCut() throws {
        let outcome = try Subprocess.run(
            ["/bin/sh", "-c", "head -c 3000000 /dev/zero; echo err >&2"], timeLimit: .seconds(60), outputLimit: 1 << 20)
        #expect(outcome.outputWasCut)
        #expect(outcome.output.count == 1 << 20)
        #expect(outcome.errors == "err\n")
        let small = try Subprocess.run(["/bin/sh", "-c", "printf abc"], timeLimit: .seconds(60), outputLimit: 3)
        #expect(!small.outputWasCut && small.output == Data("abc".utf8))
    }

    /// With a time limit, the command still runs in the folder it is given.
    @Test func aCommandWithATimeLimitRunsInItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess folder-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Subprocess.run(["pwd"], in: folder, timeLimit: .seconds(60))
        #expect(String(decoding: outcome.output, as: UTF8.self) == folder.path + "\n")
    }

    /// Whether `pid` is a process that has not ended (an ended one may linger as a zombie, `Z`).
    /// The process ID a test's command wrote to `path`.
    private func processID(writtenIn path: String) throws -> Int32 {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    private func isRunning(_ pid: Int32) -> Bool {
        for _ in 0..<100 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let state = stat.split(separator: ")").last?.dropFirst().first
            else { return false }
            if state == "Z" || state == "X" { return false }
            usleep(20_000)  // SIGKILL is delivered asynchronously
        }
        return true
    }
}
