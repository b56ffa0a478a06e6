import Foundation

/// Runs a command to completion, for the package's programs and their tests.
///
/// Output goes to temporary files rather than pipes, so a command that writes a lot to both streams
/// can never block on a full pipe while the other one is being read.
public enum Subprocess {
    /// What a finished command left behind.
    public struct Outcome: Sendable {
        /// The exit status, or the signal that ended it when ``wasSignalled``.
        public var status: Int32
        /// Whether a signal ended the command (``status`` is then the signal's number).
        public var wasSignalled: Bool
        /// Whether the command outlived its time limit and was killed.
        public var timedOut: Bool
        /// Everything written to standard output.
        public var output: Data
        /// Everything written to standard error.
        public var errors: String
    }

    /// Runs `arguments`: an absolute path runs that file, anything else is found on the `PATH`
    /// through `/usr/bin/env` (so `swift` is found).
    ///
    /// - Parameters:
    ///   - directory: The working directory; the current one if `nil`.
    ///   - input: Text for standard input; none (end of input at once) if `nil`.
    ///   - mergingErrors: Whether standard error goes to ``Outcome/output`` too, in order.
    ///   - timeLimit: How long the command may run before it is killed; no limit if `nil`.
    public static func run(
        _ arguments: [String],
        in directory: URL? = nil,
        input: String? = nil,
        mergingErrors: Bool = false,
        timeLimit: Duration? = nil
    ) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("output")
        let errorsURL = folder.appendingPathComponent("errors")
        let inputURL = folder.appendingPathComponent("input")
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)
        try Data((input ?? "").utf8).write(to: inputURL)

        let output = try FileHandle(forWritingTo: outputURL)
        let errors = mergingErrors ? output : try FileHandle(forWritingTo: errorsURL)
        let process = Process()
        if let first = arguments.first, first.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: first)
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
        }
        if let directory {
            process.currentDirectoryURL = directory
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : try FileHandle(forReadingFrom: inputURL)
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if let timeLimit {
            let (seconds, attoseconds) = timeLimit.components
            let deadline =
                DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
            if finished.wait(timeout: deadline) == .timedOut {
                timedOut = true
                // Foundation starts the command as the leader of a process group of its own: ending the
                // group ends what the command started too, which would otherwise hold the wait below
                // open as long as it lives. Where the command shares this process's group, `-pid` names
                // no group and only the command is killed.
                kill(-process.processIdentifier, SIGKILL)
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        } else {
            finished.wait()
        }
        process.waitUntilExit()
        try output.close()
        if !mergingErrors {
            try errors.close()
        }
        return Outcome(
            status: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            output: try contents(of: outputURL),
            errors: String(decoding: try contents(of: errorsURL), as: UTF8.self)
        )
    }

    /// Everything in the file at `url`, read through a file handle: `Data(contentsOf:)` leaks a
    /// buffer each time it reads an empty file (Foundation, Swift 6.3), and standard error usually is one.
    public static func contents(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
