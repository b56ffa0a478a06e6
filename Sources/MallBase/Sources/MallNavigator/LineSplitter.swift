/// Splits input into lines the same way for every input mode (typed, piped, `--script`): a line ends
/// at LF, CR LF or a lone CR, and at nothing else. A vertical tab, form feed, U+0085 or U+2028 stays
/// inside its line, where the command parser refuses it, instead of starting a hidden command.
///
/// Public for the mall's fuzz target (`Fuzz/CommandLine`), which lives in the mall's package, not in this one.
public struct LineSplitter {
    /// The most bytes of one line that are kept; the rest of a longer line is dropped, so input without
    /// line breaks (`--script /dev/zero`) holds memory steady. Any command is far shorter, so a line
    /// this long is refused whole.
    public static let maximumLineLength = 1 << 20

    private var line: [UInt8] = []
    /// Complete lines not yet taken, from `next` on; a queue without the cost of removing from the front.
    private var lines: [String] = []
    private var next = 0
    private var endedWithCarriageReturn = false

    /// Creates a splitter that has seen no input.
    public init() {}

    /// Takes the next bytes of input.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            if endedWithCarriageReturn, byte == UInt8(ascii: "\n") {
                endedWithCarriageReturn = false
                continue
            }
            endedWithCarriageReturn = byte == UInt8(ascii: "\r")
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                // Invalid UTF-8 is repaired with U+FFFD, as Swift's readLine does.
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            } else if line.count < Self.maximumLineLength {
                line.append(byte)
            }
        }
    }

    /// The next complete line, if one has been fed.
    public mutating func nextLine() -> String? {
        guard next < lines.count else { return nil }
        defer {
            next += 1
            if next == lines.count {
                lines.removeAll(keepingCapacity: true)
                next = 0
            }
        }
        return lines[next]
    }

    /// At the end of input: the last line if it had no line break, then `nil`.
    public mutating func finish() -> String? {
        if let complete = nextLine() { return complete }
        guard !line.isEmpty else { return nil }
        defer { line.removeAll() }
        return String(decoding: line, as: UTF8.self)
    }

    /// Every line of `text`; a final line break does not add an empty line.
    public static func lines(of text: String) -> [String] {
        var splitter = LineSplitter()
        splitter.feed(text.utf8)
        var lines: [String] = []
        while let line = splitter.finish() {
            lines.append(line)
        }
        return lines
    }
}
