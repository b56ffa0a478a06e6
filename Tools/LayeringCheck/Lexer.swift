/// A token of Swift source, as much as finding imports needs: names and punctuation. Literals and
/// comments are consumed whole and never become tokens.
struct Token {
    enum Kind: Equatable {
        case identifier
        /// A name in backticks, like `` `import` ``: never a keyword.
        case quotedIdentifier
        case punctuation(UInt8)
    }

    var kind: Kind
    var start: Int
    var end: Int

    var isName: Bool { kind == .identifier || kind == .quotedIdentifier }

    func text(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The name without backticks.
    func name(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard kind == .quotedIdentifier else { return text(in: bytes) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]), as: UTF8.self)
    }
}

/// Splits Swift source bytes into ``Token``s, skipping whitespace, comments, and string and number literals.
///
/// Bare regex literals (`/a"b/`) are not modelled: `/` is punctuation, so a `"` inside one would open
/// a string until the end of the line. Imports never share a line with a regex, so this only matters
/// for a pathological file.
struct Lexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The next token, or `nil` at the end of the source.
    mutating func next() -> Token? {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0:
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                skipString(hashes: 0)
            case UInt8(ascii: "#") where isRawStringStart():
                var hashes = 0
                while peek(0) == UInt8(ascii: "#") {
                    hashes += 1
                    index += 1
                }
                skipString(hashes: hashes)
            case UInt8(ascii: "`"):
                return quotedIdentifier()
            case _ where Self.isIdentifierHead(byte):
                let start = index
                while index < bytes.count, Self.isIdentifierBody(bytes[index]) {
                    index += 1
                }
                return Token(kind: .identifier, start: start, end: index)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                skipNumber()
            default:
                index += 1
                return Token(kind: .punctuation(byte), start: index - 1, end: index)
            }
        }
        return nil
    }

    // MARK: Characters

    private static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierHead(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Whether the `#` at the cursor opens a raw string (`#"`, `##"`, `#"""`…).
    private func isRawStringStart() -> Bool {
        var cursor = index
        while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
            cursor += 1
        }
        return cursor < bytes.count && bytes[cursor] == UInt8(ascii: "\"")
    }

    // MARK: Skipping

    private mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            index += 1
        }
    }

    /// Skips a block comment; Swift block comments nest.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 {
                    return
                }
            } else {
                index += 1
            }
        }
    }

    private mutating func skipNumber() {
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierBody(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), let next = peek(1), next >= UInt8(ascii: "0"),
                next <= UInt8(ascii: "9")
            {
                index += 1
            } else {
                return
            }
        }
    }

    private mutating func quotedIdentifier() -> Token {
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "`") {
            index += 1
            return Token(kind: .quotedIdentifier, start: start, end: index)
        }
        return Token(kind: .punctuation(UInt8(ascii: "`")), start: start, end: start + 1)
    }

    /// Skips a string literal whose opening `#`s are consumed and whose first `"` is at the cursor.
    /// Handles `"""` blocks, raw strings closed by `"` plus the same number of `#`, escapes, and
    /// interpolations, which may hold strings and comments of their own.
    private mutating func skipString(hashes: Int) {
        let isMultiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += isMultiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(at: index + 1, count: hashes) {
                index += 1 + hashes
                if peek(0) == UInt8(ascii: "(") {
                    index += 1
                    skipInterpolation()
                } else {
                    index += 1  // the escaped character
                }
            } else if byte == UInt8(ascii: "\"") {
                if isMultiline {
                    if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\""),
                        hashesFollow(at: index + 3, count: hashes)
                    {
                        index += 3 + hashes
                        return
                    }
                    index += 1
                } else if hashesFollow(at: index + 1, count: hashes) {
                    index += 1 + hashes
                    return
                } else {
                    index += 1
                }
            } else if byte == UInt8(ascii: "\n"), !isMultiline {
                return  // an unterminated single-line string ends at the line break
            } else {
                index += 1
            }
        }
    }

    private func hashesFollow(at position: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") {
            return false
        }
        return true
    }

    /// Skips the expression of `\(…)` up to its closing parenthesis, through nested literals.
    private mutating func skipInterpolation() {
        var depth = 1
        while let token = next() {
            if token.kind == .punctuation(UInt8(ascii: "(")) {
                depth += 1
            } else if token.kind == .punctuation(UInt8(ascii: ")")) {
                depth -= 1
                if depth == 0 {
                    return
                }
            }
        }
    }
}
