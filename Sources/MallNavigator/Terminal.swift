import Foundation

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
    /// The next line of input without its line break, or `nil` at the end of input.
    func readLine() -> String?
    /// Writes text to standard output.
    func write(_ text: String)
    /// Writes text to standard error.
    func writeError(_ text: String)
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

    private var input = LineReader.standardInput

    /// The next line, split as scripts are (``LineSplitter``); any bytes become some string.
    public func readLine() -> String? {
        input.next()
    }

    /// Writes to standard output. If that fails (a full disk, a closed pipe), the session cannot go
    /// on unseen: it says so on standard error and exits with status 2.
    public func write(_ text: String) {
        if let failure = writeAll(text, to: STDOUT_FILENO) {
            writeError("Error: cannot write to standard output: \(String(cString: strerror(failure)))\n")
            exit(ExitCode.usage.rawValue)
        }
    }

    /// Why a write failed, in the system's words ("Broken pipe", "No space left on device") when the
    /// error carries them.
    static func reason(for error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        guard let posix = underlying, posix.domain == NSPOSIXErrorDomain else { return error.localizedDescription }
        return String(cString: strerror(Int32(posix.code)))
    }

    /// Writes to standard error; if even that fails, there is nowhere left to say so.
    public func writeError(_ text: String) {
        _ = writeAll(text, to: STDERR_FILENO)
    }
}

/// Writes every byte of `text` to `descriptor`, waiting while one someone left non-blocking is full.
///
/// The text's own UTF-8 storage is written as it is: converting it to `Data` for a `FileHandle`
/// first cost a fiftieth of the app's launch.
/// - Returns: The `errno` of the write that failed, or `nil` when all of `text` was written.
func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var text = text
    return text.withUTF8 { bytes in
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count >= 0 {
                written += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&waiting, 1, -1)
            } else if errno != EINTR {
                return errno
            }
        }
        return nil
    }
}

/// A terminal fed from a list of lines (a `--script` file, the tour, a test), recording all it prints,
/// or passing it on to another terminal.
@MainActor
public final class ScriptedTerminal: Terminal {
    public let isInteractive = false
    public let usesColor: Bool
    private var lines: ArraySlice<String>
    private var file: LineReader?
    private let forward: (any Terminal)?
    /// Everything written to standard output; empty when the text is forwarded, so a long script
    /// runs in constant memory.
    public private(set) var output = ""
    /// Everything written to standard error; empty when the text is forwarded.
    public private(set) var errorOutput = ""

    /// Creates a terminal that answers `lines` in order, then end of input.
    /// - Parameter forward: A terminal that receives everything written instead of this one keeping
    ///   it, e.g. the real one.
    public init(lines: [String], usesColor: Bool = false, forwardingTo forward: (any Terminal)? = nil) {
        self.lines = lines[...]
        self.usesColor = usesColor
        self.forward = forward
    }

    /// Creates a terminal that answers the lines of `text`.
    public convenience init(script text: String, usesColor: Bool = false, forwardingTo forward: (any Terminal)? = nil) {
        self.init(lines: LineSplitter.lines(of: text), usesColor: usesColor, forwardingTo: forward)
    }

    /// Creates a terminal that answers the lines of an opened script file, reading them as they are asked for.
    convenience init(file: FileHandle, path: String, usesColor: Bool, forwardingTo forward: any Terminal) {
        self.init(lines: [], usesColor: usesColor, forwardingTo: forward)
        self.file = LineReader(script: file, path: path)
    }

    public func readLine() -> String? {
        lines.popFirst() ?? file?.next()
    }

    public func write(_ text: String) {
        if let forward { forward.write(text) } else { output += text }
    }

    public func writeError(_ text: String) {
        if let forward { forward.writeError(text) } else { errorOutput += text }
    }
}
