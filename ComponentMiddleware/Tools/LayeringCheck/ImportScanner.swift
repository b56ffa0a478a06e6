import Foundation

/// Finds the `import` declarations of a Swift source file without compiling it.
///
/// A small lexer, not a line regex: it skips comments (nested block comments too) and string literals
/// (multi-line, raw, and interpolations inside them), so text that merely looks like an import is never
/// taken for one. Every `#if` branch is read, because a layering rule must hold on every platform.
///
/// Swift reserves `import`, so outside brackets an unquoted `import` that is neither a member name
/// (`.import`) nor an argument label (`import:`) always starts an import declaration.
public enum ImportScanner {
    /// The imports in `source`, in file order. Bytes that are not valid UTF-8 are read as identifier
    /// characters, so a damaged file still yields the imports in its readable parts.
    public static func imports(in source: [UInt8]) -> [ImportDeclaration] {
        source.withUnsafeBufferPointer { buffer in
            var tokens = TokenStream(lexer: Lexer(bytes: buffer))
            let found = findImports(in: &tokens, bytes: buffer)
            return locate(found, in: buffer)
        }
    }

    /// The imports in `source`.
    public static func imports(in source: String) -> [ImportDeclaration] {
        imports(in: Array(source.utf8))
    }

    /// The condition of `#if <text>`, read as the conditions around imports are.
    static func condition(of text: String) -> ImportCondition {
        imports(in: "#if \(text)\nimport Probe\n#endif\n").first?.conditions.first ?? .unknown
    }

    // MARK: Parsing tokens into declarations

    /// Words compared as bytes, as every identifier of a file is compared with them: no string is made
    /// and nothing hashed for a word that is none of them.
    private static let accessModifiers = ["public", "package", "internal", "fileprivate", "private"].map {
        Array($0.utf8)
    }
    private static let importKinds = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        .map { Array($0.utf8) }
    private static let importWord = [Array("import".utf8)]

    /// Whether `token` spells one of `words`.
    private static func spells(_ token: Token, oneOf words: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = token.end - token.start
        return words.contains { word in
            word.count == length
                && word.withUnsafeBufferPointer { word in
                    memcmp(word.baseAddress!, bytes.baseAddress! + token.start, length) == 0
                }
        }
    }

    private struct Found {
        var module: String
        var path: String
        var kind: String?
        var offset: Int
        var conditions: [ImportCondition]
    }

    /// One open `#if`: what holds in its current branch, and the negations of the branches before it.
    private struct Frame {
        /// The current branch's own condition (`nil` in `#else`).
        var own: ImportCondition?
        /// `!c` for each earlier branch `c`, at most ``maximumConditions``.
        var before: [ImportCondition] = []

        /// What holds inside the current branch.
        var holding: [ImportCondition] { before + (own.map { [$0] } ?? []) }
    }

    /// The most conditions kept for one import, innermost first. Dropping outer ones can only make an
    /// import look active on more platforms, never hide one: a finding too many, on absurd input only.
    static let maximumConditions = 16

    /// The lexer's tokens one at a time, with the last one taken and up to two ahead: the parser reads
    /// forward only, so memory stays constant whatever the size of the file.
    private struct TokenStream {
        var lexer: Lexer
        /// The next two tokens, when peeked at; two slots rather than an array, as this is the hot path.
        private var first: Token?
        private var second: Token?
        /// The token `next()` returned last.
        private(set) var previous: Token?

        init(lexer: Lexer) {
            self.lexer = lexer
        }

        mutating func next() -> Token? {
            let token: Token?
            if let peeked = first {
                token = peeked
                first = second
                second = nil
            } else {
                token = lexer.next()
            }
            if let token {
                previous = token
            }
            return token
        }

        /// Takes the tokens `peek` looked at, at once.
        mutating func takePeeked() {
            previous = second ?? first ?? previous
            first = nil
            second = nil
        }

        /// The next token (`offset` 0) or the one after it (1), without taking it.
        mutating func peek(_ offset: Int = 0) -> Token? {
            if first == nil {
                first = lexer.next()
            }
            guard offset > 0 else { return first }
            if second == nil, first != nil {
                second = lexer.next()
            }
            return second
        }
    }

