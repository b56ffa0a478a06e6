import Foundation
import MiddlewareSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the navigator reads commands and writes screens: the real terminal, or a script.
@MainActor
public protocol Terminal: AnyObject {
    /// Whether a person types at a terminal, which echoes what they type; otherwise the app echoes it.
    var isInteractive: Bool { get }
    /// Whether output may carry ANSI colour.
    var usesColor: Bool { get }
    /// The next line of input without its line break, or `nil` at the end of input. It waits for
    /// the line without holding the main actor, which goes on with other work meanwhile.
    func readLine() async -> String?
    /// Writes text to standard output.
    func write(_ text: String)
    /// Writes text to standard error.
    func writeError(_ text: String)
    /// Why the run cannot go on, once output was lost or input could not be read: the session ends,
    /// and the program's `main` exits with status 2. `nil` while all is well.
    var failure: String? { get }
    /// Records why the run cannot go on (the first reason is kept); later reads find the end of input.
    func fail(_ reason: String)
}

/// The process's standard input and output.
@MainActor
public final class StandardTerminal: Terminal {
    public let isInteractive: Bool
    public let usesColor: Bool

    /// Creates the terminal; colour only when stdout is a terminal, `NO_COLOR` is unset and `allowsColor`.
    public init(allowsColor: Bool = true, environment: Environment = .process) {
        isInteractive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        usesColor = allowsColor && !noColor && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
    }

    private let input = LineSource(.standardInput)
    public private(set) var failure: String?

    /// The next line, split as scripts are (``LineSplitter``); any bytes become some string. After
    /// a failure there is nothing more to read, so the session ends.
    public func readLine() async -> String? {
        guard failure == nil else { return nil }
        switch await input.next() {
        case .line(let line): return line
        case .end, .failure: return nil  // standard input that fails to read ends like its end
        }
    }

    deinit {
        input.stop()
    }

    /// Writes to standard output. If that fails (a full disk, a closed pipe), the session cannot go
    /// on unseen: the failure is recorded, said on standard error, and the session ends.
    public func write(_ text: String) {
        guard failure == nil else { return }
        if let code = Output.writeAll(text, to: STDOUT_FILENO) {
            fail("cannot write to standard output: \(Output.reason(code))")
        }
    }

    /// Writes to standard error: warnings, the trace, errors. A failure ends the session like one
    /// on standard output, since what the user asked for (`--trace`) would be lost.
    public func writeError(_ text: String) {
        if let code = Output.writeAll(text, to: STDERR_FILENO), failure == nil {
            failure = "cannot write to standard error: \(Output.reason(code))"
        }
    }

    public func fail(_ reason: String) {
        guard failure == nil else { return }
        failure = reason
        writeError("Error: \(reason)\n")
    }
}

/// A terminal fed from a list of lines (a `--script` file, the tour, a test), recording all it prints,
/// or passing it on to another terminal.
@MainActor
public final class ScriptedTerminal: Terminal {
    /// Whether it stands for a person at a terminal (a test of what a person sees); by default a script.
    public var isInteractive = false
    public let usesColor: Bool
    private var lines: ArraySlice<String>
    /// A script file's lines, read on a thread of their own: a FIFO may keep the reader waiting.
    private let file: LineSource?
    private let forward: (any Terminal)?
    /// Everything written to standard output; empty when the text is forwarded, so a long script
    /// runs in constant memory.
    public private(set) var output = ""
    /// Everything written to standard error; empty when the text is forwarded.
    public private(set) var errorOutput = ""

    /// Creates a terminal that answers `lines` in order, then end of input.
    /// - Parameter forward: A terminal that receives everything written instead of this one keeping
    ///   it, e.g. the real one.
    public convenience init(lines: [String], usesColor: Bool = false, forwardingTo forward: (any Terminal)? = nil) {
        self.init(lines: lines, file: nil, usesColor: usesColor, forwardingTo: forward)
    }

    private init(lines: [String], file: LineSource?, usesColor: Bool, forwardingTo forward: (any Terminal)?) {
        self.lines = lines[...]
        self.file = file
        self.usesColor = usesColor
        self.forward = forward
    }

    /// Creates a terminal that answers the lines of `text`.
    public convenience init(script text: String, usesColor: Bool = false, forwardingTo forward: (any Terminal)? = nil) {
        self.init(lines: LineSplitter.lines(of: text), usesColor: usesColor, forwardingTo: forward)
    }

    /// Creates a terminal that answers the lines of an opened script file, reading them as they are asked for.
    convenience init(file: FileHandle, path: String, usesColor: Bool, forwardingTo forward: any Terminal) {
        self.init(
            lines: [], file: LineSource(LineReader(script: file, path: path)), usesColor: usesColor,
            forwardingTo: forward)
    }

    deinit {
        file?.stop()
    }

    private var ownFailure: String?

    /// Why the run cannot go on: this terminal's own (a script that cannot be read), or the one it
    /// forwards to.
    public var failure: String? { ownFailure ?? forward?.failure }

    public func readLine() async -> String? {
        guard failure == nil else { return nil }
        if let line = lines.popFirst() { return line }
        switch await file?.next() {
        case .line(let line)?: return line
        case .failure(let reason)?:
            fail(reason)
            return nil
        case .end?, nil: return nil
        }
    }

    public func fail(_ reason: String) {
        guard failure == nil else { return }
        if let forward {
            forward.fail(reason)
        } else {
            ownFailure = reason
            errorOutput += "Error: \(reason)\n"
        }
    }

    public func write(_ text: String) {
        if let forward { forward.write(text) } else { output += text }
    }

    public func writeError(_ text: String) {
        if let forward { forward.writeError(text) } else { errorOutput += text }
    }
}
