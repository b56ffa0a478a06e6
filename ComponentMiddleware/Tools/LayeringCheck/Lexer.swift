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
    /// After the first unclosed multi-line regex literal: where its text began, and for each number of
    /// `#`s `h`, the last `/` followed by `h` or more (`lastAtLeast[h]`). A later literal opened after
    /// that point is then known to be unclosed in one lookup, without scanning to the end again.
    private var closers: (from: Int, lastAtLeast: [Int])?
    /// What came last, to tell a regex literal from a division as the compiler does.
    private var last = Last.start
    /// Where the operator (a run of operator characters) that the last token belongs to began, and
    /// what came before that operator.
    private var operatorRunStart = 0
    private var beforeOperatorRun = Last.start
    /// Where each comment and the text of each literal lies, when asked for (``literalSpans(in:)``):
    /// a string's text runs between its quotes, interpolations included.
    private var spans: [Range<Int>]?
    /// Where the text of the string open at the top level began.
    private var stringTextStart = 0
    /// Where the first literal or comment that is not closed begins, when spans are asked for.
    private var firstUnclosed: Int?
    /// Where the string open at the top level begins, its opening `#`s included.
    private var stringStart = 0

    private enum Last {
        case start
        /// A string, number or regex literal: an expression ended.
        case literal
        case token(Token)
    }

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
                if spans != nil {
                    firstUnclosed = firstUnclosed ?? (contexts.isEmpty ? stringStart : index - 1)
                    if contexts.isEmpty { spans?.append(stringTextStart..<(index - 1)) }
                }
            }
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
            index += 1
        case _ where isNoBreakSpace(at: index):
            index += 2  // a no-break space separates tokens, as the compiler reads it (with a warning)
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            let start = index
            skipLineComment()
            spans?.append(start..<index)
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            let start = index
            let isClosed = skipBlockComment()
            spans?.append(start..<index)
            if spans != nil, !isClosed {
                firstUnclosed = firstUnclosed ?? start
            }
        case UInt8(ascii: "/"):
            if contexts.isEmpty, let end = bareRegexEnd() {
                spans?.append((index + 1)..<(end - 1))
                index = end
                last = .literal
            } else {
                index += 1
                return record(Token(kind: .punctuation(byte), start: index - 1, end: index))
            }
        case UInt8(ascii: "\""):
            openString(hashes: 0)
        case UInt8(ascii: "#"):
            return hashes()
        case UInt8(ascii: "`"):
            return record(quotedIdentifier())
        case _ where Self.isIdentifierHead(byte):
            let start = index
            while index < bytes.count, Self.isIdentifierBody(bytes[index]), !isNoBreakSpace(at: index) {
                index += 1
            }
            return record(Token(kind: .identifier, start: start, end: index))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            skipNumber()
            last = .literal
        default:
            index += 1
            if !contexts.isEmpty {
                trackParenthesis(byte)
            }
            return record(Token(kind: .punctuation(byte), start: index - 1, end: index))
        }
        return nil
    }

    /// Remembers `token` as the last one, and where the operator it is part of began.
    private mutating func record(_ token: Token) -> Token {
        if case .punctuation(let byte) = token.kind, Self.isOperatorCharacter(byte) {
            if case .token(let previous) = last, case .punctuation(let before) = previous.kind,
                Self.isOperatorCharacter(before), previous.end == token.start
            {
                // The operator goes on.
            } else {
                operatorRunStart = token.start
                beforeOperatorRun = last
            }
        }
        last = .token(token)
        return token
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
            let textStart = index + 1
            let isClosed = skipExtendedRegex(hashes: count)
            if spans != nil {
                // The text runs up to the closing `/` and its `#`s, or to where the literal was cut.
                spans?.append(textStart..<max(textStart, isClosed ? index - 1 - count : index))
                if !isClosed { firstUnclosed = firstUnclosed ?? start }
            }
            last = .literal
            return nil
        }
        return record(Token(kind: .punctuation(UInt8(ascii: "#")), start: start, end: start + 1))
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

    /// Whether U+00A0 (UTF-8 `C2 A0`) starts at `position`: the compiler takes it for a space.
    private func isNoBreakSpace(at position: Int) -> Bool {
        position + 1 < bytes.count && bytes[position] == 0xC2 && bytes[position + 1] == 0xA0
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
        while index < bytes.count, !Self.isLineBreak(bytes[index]) {
            index += 1
        }
    }

    /// Skips a block comment; Swift block comments nest. Returns whether it was closed.
    @discardableResult
    private mutating func skipBlockComment() -> Bool {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 {
                    return true
                }
            } else {
                index += 1
            }
        }
        return false
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
        if contexts.isEmpty {
            stringTextStart = index
            stringStart = index - (isMultiline ? 3 : 1) - hashes
        }
        contexts.append(.string(hashes: hashes, isMultiline: isMultiline))
    }

    /// Consumes string text up to the end of the string (leaving it) or an interpolation (entering it).
    /// Handles `"""` blocks, raw strings closed by `"` plus the same number of `#`, and escapes.
    private mutating func scanStringText(hashes: Int, isMultiline: Bool) {
        var isClosed = false
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
                        isClosed = true
                        break
                    }
                    index += 1
                } else if hashesFollow(at: index + 1, count: hashes) {
                    index += 1 + hashes
                    isClosed = true
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
        last = .literal
        if spans != nil {
            // The text runs up to the closing quotes and `#`s, or to where the string was cut (an
            // escape at the very end leaves the cursor past the last byte).
            let textEnd = isClosed ? index - (isMultiline ? 3 : 1) - hashes : min(index, bytes.count)
            if !isClosed {
                firstUnclosed = firstUnclosed ?? (contexts.isEmpty ? stringStart : textEnd)
            }
            if contexts.isEmpty {
                spans?.append(stringTextStart..<max(stringTextStart, textEnd))
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

    // MARK: Regex literals

    /// Skips `#/…/#` with `hashes` `#`s (consumed) and the `/` at the cursor. It is multi-line when only
    /// spaces or tabs follow the opening delimiter on its line; a single-line one ends at the line
    /// break if it is not closed. An unclosed multi-line one is taken to end at its first line break,
    /// so the code after it is still read. Returns whether it was closed.
    @discardableResult
    private mutating func skipExtendedRegex(hashes: Int) -> Bool {
        index += 1
        var cursor = index
        while Self.isSpaceOrTab(cursor < bytes.count ? bytes[cursor] : nil) {
            cursor += 1
        }
        guard Self.isLineBreak(cursor < bytes.count ? bytes[cursor] : nil) else {
            return skipRegexText(hashes: hashes, isMultiline: false)
        }
        let firstLineBreak = cursor
        let textStart = index
        if let closers, textStart >= closers.from,
            hashes >= closers.lastAtLeast.count || closers.lastAtLeast[hashes] < textStart
        {
            index = firstLineBreak
            return false
        }
        if !skipRegexText(hashes: hashes, isMultiline: true) {
            if closers == nil {
                closers = (textStart, lastClosers(from: textStart))
            }
            index = firstLineBreak
            return false
        }
        return true
    }

    /// For each number of `#`s `h`, the last `/` after `position` followed by `h` or more `#`s (a closer
    /// with more `#`s also closes a literal opened with fewer), or -1 where there is none.
    private func lastClosers(from position: Int) -> [Int] {
        var last: [Int] = []
        var cursor = position
        while cursor < bytes.count {
            if bytes[cursor] == UInt8(ascii: "\\") {
                cursor += 2
                continue
            }
            if bytes[cursor] == UInt8(ascii: "/") {
                var hashes = 0
                while cursor + 1 + hashes < bytes.count, bytes[cursor + 1 + hashes] == UInt8(ascii: "#") {
                    hashes += 1
                }
                if hashes > 0 {
                    if last.count <= hashes {
                        last += repeatElement(-1, count: hashes + 1 - last.count)
                    }
                    last[hashes] = cursor
                }
                cursor += 1 + hashes
                continue
            }
            cursor += 1
        }
        // Exactly `h` becomes `h` or more: the largest position at `h` and above.
        for hashes in last.indices.reversed().dropFirst() {
            last[hashes] = max(last[hashes], last[hashes + 1])
        }
        return last
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

    /// Where the bare regex literal opened by the `/` at the cursor ends, or `nil` if that `/` is (part
    /// of) an operator. As the compiler decides: the operator the `/` is in must not be bound to what
    /// precedes it; if it is not bound to what follows either, an expression must be able to start
    /// there; the literal may not start with a space, must end on its line without an unescaped space
    /// before the closing `/`, and may hold no unbalanced `)`.
    private func bareRegexEnd() -> Int? {
        var continuesOperator = false
        if case .token(let previous) = last, case .punctuation(let byte) = previous.kind,
            Self.isOperatorCharacter(byte), previous.end == index
        {
            continuesOperator = true
        }
        let runStart = continuesOperator ? operatorRunStart : index
        let before = continuesOperator ? beforeOperatorRun : last
        guard !isLeftBound(runStart), !Self.isOperatorKeyword(before, in: bytes) else { return nil }
        var runEnd = index + 1
        while runEnd < bytes.count, Self.isOperatorCharacter(bytes[runEnd]),
            !(bytes[runEnd] == UInt8(ascii: "/") && runEnd + 1 < bytes.count
                && (bytes[runEnd + 1] == UInt8(ascii: "/") || bytes[runEnd + 1] == UInt8(ascii: "*")))
        {
            runEnd += 1
        }
        if !isRightBound(runEnd) {
            guard Self.isRegexPosition(after: before, in: bytes, lexer: self) else { return nil }
        }
        guard let first = peek(1), !Self.isSpaceOrTab(first), !Self.isLineBreak(first) else { return nil }
        var cursor = index + 1
        var groups = 0
        var classes = 0
        var lastUnescapedSpace = -1
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
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                lastUnescapedSpace = cursor
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
                if after == UInt8(ascii: "*") || after == UInt8(ascii: "/") || lastUnescapedSpace == cursor - 1 {
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

    /// Operator characters, as far as telling operators from regex literals needs.
    private static func isOperatorCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }

    /// Whether an operator ending before `position` is bound to what follows it.
    private func isRightBound(_ position: Int) -> Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0,
            UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: ":"):
            return false
        case 0xC2:
            return position + 1 >= bytes.count || bytes[position + 1] != 0xA0
        default:
            return true
        }
    }

    /// Whether `last` is the keyword `func` or `operator`, after which a `/` names an operator.
    private static func isOperatorKeyword(_ last: Last, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard case .token(let token) = last, token.kind == .identifier else { return false }
        let word = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
        return word.elementsEqual("func".utf8) || word.elementsEqual("operator".utf8)
    }

    /// Keywords that are expressions themselves, so a `/` after them divides.
    private static let expressionKeywords: [[UInt8]] = ["true", "false", "Any", "nil", "self", "Self", "super"]
        .map { Array($0.utf8) }
    /// Keywords after which an expression may start (the others are plain names to this check).
    private static let sequencingKeywords: [[UInt8]] = [
        "return", "throw", "try", "await", "in", "case", "where", "if", "guard", "while", "else", "is", "as",
        "repeat", "switch", "let", "var", "yield", "some", "any", "inout", "do", "catch", "for", "defer",
        "default", "consume", "copy", "each", "then", "discard",
    ].map { Array($0.utf8) }

    /// Whether an expression can start after `last`, as the compiler's lexer decides for a `/` that is
    /// bound to nothing on either side.
    private static func isRegexPosition(after last: Last, in bytes: UnsafeBufferPointer<UInt8>, lexer: Lexer) -> Bool {
        switch last {
        case .start:
            return true
        case .literal:
            return false
        case .token(let token):
            switch token.kind {
            case .quotedIdentifier:
                return false
            case .identifier:
                let word = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
                if expressionKeywords.contains(where: { word.elementsEqual($0) }) {
                    return false
                }
                return sequencingKeywords.contains { word.elementsEqual($0) }
            case .punctuation(let byte):
                switch byte {
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "."), UInt8(ascii: "@"),
                    UInt8(ascii: "#"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: ">"):
                    return false
                case UInt8(ascii: "!"), UInt8(ascii: "?"):
                    return !lexer.isLeftBound(token.start)  // a postfix `!` or `?` ends an expression
                default:
                    return true
                }
            }
        }
    }

    /// Whether the character before `position` binds an operator there to the token before it, as the
    /// compiler decides between a prefix, postfix and binary operator.
    func isLeftBound(_ position: Int) -> Bool {
        guard position > start else { return false }
        switch bytes[position - 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0,
            UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            return !(position >= 2 && bytes[position - 2] == UInt8(ascii: "*"))  // after a block comment
        case 0xA0:
            return !(position >= 2 && bytes[position - 2] == 0xC2)  // after a no-break space
        default:
            return true
        }
    }
}