    private static func findImports(in tokens: inout TokenStream, bytes: UnsafeBufferPointer<UInt8>) -> [Found] {
        var found: [Found] = []
        var depth = 0
        var declarationStart: Int?
        /// The token before the current one: the last one taken by the previous round.
        var before: Token?
        var frames: [Frame] = []
        while let token = tokens.next() {
            defer { before = tokens.previous }
            switch token.kind {
            case .punctuation(UInt8(ascii: "@")) where depth == 0:
                // An attribute: `@name` and an optional parenthesised argument list, e.g. `@available(*, deprecated)`.
                declarationStart = declarationStart ?? token.start
                if tokens.peek()?.kind == .identifier {
                    _ = tokens.next()
                }
                if tokens.peek()?.kind == .punctuation(UInt8(ascii: "(")) {
                    skipBalancedParentheses(in: &tokens)
                }
            case .punctuation(UInt8(ascii: "#")) where isConditionalDirective(tokens.peek(), bytes: bytes):
                // `#if`, `#elseif`, `#else`, `#endif` stand outside any brackets; an unbalanced bracket in
                // a branch the compiler skips (`#if compiler(>=99)`) must not hide the imports after it.
                depth = 0
                declarationStart = nil
                if let directive = tokens.next() {
                    enter(directive, in: &tokens, frames: &frames, bytes: bytes)
                }
            case .punctuation(let byte):
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                    depth = max(0, depth - 1)
                }
                declarationStart = nil
            case .identifier where depth == 0:
                if spells(token, oneOf: accessModifiers, in: bytes) {
                    declarationStart = declarationStart ?? token.start
                } else if spells(token, oneOf: importWord, in: bytes), isImportKeyword(after: before, in: &tokens),
                    let declaration = parseImport(in: &tokens, bytes: bytes)
                {
                    found.append(
                        Found(
                            module: declaration.module,
                            path: declaration.path,
                            kind: declaration.kind,
                            offset: declarationStart ?? token.start,
                            conditions: innermostConditions(of: frames)
                        )
                    )
                    declarationStart = nil
                } else {
                    declarationStart = nil
                }
            default:
                declarationStart = nil
            }
        }
        return found
    }

    /// Follows a conditional directive: opens, switches or closes a branch.
    private static func enter(
        _ directive: Token, in tokens: inout TokenStream, frames: inout [Frame], bytes: UnsafeBufferPointer<UInt8>
    ) {
        let word = directive.text(in: bytes)
        switch word {
        case "if":
            frames.append(Frame(own: condition(in: &tokens, bytes: bytes)))
        case "elseif", "else":
            guard var frame = frames.popLast() else { return }
            if let own = frame.own, frame.before.count < maximumConditions {
                frame.before.append(.not(own))
            }
            frame.own = word == "else" ? nil : condition(in: &tokens, bytes: bytes)
            frames.append(frame)
        default:
            _ = frames.popLast()
        }
    }

    /// What holds where an import stands: the innermost conditions of the open branches.
    private static func innermostConditions(of frames: [Frame]) -> [ImportCondition] {
        var conditions: [ImportCondition] = []
        for frame in frames.reversed() {
            for condition in frame.holding.reversed() {
                guard conditions.count < maximumConditions else { return conditions }
                conditions.append(condition)
            }
        }
        return conditions
    }

    /// Reads the condition of `#if` or `#elseif`: the tokens up to the end of the directive's line.
    private static func condition(in tokens: inout TokenStream, bytes: UnsafeBufferPointer<UInt8>) -> ImportCondition {
        var condition: [Token] = []
        var opened = 0
        while let last = tokens.previous, let next = tokens.peek() {
            let startsLine = bytes[last.end..<next.start].contains {
                $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
            }
            // Inside parentheses a condition goes on over line breaks, as far as the compiler's would:
            // never into a directive or an import, and not for ever, so an unclosed one cannot swallow
            // the file's imports.
            if startsLine {
                let isDirective = next.kind == .punctuation(UInt8(ascii: "#"))
                let isImport = next.kind == .identifier && spells(next, oneOf: importWord, in: bytes)
                guard opened > 0, !isDirective, !isImport, condition.count < maximumConditionTokens else { break }
            }
            if next.kind == .punctuation(UInt8(ascii: "(")) { opened += 1 }
            if next.kind == .punctuation(UInt8(ascii: ")")) { opened -= 1 }
            condition.append(next)
            _ = tokens.next()
        }
        // A condition still open was not read whole: it may hold anywhere.
        guard opened == 0 else { return .unknown }
        var parser = ConditionParser(tokens: condition, bytes: bytes)
        return parser.parse()
    }

    /// The most tokens a condition may take from the lines after its own.
    static let maximumConditionTokens = 256

    /// Parses a compilation condition: `||` below `&&` below `!`, parentheses, `os(…)`, `canImport(…)`,
    /// `targetEnvironment(…)`, `true`, `false` and names (`DEBUG`); anything else is unknown. A
    /// condition nested deeper than 32 or with more than 64 terms reads as unknown, so no input can
    /// exhaust the call stack, and evaluating a condition costs at most 64 steps however many imports
    /// stand under it.
    private struct ConditionParser {
        let tokens: [Token]
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The terms read so far.
        var terms = 0
        static let maximumDepth = 32
        static let maximumTerms = 64

        init(tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) {
            self.tokens = tokens
            self.bytes = bytes
        }

        mutating func parse() -> ImportCondition {
            let condition = either(depth: 0)
            return terms > Self.maximumTerms ? .unknown : condition
        }

        private func isPunctuation(_ byte: UInt8, at offset: Int = 0) -> Bool {
            index + offset < tokens.count && tokens[index + offset].kind == .punctuation(byte)
        }

        private mutating func either(depth: Int) -> ImportCondition {
            let alternatives = list(joinedBy: UInt8(ascii: "|")) { $0.both(depth: depth) }
            return alternatives.count == 1 ? alternatives[0] : .any(alternatives)
        }

        private mutating func both(depth: Int) -> ImportCondition {
            let parts = list(joinedBy: UInt8(ascii: "&")) { $0.unary(depth: depth) }
            return parts.count == 1 ? parts[0] : .all(parts)
        }

        /// Terms joined by a doubled operator (`||`, `&&`), read as one flat list.
        private mutating func list(
            joinedBy operator: UInt8, _ term: (inout ConditionParser) -> ImportCondition
        ) -> [ImportCondition] {
            var joined = [term(&self)]
            while isPunctuation(`operator`), isPunctuation(`operator`, at: 1), terms <= Self.maximumTerms {
                index += 2
                joined.append(term(&self))
            }
            return joined
        }

        private mutating func unary(depth: Int) -> ImportCondition {
            terms += 1
            guard depth < Self.maximumDepth, terms <= Self.maximumTerms else {
                index = tokens.count  // too deep or too long to read: the whole condition is unknown
                terms = Self.maximumTerms + 1
                return .unknown
            }
            if isPunctuation(UInt8(ascii: "!")) {
                index += 1
                return .not(unary(depth: depth + 1))
            }
            if isPunctuation(UInt8(ascii: "(")) {
                index += 1
                let inner = either(depth: depth + 1)
                if isPunctuation(UInt8(ascii: ")")) { index += 1 }
                return inner
            }
            guard index < tokens.count else { return .unknown }
            let token = tokens[index]
            index += 1
            guard token.kind == .identifier else { return .unknown }
            let name = token.text(in: bytes)
            guard isPunctuation(UInt8(ascii: "(")) else {
                return name == "true" ? .constant(true) : name == "false" ? .constant(false) : .flag(name)
            }
            // A call: its first name is the argument that matters (`os(Linux)`, `canImport(A.B, _version: 2)`).
            let hasName = index + 1 < tokens.count && tokens[index + 1].isName
            let argument = hasName ? tokens[index + 1].name(in: bytes) : nil
            var open = 0
            while index < tokens.count {
                if isPunctuation(UInt8(ascii: "(")) { open += 1 }
                if isPunctuation(UInt8(ascii: ")")) { open -= 1 }
                index += 1
                if open == 0 { break }
            }
            switch (name, argument) {
            case ("os", let argument?): return .os(argument)
            case ("canImport", let argument?): return .canImport(argument)
            case ("targetEnvironment", let argument?): return .targetEnvironment(argument)
            default: return .unknown
            }
        }
    }

    private static func isConditionalDirective(_ token: Token?, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let token, token.kind == .identifier else { return false }
        let word = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
        return word.elementsEqual("if".utf8) || word.elementsEqual("elseif".utf8) || word.elementsEqual("else".utf8)
            || word.elementsEqual("endif".utf8)
    }

    /// Whether the `import` token just taken, after `before`, is the keyword, not a member name or an
    /// argument label.
    private static func isImportKeyword(after before: Token?, in tokens: inout TokenStream) -> Bool {
        before?.kind != .punctuation(UInt8(ascii: ".")) && tokens.peek()?.kind != .punctuation(UInt8(ascii: ":"))
    }

    /// Reads the rest of an import declaration after `import`: an optional kind, then the module and
    /// its dotted path. Takes nothing from `tokens` when no name follows.
    private static func parseImport(
        in tokens: inout TokenStream,
        bytes: UnsafeBufferPointer<UInt8>
    ) -> (module: String, path: String, kind: String?)? {
        var kind: String?
        if let first = tokens.peek(), first.kind == .identifier, spells(first, oneOf: importKinds, in: bytes),
            tokens.peek(1)?.isName == true
        {
            kind = first.text(in: bytes)
            _ = tokens.next()
        }
        guard let name = tokens.peek(), name.isName else { return nil }
        _ = tokens.next()
        let module = name.name(in: bytes)
        guard tokens.peek()?.kind == .punctuation(UInt8(ascii: ".")), tokens.peek(1) != nil else {
            return (module, module, kind)  // the common case: the path is the module
        }
        // Usually the path is the source text itself (`A.B.C`: no space, comment or backtick between its
        // parts), so it is one slice, copied once at the end. Past the first gap it is built as bytes,
        // once: either way a path of a million parts costs no string per part.
        var built: [UInt8]? = name.kind == .quotedIdentifier ? Array(module.utf8) : nil
        var end = name.end
        while let dot = tokens.peek(), dot.kind == .punctuation(UInt8(ascii: ".")), let next = tokens.peek(1) {
            if built == nil, dot.start == end, next.start == dot.end, next.kind != .quotedIdentifier {
                end = next.end
            } else {
                if built == nil {
                    built = Array(UnsafeBufferPointer(rebasing: bytes[name.start..<end]))
                }
                // An operator in `import func Module.+` is one punctuation token.
                let quoted = next.kind == .quotedIdentifier ? 1 : 0
                built?.append(UInt8(ascii: "."))
                built?.append(
                    contentsOf: UnsafeBufferPointer(rebasing: bytes[(next.start + quoted)..<(next.end - quoted)]))
            }
            tokens.takePeeked()
        }
        guard let built else {
            return (
                module, String(decoding: UnsafeBufferPointer(rebasing: bytes[name.start..<end]), as: UTF8.self), kind
            )
        }
        return (module, String(decoding: built, as: UTF8.self), kind)
    }

    /// Takes an opening parenthesis and everything up to the one that balances it, or to the end.
    private static func skipBalancedParentheses(in tokens: inout TokenStream) {
        var depth = 0
        while let token = tokens.next() {
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

    /// Turns byte offsets into 1-based lines and columns, in one walk: the offsets ascend, so each
    /// byte is looked at once, and lines end as the compiler ends them (LF, CR, or CR LF).
    private static func locate(_ found: [Found], in bytes: UnsafeBufferPointer<UInt8>) -> [ImportDeclaration] {
        var declarations: [ImportDeclaration] = []
        declarations.reserveCapacity(found.count)
        var line = 1
        var lineStart = 0
        var position = 0
        for item in found {
            while position < item.offset {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\r")
                    || (byte == UInt8(ascii: "\n") && (position < 2 || bytes[position - 2] != UInt8(ascii: "\r")))
                {
                    line += 1
                }
                if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
                    lineStart = position
                }
            }
            declarations.append(
                ImportDeclaration(
                    module: item.module, path: item.path, kind: item.kind, line: line,
                    column: item.offset - lineStart + 1, conditions: item.conditions))
        }
        return declarations
    }
}
