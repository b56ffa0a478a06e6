import MallNavigator
import MiddlewareSupport

/// `mall --tour`: a self-playing walk through all four components.
struct TourCommand: Equatable {
    /// The session's options (`--script` and `--routes-config` are refused: the tour plays itself,
    /// on the native screens).
    var session: SessionOptions

    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) async throws(LaunchFailure) -> ExitCode {
        // The tour walks the native screens, whatever a server pushed: no routes configuration.
        try await app.links.prepare(routesConfigPath: nil, readsEnvironment: false)
        let launch = SessionLaunch(program: "mall", options: session, hooks: app.hooks)
        // The tour's home lists its four components, however many the app has (past 12 the app's lists groups).
        let home = try app.launchHome(launch, of: Tour.components, terminal: terminal)
        let session = try launch.session(home: home, links: app.links, terminal: terminal)
        if case .failure(let error) = await Tour.play(in: session, terminal: terminal) {
            throw LaunchFailure(error.description, status: .findings)
        }
        try SessionLaunch.check(terminal)
        return .success
    }
}
