import MallBase
import Middleware
import MiddlewareSupport

/// What a program with routes offers a session: `open URL` typed on a screen. Previews have no routes.
@MainActor
public protocol AppLinks {
    /// The screen `url` opens for `caller`, or why it opens nothing. Nothing changes either way.
    func screen(for url: String, from caller: Caller) -> Result<Screen, RouteError>
    /// What the program tells about its links, for the hints of a refused one.
    var help: RouteHelp { get }
}

extension AppLinks {
    /// Nothing told: the hints are the trunk's own words.
    public var help: RouteHelp { .none }
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
