/// A command line a program cannot run: the one convention every executable of the package follows.
///
/// The program prints ``description`` on standard error, `Error: <message>` then where the usage is,
/// and exits with ``ExitCode/usage``.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, and what to do where that is not obvious.
    public var message: String
    /// The program's name, for the hint.
    public var program: String

    /// Creates an error for `program`.
    public init(_ message: String, program: String) {
        self.message = message
        self.program = program
    }

    /// The message, then where to find the usage.
    public var description: String { "Error: \(message)\nRun '\(program) --help' for usage." }
}

/// How a program of the package ends: success, findings (a hole, a violation, a stale file), or a
/// usage or I/O error. Only a program's `main` turns one into the process's status.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case findings = 1
    case usage = 2
}
