import MallNavigator
import Middleware
import MiddlewareSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `mall` keeps the user's state across restarts: the folder `--state-dir` names, else the
/// one `MALL_STATE_DIR` names, else the platform's state folder (`$XDG_STATE_HOME/mall`, or
/// `~/.local/state/mall` on Linux; `~/Library/Application Support/mall` on macOS).
enum StateLocation {
    /// Where the state folder's warnings go: standard error until the session runs, then the
    /// session's notices, which a terminal shows on a line of their own with the prompt below (a
    /// file waited for is said while the user types) and `--analytics` records.
    @MainActor
    final class Warnings {
        private let terminal: any Terminal
        /// The running session's inbox, once there is one.
        var inbox: SessionInbox?

        init(terminal: any Terminal) {
            self.terminal = terminal
        }

        func say(_ problem: String) {
            // Once the session has ended, standard error.
            if inbox?.post(.notice(Notice(kind: "state-warning", detail: problem))) != true {
                terminal.writeError("warning: \(problem)\n")
            }
        }
    }

    /// The environment variable naming the state folder.
    static let variable = "MALL_STATE_DIR"

    /// The folder, and what named it; `nil` when nothing names one (no `HOME`).
    static func folder(given: String?, environment: Environment) -> (path: String, source: String)? {
        if let given { return (given, "--state-dir") }
        func set(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let path = set(variable) { return (path, variable) }
        // The XDG specification ignores a relative XDG_STATE_HOME, and so does `mall`.
        if let base = set("XDG_STATE_HOME"), base.hasPrefix("/") { return (base + "/mall", "XDG_STATE_HOME") }
        guard let home = set("HOME"), home.hasPrefix("/") else { return nil }
        #if os(macOS)
            return (home + "/Library/Application Support/mall", "HOME")
        #else
            return (home + "/.local/state/mall", "HOME")
        #endif
    }

    /// The state folder for a session, its files' warnings going to `warn`; `nil`, with a warning on
    /// `terminal`, when nothing names one. A path that exists and is not a folder is refused before
    /// anything changes.
    @MainActor
    static func stateFolder(
        given: String?, environment: Environment, terminal: any Terminal, lockWaitLimit: Duration,
        warn: @escaping @MainActor @Sendable (String) -> Void
    ) throws(LaunchFailure) -> StateFolder? {
        guard let (path, source) = folder(given: given, environment: environment) else {
            terminal.writeError(
                "warning: nothing you do is kept after you quit: HOME is not set to an absolute path;"
                    + " pass --state-dir <folder>\n")
            return nil
        }
        try refuseWhatStandsInTheWay(of: path, source: source)
        return StateFolder(path: path, lockWaitLimit: lockWaitLimit, warn: warn)
    }

    /// How long a file's lock is waited for: half a screen's time limit, at most 10 seconds, so a
    /// screen whose state waits for another process fails saying why before its time runs out.
    static func lockWaitLimit(loadTimeLimit: Duration) -> Duration {
        min(.seconds(10), loadTimeLimit / 2)
    }

    /// Refuses a state folder that is not a folder, or lies below a file: the folder is made when
    /// first needed, and what already stands in its way is refused before anything changes.
    static func refuseWhatStandsInTheWay(of path: String, source: String) throws(LaunchFailure) {
        var probe = path
        while !probe.isEmpty {
            var status = stat()
            if stat(probe, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    let what = probe == path ? "is not a folder" : "cannot be made: '\(probe.visible)' is not a folder"
                    throw LaunchFailure(
                        "Error: the state folder '\(path.visible)' (from \(source)) \(what); pass one with --state-dir",
                        status: .usage)
                }
                break
            }
            guard let slash = probe.lastIndex(of: "/") else { break }
            probe = String(probe[..<slash])
        }
    }
}
