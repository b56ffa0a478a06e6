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
    private var splitter = LineSplitter()
    private var isAtEnd = false
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    /// Reads standard input.
    static var standardInput: LineReader { LineReader(descriptor: STDIN_FILENO, file: nil) }

    /// Reads an opened file: a regular file, `/dev/null`, a FIFO, a process substitution.
    init(file: FileHandle) {
        self.init(descriptor: file.fileDescriptor, file: file)
    }

    private init(descriptor: Int32, file: FileHandle?) {
        self.descriptor = descriptor
        self.file = file
    }

    /// The next line without its line break, or `nil` at the end of input; any bytes become some string.
    mutating func next() -> String? {
        while !isAtEnd {
            if let line = splitter.nextLine() { return line }
            // One read gets a typed line or a pipe's buffer. The end of input, and an input that cannot be
            // read at all (closed, a folder), end the session as the end of a script does.
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                splitter.feed(buffer[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                isAtEnd = true
            }
        }
        return splitter.finish()
    }
}
