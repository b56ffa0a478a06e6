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

/// Splits Swift source bytes into ``Token``s, skipping whitespace, comments, and string, regex and
/// number literals.
///
/// It runs in one pass, in time linear in the input, and never recurses: literals nested in string
/// interpolations are tracked on an explicit stack, so no input can exhaust the call stack. Regex
/// literals follow the compiler's rules: `#/…/#` (any number of `#`, multi-line when the opening
/// delimiter ends its line) always opens one; a bare `/…/` does when the `/` is not bound to the token
/// before it, does not start with a space, ends on the same line without a space before the closing
/// `/`, and has no unbalanced `)`. Inside a string interpolation the compiler skips to the closing
/// parenthesis without reading regex literals, and so does this lexer. A leading byte-order mark is
/// skipped, as the compiler does.
struct Lexer {
    /// A literal the cursor is inside of, innermost last.
    private enum Context {
        /// Inside a string's text, opened by `hashes` `#`s and one or three quotes.
        case string(hashes: Int, isMultiline: Bool)
        /// Inside a `\(…)` of a string, `depth` parentheses deep.
        case interpolation(depth: Int, isInMultilineString: Bool)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var contexts: [Context] = []
    /// Where the source starts: after a byte-order mark, if any.
    private let start: Int
    /// For a number of `#`s, a position after which no `/` followed by that many `#`s occurs: an
    /// unclosed multi-line regex literal is scanned to the end once, not once per opening.
    private var unclosedRegexes: [Int: Int] = [:]
    /// Whether the last name was `func` or `operator`, after which a `/` names an operator.
    private var followsOperatorKeyword = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // Skip a byte-order mark; columns still count it, as the compiler's do.
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        start = hasByteOrderMark ? 3 : 0
        index = start
    }

    /// The next token outside every literal, or `nil` at the end of the source.
    mutating func next() -> Token? {
        while index < bytes.count {
            if case .string(let hashes, let isMultiline) = contexts.last {
                scanStringText(hashes: hashes, isMultiline: isMultiline)
            } else if let token = scanCode(), contexts.isEmpty {
                return token
            }
        }
        return nil
    }

    // MARK: Code

