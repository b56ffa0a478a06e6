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
        /// What was written to standard output, up to the output limit.
        public var output: Data
        /// Whether the command wrote more than the output limit, which was left unread.
        public var outputWasCut: Bool
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
    ///   - timeLimit: How long the command may run before it and what it started are killed; no limit
    ///     if `nil`. Of a command it stopped, at most 64 KB of each stream is read back.
    ///   - outputLimit: The most bytes of standard output read back (more is reported as
    ///     ``Outcome/outputWasCut``), and of standard error. No limit if `nil`.
    public static func run(
        _ arguments: [String],
        in directory: URL? = nil,
        input: String? = nil,
        mergingErrors: Bool = false,
        timeLimit: Duration? = nil,
        outputLimit: Int? = nil
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
        // An absolute path runs that file; anything else is found on the PATH by env.
        let command =
            arguments.first.map { $0.hasPrefix("/") } == true ? arguments : ["/usr/bin/env"] + arguments
        let ending: Ending
        if let timeLimit {
            // posix_spawn has no portable way to set the working directory: a shell changes to it.
            let moved = directory.map { ["/bin/sh", "-c", #"cd -- "$0" && exec "$@""#, $0.path] + command } ?? command
            ending = try spawn(
                moved, input: input == nil ? "/dev/null" : inputURL.path, output: outputURL.path,
                errors: mergingErrors ? nil : errorsURL.path, timeLimit: timeLimit)
        } else {
            ending = try launch(
                command, in: directory, input: input == nil ? nil : inputURL, output: outputURL,
                errors: mergingErrors ? nil : errorsURL)
        }
        // What a command that was stopped wrote is a clue at most: a runaway one may have written
        // gigabytes, which are not worth reading back.
        let limit = ending.timedOut ? min(outputLimit ?? Self.stoppedOutputLimit, Self.stoppedOutputLimit) : outputLimit
        let output = try contents(of: outputURL, limit: limit)
        return Outcome(
            status: ending.status,
            wasSignalled: ending.wasSignalled,
            timedOut: ending.timedOut,
            output: output.prefix(limit ?? .max),
            outputWasCut: limit.map { output.count > $0 } ?? false,
            errors: String(decoding: try contents(of: errorsURL, limit: limit), as: UTF8.self)
        )
    }

    /// The most bytes of each stream read back from a command its time limit stopped.
    static let stoppedOutputLimit = 64 << 10

    /// How a command ended: its status (or signal), and whether the time limit ended it.
    private typealias Ending = (status: Int32, wasSignalled: Bool, timedOut: Bool)

    /// Runs `command` with Foundation's `Process` and waits for it to end.
    private static func launch(
        _ command: [String], in directory: URL?, input: URL?, output outputURL: URL, errors errorsURL: URL?
    ) throws -> Ending {
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try errorsURL.map { try FileHandle(forWritingTo: $0) } ?? output
        defer {
            try? output.close()
            if errorsURL != nil { try? errors.close() }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        if let directory {
            process.currentDirectoryURL = directory
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = try input.map { try FileHandle(forReadingFrom: $0) } ?? FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, false)
    }

    /// Runs `command` in a process group of its own and waits for the command itself, at most
    /// `timeLimit`; then the group is ended, so what the command started ends with it.
    ///
    /// Foundation's `Process` reports the end of a command only when every process holding a
    /// descriptor it gave the command has closed it, so a child the command leaves running (even in
    /// a session of its own, out of reach of any signal to the group) would hold the wait open for
    /// as long as it lives. `waitpid` reports the command alone.
    private static func spawn(
        _ command: [String], input: String, output: String, errors: String?, timeLimit: Duration
    ) throws -> Ending {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_TRUNC, 0)
        if let errors {
            posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_TRUNC, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // A group of its own, whose number is the command's process id.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        var pid: pid_t = 0
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw SpawnFailure(errorDescription: "cannot run \(command[0]): \(String(cString: strerror(spawned)))")
        }
        let deadline = ContinuousClock.now + timeLimit
        var status: Int32 = 0
        var timedOut = false
        // Polled every 5 ms: the wait is as long as the command, never as long as what it left behind.
        while true {
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid || (ended < 0 && errno != EINTR) { break }
            if ContinuousClock.now >= deadline {
                timedOut = true
                endEverything(startedBy: pid)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(5_000)
        }
        kill(-pid, SIGKILL)  // what the command left running in its group
        let signalled = status & 0x7F != 0 && status & 0x7F != 0x7F
        return (signalled ? status & 0x7F : (status >> 8) & 0xFF, signalled, timedOut)
    }

    /// Ends the command `pid`, its group, and every process it started, in its group or not: SwiftPM
    /// runs a package's manifest in a group of its own and leaves it running when it is itself ended.
    /// The group is stopped first, so nothing in it starts more while the others are found; then each
    /// descendant is stopped as it is found (twice over, for one started in between), and all are killed.
    private static func endEverything(startedBy pid: pid_t) {
        kill(-pid, SIGSTOP)
        var found: Set<pid_t> = []
        for _ in 0..<2 {
            for process in descendants(of: pid) where found.insert(process).inserted {
                kill(process, SIGSTOP)
            }
        }
        kill(-pid, SIGKILL)
        for process in found {
            kill(process, SIGKILL)
        }
    }

    /// The processes descended from `pid`, read from `/proc` (Linux); none where there is no `/proc`,
    /// and then only the group is ended.
    private static func descendants(of pid: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [pid_t]] = [:]
        for entry in entries {
            guard let process = pid_t(entry), let parent = parent(of: process) else { continue }
            children[parent, default: []].append(process)
        }
        var result: [pid_t] = []
        var pending = [pid]
        while let next = pending.popLast() {
            let found = children[next] ?? []
            result += found
            pending += found
        }
        return result
    }

    /// The parent of `process`: the field after the state in `/proc/<pid>/stat`, which follows the
    /// command's name in parentheses (a name may itself hold parentheses and spaces).
    private static func parent(of process: pid_t) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(process)/stat"),
            let close = data.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = data[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    /// Everything in the file at `url`, read through a file handle: `Data(contentsOf:)` leaks a
    /// buffer each time it reads an empty file (Foundation, Swift 6.3), and standard error usually is one.
    public static func contents(of url: URL) throws -> Data {
        try contents(of: url, limit: nil)
    }

    /// The file at `url`, at most `limit` bytes and one more (so a caller can tell it was longer).
    private static func contents(of url: URL, limit: Int?) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        guard let limit else { return try handle.readToEnd() ?? Data() }
        return try handle.read(upToCount: limit + 1) ?? Data()
    }
}

/// Why a command could not be started.
private struct SpawnFailure: LocalizedError {
    var errorDescription: String?
}
