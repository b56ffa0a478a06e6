/// A package manifest as the check reads it: its path relative to the package root and its text.
public struct ManifestFile: Sendable, Equatable {
    /// `Package.swift`, or a versioned manifest such as `Package@swift-6.3.swift`.
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// Points findings about the manifest at their lines: each target declaration (`.target(name: "X", …)`
/// and its kin, never a product of the same name), the dependency entries inside it, and the module
/// aliases and compiler flags that rename modules.
///
/// Manifests are Swift programs, so a target may come from a loop and have no declaration of its own;
/// such a finding falls back to the top of the file. The reading is one pass over tokens: comments are
/// skipped, strings are kept with their positions.
struct ManifestLocator {
    /// One string literal or name in the manifest, with its 1-based line and UTF-8 column.
    struct Token {
        enum Kind: Equatable {
            case string
            case identifier
            case punctuation
        }

        var kind: Kind
        var text: String
        var line: Int
        var column: Int
    }

    /// A target declared with a literal name: where its name is, and where each string inside its
    /// declaration first appears, after `dependencies:` and anywhere.
    struct Declaration {
        var name: (line: Int, column: Int)
        var listed: [String: (line: Int, column: Int)] = [:]
        var mentioned: [String: (line: Int, column: Int)] = [:]
    }

    /// Something in the manifest that renames a module: where, and in which target's declaration.
    struct Rename {
        var line: Int
        var column: Int
        var owner: String?
        /// `true` for compiler flags built from an expression: the check cannot read what they say.
        var isExpression: Bool
    }

    /// The file this locator reads.
    let path: String
    private(set) var declarations: [String: Declaration] = [:]
    private(set) var renames: [Rename] = []

    /// The kinds of target a manifest declares; products (`.library`, `.executable`) are not targets.
    private static let targetKinds: Set<String> = [
        "target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget",
    ]

    init(_ manifest: ManifestFile) {
        path = manifest.path
        outline(Self.tokens(in: Array(manifest.text.utf8)))
    }

    /// The 1-based line and column of `dependency`'s entry in the declaration of `target`: the entry
    /// after `dependencies:` if there is one, then any mention inside the declaration, then the target's
    /// name, then the top of the file.
    func location(ofDependency dependency: String, inTarget target: String) -> (line: Int, column: Int) {
        guard let declaration = declarations[target] else { return (1, 1) }
        return declaration.listed[dependency] ?? declaration.mentioned[dependency] ?? declaration.name
    }

    // MARK: Reading

    /// Finds the target declarations and the renames in one pass, tracking brackets so a
    /// `.target(name:)` inside a dependency list is read as the dependency it is.
    private mutating func outline(_ tokens: [Token]) {
        var depth = 0
        /// The declaration being read: its name and the depth its parenthesis opened.
        var open: (name: String, depth: Int, declaration: Declaration, isListing: Bool)?
        /// The `unsafeFlags(` being read: where, the depth it opened, its strings joined, and whether
        /// anything but strings and `+` builds it.
        var flags: (token: Token, depth: Int, joined: String, isExpression: Bool)?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch (token.kind, token.text) {
            case (.punctuation, "("), (.punctuation, "["):
                depth += 1
            case (.punctuation, ")"), (.punctuation, "]"):
                depth -= 1
                if let current = flags, depth < current.depth {
                    let passed = current.joined.split(separator: " ")
                    if current.isExpression || passed.contains(where: { $0.hasPrefix("-module-alias") }) {
                        renames.append(
                            Rename(
                                line: current.token.line, column: current.token.column, owner: open?.name,
                                isExpression: current.isExpression))
                    }
                    flags = nil
                }
                if let current = open, depth < current.depth {
                    if declarations[current.name] == nil {
                        declarations[current.name] = current.declaration
                    }
                    open = nil
                }
            case (.identifier, let word) where open == nil && Self.targetKinds.contains(word):
                // `.target(name: "X"` with a literal name opens a declaration.
                if index >= 2, tokens[index - 2].text == ".", index + 3 < tokens.count, tokens[index].text == "(",
                    tokens[index + 1].text == "name", tokens[index + 2].text == ":", tokens[index + 3].kind == .string
                {
                    depth += 1
                    let name = tokens[index + 3]
                    open = (name.text, depth, Declaration(name: (name.line, name.column)), false)
                    index += 4
                    continue
                }
            case (.identifier, "moduleAliases"):
                renames.append(Rename(line: token.line, column: token.column, owner: open?.name, isExpression: false))
            case (.identifier, "dependencies"):
                open?.isListing = true
            case (.identifier, "unsafeFlags") where flags == nil:
                if index < tokens.count, tokens[index].text == "(" {
                    flags = (token, depth + 1, "", false)
                }
                continue
            case (.string, let text):
                if open?.declaration.mentioned[text] == nil {
                    open?.declaration.mentioned[text] = (token.line, token.column)
                }
                if open?.isListing == true, open?.declaration.listed[text] == nil {
                    open?.declaration.listed[text] = (token.line, token.column)
                }
            default:
                break
            }
            if flags != nil, depth >= flags?.depth ?? 0 {
                switch (token.kind, token.text) {
                case (.string, let text):
                    flags?.joined += text
                    if text.contains("\\(") { flags?.isExpression = true }  // an interpolation
                case (.punctuation, ","): flags?.joined += " "
                case (.punctuation, "+"), (.punctuation, "("), (.punctuation, "["), (.punctuation, ")"),
                    (.punctuation, "]"):
                    break
                default: flags?.isExpression = true  // a name, a call or a `\(…)`: the flags are computed
                }
            }
        }
        if let current = open, declarations[current.name] == nil {
            declarations[current.name] = current.declaration
        }
    }

