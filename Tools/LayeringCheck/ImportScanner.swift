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

    // MARK: Parsing tokens into declarations

    private static let accessModifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    private static let importKinds: Set<String> = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]

    private struct Found {
        var module: String
        var path: String
        var kind: String?
        var offset: Int
    }

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
            case .punctuation(UInt8(ascii: "#"))
            where tokens.peek().map { isConditionalDirective($0, bytes: bytes) } == true:
                // `#if`, `#elseif`, `#else`, `#endif` stand outside any brackets; an unbalanced bracket in
                // a branch the compiler skips (`#if compiler(>=99)`) must not hide the imports after it.
                depth = 0
                declarationStart = nil
            case .punctuation(let byte):
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                    depth = max(0, depth - 1)
                }
                declarationStart = nil
            case .identifier where depth == 0:
                let word = token.text(in: bytes)
                if accessModifiers.contains(word) {
                    declarationStart = declarationStart ?? token.start
                } else if word == "import", isImportKeyword(after: before, in: &tokens),
                    let declaration = parseImport(in: &tokens, bytes: bytes)
                {
                    found.append(
                        Found(
                            module: declaration.module,
                            path: declaration.path,
                            kind: declaration.kind,
                            offset: declarationStart ?? token.start
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

    private static func isConditionalDirective(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.kind == .identifier else { return false }
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
        if let first = tokens.peek(), first.kind == .identifier, importKinds.contains(first.text(in: bytes)),
            tokens.peek(1)?.isName == true
        {
            kind = first.text(in: bytes)
            _ = tokens.next()
        }
        guard let name = tokens.peek(), name.isName else { return nil }
        _ = tokens.next()
        let module = name.name(in: bytes)
        // The path is built as bytes, once: a path of a million components costs no string per part.
        var path = Array(module.utf8)
        while tokens.peek()?.kind == .punctuation(UInt8(ascii: ".")), let next = tokens.peek(1) {
            let part: UnsafeBufferPointer<UInt8>
            switch next.kind {
            case .identifier, .punctuation: part = UnsafeBufferPointer(rebasing: bytes[next.start..<next.end])
            case .quotedIdentifier: part = UnsafeBufferPointer(rebasing: bytes[(next.start + 1)..<(next.end - 1)])
            }
            // An operator in `import func Module.+` is one punctuation token.
            path.append(UInt8(ascii: "."))
            path.append(contentsOf: part)
            _ = tokens.next()
            _ = tokens.next()
        }
        return (module, String(decoding: path, as: UTF8.self), kind)
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

    /// Turns byte offsets into 1-based lines and columns.
    private static func locate(_ found: [Found], in bytes: UnsafeBufferPointer<UInt8>) -> [ImportDeclaration] {
        guard !found.isEmpty else { return [] }
        let lines = SourceLines(bytes)
        return found.map { item in
            let (line, column) = lines.location(of: item.offset)
            return ImportDeclaration(module: item.module, path: item.path, kind: item.kind, line: line, column: column)
        }
    }
}
