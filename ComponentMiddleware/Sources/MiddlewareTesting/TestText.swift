import Testing

/// A test's text argument, shown short in the test log: a hostile input of a million characters
/// would otherwise be printed whole with every test case that takes it.
public struct TestText: Sendable, CustomTestStringConvertible, ExpressibleByStringLiteral {
    /// The text itself.
    public let text: String

    /// Wraps `text`.
    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral text: String) {
        self.text = text
    }

    /// The text quoted, or its first 40 characters and its length when it is longer than 80.
    public var testDescription: String {
        guard text.count > 80 else { return String(reflecting: text) }
        return String(reflecting: String(text.prefix(40))) + "… (\(text.utf8.count) bytes)"
    }
}

extension TestText {
    /// Each pair of a parameterized test's texts wrapped, so that a case is logged on one line, its
    /// line breaks escaped, and a long text by its start and length.
    public static func pairs(_ pairs: [(String, String)]) -> [(TestText, TestText)] {
        pairs.map { (TestText($0), TestText($1)) }
    }
}
