import MallBase
import MallNavigator
import Middleware
import MiddlewareSupport

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
    /// The service given with `--backend`, where the components' records come from.
    var backend: String?

    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) async throws(LaunchFailure) -> ExitCode {
        // A state folder in the way is refused before anything is fetched.
        // Strongly: the terminal holds nothing of the app's, and a weak reference could end before
        // the terminal does, which LeakSanitizer reports at exit (see .ci/lsan-suppressions.txt).
        let warnings = StateLocation.Warnings(terminal: terminal)
        let stateFolder = try StateLocation.stateFolder(
            given: stateDirectory, environment: app.links.environment, terminal: terminal,
            lockWaitLimit: StateLocation.lockWaitLimit(loadTimeLimit: session.loadTimeLimit), warn: warnings.say)
        // A fetch gives up before the screen does, so a kept answer can still be shown in time.
        let service = try Service.named(
            backend, environment: app.links.environment, timeout: session.loadTimeLimit * 0.75)
        try await app.links.prepare(routesConfigPath: routesConfigPath, refresh: routesRefresh)
        app.keepState(in: stateFolder)
        app.readRecords(from: service)
        let launch = SessionLaunch(program: "mall", options: session, hooks: app.hooks)
        let home = try app.launchHome(launch, terminal: terminal)
        // The link is checked before anything is created (the analytics file), so a refusal changes nothing.
        let opening = try openURL.map { url throws(LaunchFailure) in try app.links.launchScreen(for: url) }
        let session = try launch.session(home: home, links: app.links, terminal: terminal)
        // Input that is not typed (piped, or a --script) sees the sign-in as its file holds it, however
        // long the read takes; at a terminal the session starts at once, and the sign-in page reads it
        // if it is still needed then.
        if !session.isInteractive {
            try? await app.account.read()
        }
        // The server's warnings go to standard error and, with --analytics, to the file too: the
        // launch's fetch says its own now that the file is open, later ones come as the session's
        // events and are said when they happen.
        session.onNotice = { launch.say($0, terminal: terminal) }
        let inbox = session.inbox
        warnings.inbox = inbox
        let pending = app.links.feed?.takeWarnings { inbox.post(.notice($0.notice)) } ?? []
        for warning in pending {
            launch.say(warning.notice, terminal: terminal)
        }
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
        /// What is still being saved (a change a page asked for as it left) is saved before input that
        /// is not typed ends the program, even one that failed, so its files never depend on timing;
        /// its warnings go to standard error, as the session no longer runs. At a terminal `q` does
        /// not wait.
        func finishSaving() async {
            warnings.inbox = nil
            if !session.isInteractive {
                await KeptStateWork.waitUntilDone()
            }
        }
        do {
            try await launch.run(session, terminal: terminal)
        } catch {
            await finishSaving()
            throw error
        }
        await finishSaving()
        return .success
    }
}
