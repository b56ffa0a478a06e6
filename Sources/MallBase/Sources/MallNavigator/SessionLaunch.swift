import Foundation
import MallBase
import Middleware
import MiddlewareSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What every program that shows screens does to start a session, whatever its mode: warn about
/// holes in the wiring (or refuse them with `--strict`), read commands from a script if asked, and
/// add the `--trace` and `--analytics` observers to the program's hooks.
@MainActor
public struct SessionLaunch {
    /// The program's name, as messages spell it: `mall`, `ShopPreview`.
    public var program: String
    /// The session's options.
    public var options: SessionOptions
    /// The program's own observers and guards.
    public var hooks: NavigationHooks
    /// The clock analytics timestamps come from.
    public var now: @MainActor () -> Date
    /// The analytics file, once ``session(home:links:terminal:)`` opened it.
    private let analytics = AnalyticsSlot()

    /// Creates a launch of `program`'s session.
    public init(
        program: String, options: SessionOptions, hooks: NavigationHooks = NavigationHooks(),
        now: @escaping @MainActor () -> Date = Date.init
    ) {
        self.program = program
        self.options = options
        self.hooks = hooks
        self.now = now
    }

    /// Warns about each hole in the wiring; with `--strict`, refuses to start.
    public func checkWiring(_ report: WiringReport, terminal: any Terminal) throws(LaunchFailure) {
        for require in report.unwired {
            terminal.writeError("warning: \(require) is not wired; its screens will show 'unavailable'\n")
        }
        if options.isStrict && !report.isComplete {
            let holes = report.unwired.count
            throw LaunchFailure(
                "error: \(holes) \(holes == 1 ? "require is" : "requires are") not wired (--strict);"
                    + " run '\(program) audit'",
                status: .findings
            )
        }
    }

    /// The session, starting on `home`; nothing is shown yet.
    ///
    /// - Parameter links: What `open URL` uses inside the session, if the program has routes.
    public func session(home: Screen, links: (any AppLinks)?, terminal: any Terminal) throws(LaunchFailure)
        -> Session
    {
        let input = try input(terminal: terminal)
        let session = Session(home: home, terminal: input, hooks: try hooks(terminal: terminal), links: links)
        session.loadTimeLimit = options.loadTimeLimit
        session.isSavingChanges = { KeptStateWork.isChanging }
        return session
    }

    /// Runs `session` until `q` or the end of input; a failure that ended it early (lost output,
    /// an unreadable script) is thrown, for `main` to exit with status 2.
    public func run(_ session: Session, terminal: any Terminal) async throws(LaunchFailure) {
        await session.run()
        try Self.check(terminal)
    }

    /// Says `notice` as a `warning:` line on standard error and, with `--analytics`, records it.
    public func say(_ notice: Notice, terminal: any Terminal) {
        terminal.writeError("warning: \(notice.detail)\n")
        record(notice, terminal: terminal)
    }

    /// Appends `notice` to the analytics file, when `--analytics` opened one: something the program
    /// reports besides a navigation, such as a routes configuration a server sent and the app refused.
    public func record(_ notice: Notice, terminal: any Terminal) {
        guard let file = analytics.file, terminal.failure == nil else { return }
        if let failure = file.append(NavigationLog.noticeLine(notice, at: now())) {
            terminal.fail("cannot write analytics to '\(file.path)': \(failure)")
        }
    }

    /// Throws the terminal's failure, if something failed.
    public static func check(_ terminal: any Terminal) throws(LaunchFailure) {
        if terminal.failure != nil {
            // Already said on standard error when it happened.
            throw LaunchFailure("", status: .usage)
        }
    }

    /// The terminal commands come from: the script's lines, or the terminal itself.
    private func input(terminal: any Terminal) throws(LaunchFailure) -> any Terminal {
        guard let path = options.scriptPath else { return terminal }
        do {
            let script = try Self.openScript(at: path, program: program)
            return ScriptedTerminal(file: script, path: path, usesColor: terminal.usesColor, forwardingTo: terminal)
        } catch {
            throw LaunchFailure(error.description, status: .usage)
        }
    }

    /// The program's hooks, plus the trace and analytics observers the options ask for.
    private func hooks(terminal: any Terminal) throws(LaunchFailure) -> NavigationHooks {
        var hooks = self.hooks
        if options.isTracing {
            hooks.observers.append { terminal.writeError(NavigationLog.traceLine($0) + "\n") }
            hooks.loadObservers.append { terminal.writeError(NavigationLog.traceLine($0) + "\n") }
        }
        if let path = options.analyticsPath {
            let file = try AnalyticsFile(path: path)
            analytics.file = file
            let now = self.now
            hooks.observers.append { event in
                guard terminal.failure == nil else { return }
                if let failure = file.append(NavigationLog.analyticsLine(event, at: now())) {
                    terminal.fail("cannot write analytics to '\(file.path)': \(failure)")
                }
            }
            hooks.loadObservers.append { end in
                guard terminal.failure == nil else { return }
                if let failure = file.append(NavigationLog.analyticsLine(end, at: now())) {
                    terminal.fail("cannot write analytics to '\(file.path)': \(failure)")
                }
            }
        }
        return hooks
    }

    /// Opens a script file; its lines are read as they are needed, and invalid UTF-8 in them is
    /// repaired rather than refused, like typed input.
    ///
    /// Any file that opens for reading is a script: a regular file, `/dev/null`, a FIFO, a process
    /// substitution. What does not open is refused with the system's reason.
    private static func openScript(at path: String, program: String) throws(UsageError) -> FileHandle {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw UsageError("cannot read script '\(path)': \(openFailure(errno))", program: program)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw UsageError("cannot read script '\(path)': it is a directory", program: program)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Why `open` failed, in the words of the other messages.
    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        default:
            let reason = Output.reason(code)
            return reason.prefix(1).lowercased() + reason.dropFirst()
        }
    }
}
