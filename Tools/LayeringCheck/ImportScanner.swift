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
            var lexer = Lexer(bytes: buffer)
            var tokens: [Token] = []
            tokens.reserveCapacity(buffer.count / 6)
            while let token = lexer.next() {
                tokens.append(token)
            }
            let found = findImports(in: tokens, bytes: buffer)
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

    private static func findImports(in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [Found] {
        var found: [Found] = []
        var depth = 0
        var declarationStart: Int?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .punctuation(UInt8(ascii: "@")) where depth == 0:
                // An attribute: `@name` and an optional parenthesised argument list, e.g. `@available(*, deprecated)`.
                declarationStart = declarationStart ?? token.start
                index += 1
                if index < tokens.count, tokens[index].kind == .identifier {
                    index += 1
                }
                if index < tokens.count, tokens[index].kind == .punctuation(UInt8(ascii: "(")) {
                    index = indexAfterBalancedParentheses(in: tokens, from: index)
                }
                continue
            case .punctuation(UInt8(ascii: "#"))
            where index + 1 < tokens.count
                && isConditionalDirective(tokens[index + 1], bytes: bytes):
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
                } else if word == "import", isImportKeyword(at: index, in: tokens),
                    let declaration = parseImport(after: index, in: tokens, bytes: bytes)
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
                    index = declaration.nextIndex
                    continue
                } else {
                    declarationStart = nil
                }
            default:
                declarationStart = nil
            }
            index += 1
        }
        return found
    }

    private static func isConditionalDirective(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.kind == .identifier else { return false }
        let word = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
        return word.elementsEqual("if".utf8) || word.elementsEqual("elseif".utf8) || word.elementsEqual("else".utf8)
            || word.elementsEqual("endif".utf8)
    }

    /// Whether the `import` token at `index` is the keyword, not a member name or an argument label.
    private static func isImportKeyword(at index: Int, in tokens: [Token]) -> Bool {
        if index > 0, tokens[index - 1].kind == .punctuation(UInt8(ascii: ".")) {
            return false
        }
        if index + 1 < tokens.count, tokens[index + 1].kind == .punctuation(UInt8(ascii: ":")) {
            return false
        }
        return true
    }

    private static func parseImport(
        after index: Int,
        in tokens: [Token],
        bytes: UnsafeBufferPointer<UInt8>
    ) -> (module: String, path: String, kind: String?, nextIndex: Int)? {
        var cursor = index + 1
        var kind: String?
        if cursor + 1 < tokens.count, tokens[cursor].kind == .identifier,
            importKinds.contains(tokens[cursor].text(in: bytes)),
            tokens[cursor + 1].kind == .identifier || tokens[cursor + 1].kind == .quotedIdentifier
        {
            kind = tokens[cursor].text(in: bytes)
            cursor += 1
        }
        guard cursor < tokens.count, tokens[cursor].isName else { return nil }
        var components = [tokens[cursor].name(in: bytes)]
        cursor += 1
        while cursor + 1 < tokens.count, tokens[cursor].kind == .punctuation(UInt8(ascii: ".")) {
            let next = tokens[cursor + 1]
            if next.isName {
                components.append(next.name(in: bytes))
            } else if case .punctuation = next.kind {
                components.append(next.text(in: bytes))  // an operator in `import func Module.+`
            } else {
                break
            }
            cursor += 2
        }
        return (components[0], components.joined(separator: "."), kind, cursor)
    }

    private static func indexAfterBalancedParentheses(in tokens: [Token], from index: Int) -> Int {
        var depth = 0
        var cursor = index
        while cursor < tokens.count {
            if tokens[cursor].kind == .punctuation(UInt8(ascii: "(")) {
                depth += 1
            } else if tokens[cursor].kind == .punctuation(UInt8(ascii: ")")) {
                depth -= 1
                if depth == 0 {
                    return cursor + 1
                }
            }
            cursor += 1
        }
        return cursor
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
