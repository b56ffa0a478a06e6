import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of a file descriptor, read as they are asked for and split by ``LineSplitter``, so a
/// script of any length is held one buffer at a time.
struct LineReader {
    private let descriptor: Int32
    /// Keeps an opened file open for as long as its lines are read.
    private let file: FileHandle?
    /// What a failed read of a script is reported as, e.g. `script 'tour.txt'`; `nil` for standard
    /// input, where a failed read (a closed descriptor, a folder) ends the session like its end.
    private let scriptName: String?
    private var splitter = LineSplitter()
    private var isAtEnd = false
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    /// Reads standard input.
    static var standardInput: LineReader { LineReader(descriptor: STDIN_FILENO, file: nil, scriptName: nil) }

    /// Reads an opened script file: a regular file, `/dev/null`, a FIFO, a process substitution.
    init(script file: FileHandle, path: String) {
        self.init(descriptor: file.fileDescriptor, file: file, scriptName: "script '\(path)'")
    }

    private init(descriptor: Int32, file: FileHandle?, scriptName: String?) {
        self.descriptor = descriptor
        self.file = file
        self.scriptName = scriptName
    }

    /// What reading gave.
    enum Outcome: Equatable {
        /// A line without its line break; any bytes become some string.
        case line(String)
        /// The end of input.
        case end
        /// A script that cannot be read to its end, and why: not a script that ended, so the
        /// program exits with status 2, as for a script that cannot be opened.
        case failure(String)
    }

    /// The lines already read and complete, without reading more.
    mutating func bufferedLines() -> [String] {
        var lines: [String] = []
        while let line = splitter.nextLine() {
            lines.append(line)
        }
        return lines
    }

    /// The next line, the end of input, or why a script cannot be read on.
    mutating func next() -> Outcome {
        while !isAtEnd {
            if let line = splitter.nextLine() { return .line(line) }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                splitter.feed(buffer[..<count])
            } else if count == 0 {
                isAtEnd = true
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                // Input someone left non-blocking: wait until there is something to read.
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&waiting, 1, -1)
            } else if let scriptName {
                let reason = String(cString: strerror(errno))
                isAtEnd = true
                return .failure("cannot read \(scriptName): \(reason)")
            } else {
                isAtEnd = true
            }
        }
        return splitter.finish().map(Outcome.line) ?? .end
    }
}