extension Lexer {
    /// Where each comment and the text of each string and regex literal lies in `bytes`, in order,
    /// by the same rules the layering check reads imports with: a string's text runs between its
    /// delimiters, interpolations included; a comment runs whole.
    static func literalSpans(in bytes: UnsafeBufferPointer<UInt8>) -> (spans: [Range<Int>], firstUnclosed: Int?) {
        var lexer = Lexer(bytes: bytes)
        lexer.spans = []
        while lexer.next() != nil {}
        // A string left open at the end (in an interpolation, say) is not closed either.
        let openAtEnd = lexer.contexts.isEmpty ? nil : lexer.stringStart
        return (lexer.spans ?? [], lexer.firstUnclosed ?? openAtEnd)
    }
}

/// Swift source with only its code left, for tools that find declarations and brackets in it.
public enum SwiftCode {
    /// `source` with every comment and the text of every string and regex literal replaced by
    /// spaces, and their line breaks by `hiddenLineBreak`, so offsets stay the same and only code is
    /// left (delimiters stay, so a literal still shows where it is); and where the first string,
    /// regex literal or block comment that is never closed begins (the compiler refuses such a file).
    public static func blanking(
        _ source: [UInt8], hiddenLineBreak: UInt8
    ) -> (code: [UInt8], firstUnclosedLiteral: Int?) {
        var code = source
        let (spans, firstUnclosed) = source.withUnsafeBufferPointer { Lexer.literalSpans(in: $0) }
        for span in spans {
            for position in span where position < code.count {
                code[position] = code[position] == UInt8(ascii: "\n") ? hiddenLineBreak : UInt8(ascii: " ")
            }
        }
        return (code, firstUnclosed)
    }
}
