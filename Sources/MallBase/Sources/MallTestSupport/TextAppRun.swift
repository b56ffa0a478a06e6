import MallNavigator
import MiddlewareSupport

/// What one run of a text app printed.
public struct TextAppRun: Sendable {
    /// The exit status.
    public var status: ExitCode
    /// Everything written to standard output.
    public var output: String
    /// Everything written to standard error.
    public var errors: String

    /// Creates a run's record.
    public init(status: ExitCode, output: String, errors: String) {
        self.status = status
        self.output = output
        self.errors = errors
    }
}

extension ComponentPreview {
    /// Runs the app as `<program> <arguments>` with `input` as the lines typed.
    @MainActor
    public func run(_ arguments: [String] = [], input: [String]) async -> TextAppRun {
        let terminal = ScriptedTerminal(lines: input)
        let status = await run(arguments: arguments) { _ in terminal }
        return TextAppRun(status: status, output: terminal.output, errors: terminal.errorOutput)
    }
}

extension String {
    /// The titles of the screens shown, in order (`== Title ==` lines).
    public var screenTitles: [String] {
        split(separator: "\n").compactMap { line in
            guard line.hasPrefix("== "), line.hasSuffix(" ==") else { return nil }
            return String(line.dropFirst(3).dropLast(3))
        }
    }
}
