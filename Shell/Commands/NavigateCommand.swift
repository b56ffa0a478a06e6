import MallBase
import MallNavigator
import Support

/// `mall [open URL] [--script FILE] [options]`: navigate from the home screen, or from the screen a
/// link opens, with commands typed, piped, or read from a script.
struct NavigateCommand: Equatable {
    /// The session's options.
    var session: SessionOptions
    /// A URL to open before reading commands, as a link from another app would (`open URL`).
    var openURL: String?
    /// The routes configuration given with `--routes-config`.
    var routesConfigPath: String?
    /// The time between fetches of a routes configuration address (`--routes-refresh`).
    var routesRefresh: Duration?
    /// The folder given with `--state-dir`, where the user's state is kept across restarts.
    var stateDirectory: String?

    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) throws(LaunchFailure) -> ExitCode {
        // A state folder in the way is refused before anything is fetched.
        let stateFolder = try StateLocation.stateFolder(
            given: stateDirectory, environment: app.links.environment, terminal: terminal)
        try app.links.prepare(routesConfigPath: routesConfigPath, refresh: routesRefresh)
        app.keepState(in: stateFolder)
        var hooks = app.hooks
        // What the server's feed had to say is said after the next navigation, whatever it opened.
        // Weakly: the links' warning hook holds this launch, and with it these observers.
        hooks.observers.append { [weak links = app.links] _ in links?.sayFeedWarnings() }
        let launch = SessionLaunch(program: "mall", options: session, hooks: hooks)
        try launch.checkWiring(app.audit, terminal: terminal)
        // The link is checked before anything is created (the analytics file), so a refusal changes nothing.
        let opening = try openURL.map { url throws(LaunchFailure) in try app.links.launchScreen(for: url) }
        let session = try launch.session(home: app.home, links: app.links, terminal: terminal)
        // The server's warnings go to standard error and, with --analytics, to the file too; the
        // launch's fetch says its own now that the file is open.
        app.links.warn = { warning in
            terminal.writeError("warning: \(warning.message)\n")
            launch.record(Notice(kind: warning.kind.rawValue, detail: warning.message), terminal: terminal)
        }
        app.links.sayFeedWarnings()
        if let opening {
            do {
                try session.navigator.open(opening)
            } catch {
                throw LaunchFailure("Error: \(error)", status: .usage)
            }
        }
        // A server's configuration is fetched again while the session runs, never holding it up.
        let polling = app.links.feed?.poll()
        defer { polling?.cancel() }
        try launch.run(session, terminal: terminal)
        return .success
    }
}
