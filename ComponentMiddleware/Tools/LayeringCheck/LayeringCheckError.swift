import MiddlewareSupport

/// Why the check could not run at all (as opposed to finding violations).
public enum LayeringCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder holds no `Package.swift`.
    case notAPackage(path: String)
    /// `swift package describe` failed, e.g. because the manifest does not compile.
    case describeFailed(status: Int32, output: String)
    /// Another `swift package` command the check runs failed (`dump-package`, `show-dependencies`).
    case swiftPMFailed(command: String, status: Int32, output: String)
    /// A `swift package` command the check runs on the package at `path` did not finish within its
    /// time limit.
    case swiftPMTimedOut(command: String, timeLimit: Duration, path: String)
    /// The package description could not be decoded.
    case invalidDescription(String)
    /// A source file listed by the package could not be read.
    case unreadableFile(path: String, reason: String)
    /// The layer contract is malformed or does not fit the package; `key` names where, e.g.
    /// `layers[2].targets[0]`.
    case invalidContract(path: String, key: String, problem: String)
    /// A baseline file is not one that `--update-baseline` writes.
    case invalidBaseline(path: String, problem: String)
    /// The report could not be written.
    case unwritableFile(path: String, reason: String)
    /// Graphviz's `dot` is missing or failed to draw an SVG.
    case graphviz(String)

    /// The message shown to the user, with what to do. Names and values read from the package show
    /// control and formatting characters as `\u{…}`; `swift package describe`'s own output keeps its
    /// line breaks.
    public var description: String {
        switch self {
        case .describeFailed(let status, let output):
            Self.message(
                "`swift package describe` failed with status \(status); fix the manifest and try again", output)
        case .swiftPMFailed(let command, let status, let output):
            Self.message("`swift package \(command)` failed with status \(status)", output)
        default:
            plainDescription.visible
        }
    }

    /// `text` as one word for a POSIX shell: in single quotes, each single quote it holds written `'\''`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// A message, then SwiftPM's own lines, each escaped.
    private static func message(_ message: String, _ output: String) -> String {
        guard !output.isEmpty else { return message }
        return message + ":\n" + output.split(separator: "\n").map { String($0).visible }.joined(separator: "\n")
    }

    private var plainDescription: String {
        switch self {
        case .notAPackage(let path):
            "no Package.swift in '\(path)'; run from a package's root or pass --package-path"
        case .describeFailed, .swiftPMFailed:
            description
        case .swiftPMTimedOut(let command, let timeLimit, let path):
            "`swift package \(command)` did not finish within \(timeLimit) and was stopped."
                + " One cause is a symbolic link in the package to a folder above it, which makes SwiftPM walk"
                + " the same folders again and again: `find \(Self.shellQuoted(path)) -type l` lists the links;"
                + " remove such a link and try again. A package whose dependencies are not fetched yet may"
                + " only be slow: run `swift package resolve` in it first"
        case .invalidDescription(let detail):
            "could not read the package description: \(detail)"
        case .unreadableFile(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .invalidContract(let path, let key, let problem):
            "\(path): \(key): \(problem)"
        case .invalidBaseline(let path, let problem):
            "'\(path)' is not a baseline (\(problem)); write one with --update-baseline"
        case .unwritableFile(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .graphviz(let problem):
            problem
        }
    }
}
