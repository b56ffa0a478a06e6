import MiddlewareSupport

/// One finding of the check, located like a compiler diagnostic.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Codable {
        /// A broken rule: the check fails.
        case error
        /// Worth fixing, but the check still passes.
        case warning
    }

    /// The file, relative to the package root.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in UTF-8 bytes, as the compiler counts.
    public var column: Int
    /// The 1-based column in Unicode scalars, when the line before it holds a non-ASCII character and so
    /// it differs from ``column``.
    public var scalarColumn: Int?
    /// Whether the finding fails the check.
    public var severity: Severity
    /// The rule broken.
    public var rule: Rule
    /// What is wrong, naming the targets involved.
    public var message: String
    /// How to fix it.
    public var hint: String
    /// The target at fault.
    public var target: String
    /// The module or dependency that breaks the rule, if any.
    public var module: String?
    /// For a finding along a chain of dependencies, the chain: `["Tags", "Bridge", "Notes"]`.
    public var chain: [String]?

    /// Creates a diagnostic.
    public init(
        path: String,
        line: Int,
        column: Int,
        severity: Severity = .error,
        rule: Rule,
        message: String,
        hint: String,
        target: String,
        module: String? = nil,
        chain: [String]? = nil
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.rule = rule
        self.message = message
        self.hint = hint
        self.target = target
        self.module = module
        self.chain = chain
    }

    /// The diagnostic in the compiler's format, so editors and CI logs link it:
    /// `path:line:column: error: message; hint [rule-id]`. Always one line: control and formatting
    /// characters from file names and from the contract show as `\u{…}`.
    public var formatted: String {
        "\(path.visible):\(line):\(column): \(severity.rawValue): \(message.visible); \(hint.visible) [\(rule.rawValue)]"
    }
}