    /// The strings, names and punctuation of a manifest, comments skipped. A string's text is its
    /// contents as written (escapes are not resolved; a target name needs none). Linear in the input.
    static func tokens(in bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var line = 1
        var lineStart = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }
        func starts(with text: String, at position: Int) -> Bool {
            var cursor = position
            for byte in text.utf8 {
                guard cursor < bytes.count, bytes[cursor] == byte else { return false }
                cursor += 1
            }
            return true
        }
        /// Moves past `end`, counting the lines crossed; stops at the end of the file.
        func skip(to end: Int) {
            while index < min(end, bytes.count) {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            let column = index - lineStart + 1
            if byte == UInt8(ascii: "\n") {
                skip(to: index + 1)
            } else if starts(with: "//", at: index) {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if starts(with: "/*", at: index) {
                var depth = 0
                var end = index
                while end < bytes.count {
                    if starts(with: "/*", at: end) {
                        depth += 1
                        end += 2
                    } else if starts(with: "*/", at: end) {
                        depth -= 1
                        end += 2
                        if depth == 0 { break }
                    } else {
                        end += 1
                    }
                }
                skip(to: end)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") {
                // A string: `"…"`, `"""…"""` or raw, `#"…"#`. A `#` not before a quote is punctuation.
                var hashes = 0
                while index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                guard index + hashes < bytes.count, bytes[index + hashes] == UInt8(ascii: "\"") else {
                    tokens.append(Token(kind: .punctuation, text: "#", line: line, column: column))
                    index += 1
                    continue
                }
                let isMultiline = starts(with: "\"\"\"", at: index + hashes)
                let quotes = isMultiline ? 3 : 1
                let textStart = index + hashes + quotes
                var end = textStart
                var closed = false
                while end < bytes.count {
                    if bytes[end] == UInt8(ascii: "\\"), hashes == 0 {
                        end += 2
                        continue
                    }
                    if !isMultiline, bytes[end] == UInt8(ascii: "\n") { break }
                    if bytes[end] == UInt8(ascii: "\""), (isMultiline ? starts(with: "\"\"\"", at: end) : true),
                        (0..<hashes).allSatisfy({
                            end + quotes + $0 < bytes.count && bytes[end + quotes + $0] == UInt8(ascii: "#")
                        })
                    {
                        closed = true
                        break
                    }
                    end += 1
                }
                end = min(end, bytes.count)
                let text = String(decoding: bytes[textStart..<end], as: UTF8.self)
                tokens.append(Token(kind: .string, text: text, line: line, column: column))
                skip(to: closed ? end + quotes + hashes : end)
            } else if isNameByte(byte) {
                var end = index
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                tokens.append(Token(kind: .identifier, text: text, line: line, column: column))
                index = end
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else {
                tokens.append(
                    Token(kind: .punctuation, text: String(UnicodeScalar(byte)), line: line, column: column))
                index += 1
            }
        }
        return tokens
    }
}
