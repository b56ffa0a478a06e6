import Foundation
import Support
import Testing

/// The commands the programs run (Graphviz's `dot`) end within their time limit, with all they started.
@Suite("Subprocess", .timeLimit(.minutes(2)))
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
        let child = try #require(
            Int32(String(contentsOfFile: childFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!isRunning(child), "the command's child \(child) outlived the time limit")
    }

    /// Whether `pid` is a process that has not ended (an ended one may linger as a zombie, `Z`).
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
