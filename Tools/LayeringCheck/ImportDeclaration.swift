/// One `import` declaration found in a Swift source file.
public struct ImportDeclaration: Sendable, Hashable, Codable {
    /// The imported module: the first component of the path (`Event` in `import struct Event.Detail`).
    public var module: String
    /// The full imported path, e.g. `Event.Detail`.
    public var path: String
    /// The import kind for a scoped import (`struct`, `func`…), or `nil` for a whole-module import.
    public var kind: String?
    /// The 1-based line of the declaration's first token (its first attribute or modifier, if any).
    public var line: Int
    /// The 1-based column, in UTF-8 bytes as the compiler counts them, of that token.
    public var column: Int

    /// Creates a declaration.
    public init(module: String, path: String, kind: String? = nil, line: Int, column: Int) {
        self.module = module
        self.path = path
        self.kind = kind
        self.line = line
        self.column = column
    }
}
