import MallBase
import Middleware

/// What a program with routes offers the text app: URLs to screens, the route table as a document,
/// and the checks that must pass before it starts. Previews have no routes.
@MainActor
public protocol AppLinks {
    /// The screen `url` opens for `caller`, or why it opens nothing. Nothing changes either way.
    func screen(for url: String, from caller: Caller) -> Result<Screen, RouteError>

    /// The route table as `mall routes` prints it.
    func document(_ format: LaunchOptions.RouteFormat) -> String

    /// Applies what the command line and environment configure (`--routes-config`) and checks the
    /// table; a failure stops the launch before anything is shown.
    func prepare(_ options: LaunchOptions) -> Result<Void, LaunchFailure>
}

/// Why a program refused to start, and the status it exits with.
public struct LaunchFailure: Error, Equatable, Sendable {
    /// The message for standard error, one or more lines.
    public var message: String
    /// The exit status.
    public var status: ExitCode

    /// Creates a failure.
    public init(_ message: String, status: ExitCode) {
        self.message = message
        self.status = status
    }
}