    /// Consumes one token, comment, literal opening or run of whitespace of code (at the top level or
    /// inside an interpolation) and returns the token, if it was one.
    private mutating func scanCode() -> Token? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            index += 1
            if case .interpolation(_, isInMultilineString: false) = contexts.last {
                // A single-line string ends at the line break, and the interpolation in it with it.
                contexts.removeLast(2)
            }
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
            index += 1
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            skipLineComment()
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "/"):
            if contexts.isEmpty, let end = bareRegexEnd() {
                index = end
            } else {
                index += 1
                followsOperatorKeyword = false
                return Token(kind: .punctuation(byte), start: index - 1, end: index)
            }
        case UInt8(ascii: "\""):
            openString(hashes: 0)
        case UInt8(ascii: "#"):
            return hashes()
        case UInt8(ascii: "`"):
            followsOperatorKeyword = false
            return quotedIdentifier()
        case _ where Self.isIdentifierHead(byte):
            let start = index
            while index < bytes.count, Self.isIdentifierBody(bytes[index]) {
                index += 1
            }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
            followsOperatorKeyword = word.elementsEqual("func".utf8) || word.elementsEqual("operator".utf8)
            return Token(kind: .identifier, start: start, end: index)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            skipNumber()
        default:
            index += 1
            trackParenthesis(byte)
            followsOperatorKeyword = false
            return Token(kind: .punctuation(byte), start: index - 1, end: index)
        }
        return nil
    }

    /// Counts parentheses inside an interpolation; the one that closes it returns to the string.
    private mutating func trackParenthesis(_ byte: UInt8) {
        guard case .interpolation(let depth, let isInMultilineString) = contexts.last else { return }
        if byte == UInt8(ascii: "(") {
            contexts[contexts.count - 1] = .interpolation(depth: depth + 1, isInMultilineString: isInMultilineString)
        } else if byte == UInt8(ascii: ")") {
            if depth == 1 {
                contexts.removeLast()
            } else {
                contexts[contexts.count - 1] = .interpolation(
                    depth: depth - 1, isInMultilineString: isInMultilineString)
            }
        }
    }

    /// A run of `#`: the opening of a raw string or an extended regex literal, or punctuation.
    private mutating func hashes() -> Token? {
        let start = index
        while index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            index += 1
        }
        let count = index - start
        if peek(0) == UInt8(ascii: "\"") {
            openString(hashes: count)
            return nil
        }
        if peek(0) == UInt8(ascii: "/"), contexts.isEmpty {
            skipExtendedRegex(hashes: count)
            return nil
        }
        followsOperatorKeyword = false
        return Token(kind: .punctuation(UInt8(ascii: "#")), start: start, end: start + 1)
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

    private static func isSpaceOrTab(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isLineBreak(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    // MARK: Comments and numbers

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

    // MARK: Strings

    /// Enters a string literal whose opening `#`s are consumed and whose first `"` is at the cursor.
    private mutating func openString(hashes: Int) {
        let isMultiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += isMultiline ? 3 : 1
        contexts.append(.string(hashes: hashes, isMultiline: isMultiline))
    }

    /// Consumes string text up to the end of the string (leaving it) or an interpolation (entering it).
    /// Handles `"""` blocks, raw strings closed by `"` plus the same number of `#`, and escapes.
    private mutating func scanStringText(hashes: Int, isMultiline: Bool) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(at: index + 1, count: hashes) {
                index += 1 + hashes
                if peek(0) == UInt8(ascii: "(") {
                    index += 1
                    contexts.append(.interpolation(depth: 1, isInMultilineString: isMultiline))
                    return
                }
                if !isMultiline, Self.isLineBreak(peek(0)) {
                    break  // a backslash does not continue a single-line string onto the next line
                }
                index += 1  // the escaped character
            } else if byte == UInt8(ascii: "\"") {
                if isMultiline {
                    if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\""),
                        hashesFollow(at: index + 3, count: hashes)
                    {
                        index += 3 + hashes
                        break
                    }
                    index += 1
                } else if hashesFollow(at: index + 1, count: hashes) {
                    index += 1 + hashes
                    break
                } else {
                    index += 1
                }
            } else if Self.isLineBreak(byte), !isMultiline {
                break  // an unterminated single-line string ends at the line break
            } else {
                index += 1
            }
        }
        contexts.removeLast()
    }

    private func hashesFollow(at position: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != UInt8(ascii: "#") {
            return false
        }
        return true
    }

    // MARK: Regex literals

    /// Skips `#/…/#` with `hashes` `#`s (consumed) and the `/` at the cursor. It is multi-line when only
    /// spaces or tabs follow the opening delimiter on its line; a single-line one ends at the line
    /// break if it is not closed. An unclosed multi-line one is taken to end at its first line break,
    /// so the code after it is still read.
    private mutating func skipExtendedRegex(hashes: Int) {
        index += 1
        var cursor = index
        while Self.isSpaceOrTab(cursor < bytes.count ? bytes[cursor] : nil) {
            cursor += 1
        }
        guard Self.isLineBreak(cursor < bytes.count ? bytes[cursor] : nil) else {
            skipRegexText(hashes: hashes, isMultiline: false)
            return
        }
        let firstLineBreak = cursor
        let textStart = index
        let knownUnclosed = unclosedRegexes.contains { $0.key <= hashes && $0.value <= textStart }
        if knownUnclosed || !skipRegexText(hashes: hashes, isMultiline: true) {
            unclosedRegexes[hashes] = min(unclosedRegexes[hashes] ?? textStart, textStart)
            index = firstLineBreak
        }
    }

    /// Skips regex text up to and including `/` and `hashes` `#`s. Returns whether it found them; a
    /// single-line literal stops at the line break.
    @discardableResult
    private mutating func skipRegexText(hashes: Int, isMultiline: Bool) -> Bool {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), hashesFollow(at: index + 1, count: hashes) {
                index += 1 + hashes
                return true
            }
            if Self.isLineBreak(byte), !isMultiline {
                return false
            }
            index += byte == UInt8(ascii: "\\") && !Self.isLineBreak(peek(1)) ? 2 : 1
        }
        return false
    }

    /// Where the bare regex literal opened by the `/` at the cursor ends, or `nil` if that `/` is an
    /// operator.
    private func bareRegexEnd() -> Int? {
        guard !followsOperatorKeyword, !isLeftBound(index) else { return nil }
        guard let first = peek(1), !Self.isSpaceOrTab(first), !Self.isLineBreak(first) else { return nil }
        var cursor = index + 1
        var groups = 0
        var classes = 0
        while cursor < bytes.count {
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return nil
            case UInt8(ascii: "\\"):
                cursor += 1
                if cursor < bytes.count, Self.isLineBreak(bytes[cursor]) {
                    return nil
                }
            case UInt8(ascii: "(") where classes == 0:
                groups += 1
            case UInt8(ascii: ")") where classes == 0:
                guard groups > 0 else { return nil }
                groups -= 1
            case UInt8(ascii: "["):
                classes += 1
            case UInt8(ascii: "]"):
                classes = max(0, classes - 1)
            case UInt8(ascii: "/"):
                let after = cursor + 1 < bytes.count ? bytes[cursor + 1] : nil
                if after == UInt8(ascii: "*") || after == UInt8(ascii: "/") || Self.isSpaceOrTab(bytes[cursor - 1]) {
                    return nil
                }
                return cursor + 1
            default:
                break
            }
            cursor += 1
        }
        return nil
    }

    /// Whether the character before `position` binds an operator there to the token before it, as the
    /// compiler decides between a prefix, postfix and binary operator.
    private func isLeftBound(_ position: Int) -> Bool {
        guard position > start else { return false }
        switch bytes[position - 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0,
            UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            return !(position >= 2 && bytes[position - 2] == UInt8(ascii: "*"))  // after a block comment
        default:
            return true
        }
    }
}
