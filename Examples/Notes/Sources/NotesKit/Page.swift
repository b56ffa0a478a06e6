import Middleware

/// What every feature's provide returns: a title and lines of text.
public struct Page: Sendable, Equatable {
    /// The page's title.
    public var title: String
    /// The page's text, one entry per line.
    public var lines: [String]

    /// A page with `title` and `lines`.
    public init(title: String, lines: [String] = []) {
        self.title = title
        self.lines = lines
    }

    /// The page a feature shows for a require the app has not wired.
    public static func unavailable(_ require: String) -> Page {
        Page(title: "Unavailable", lines: ["\(require) is not wired."])
    }

    /// The page as text: the title underlined, then the lines.
    public var text: String {
        ([title, String(repeating: "=", count: title.count)] + lines).joined(separator: "\n")
    }
}

extension Page: StubAnswer {
    /// A page that names the call a stub answered.
    public static func stub(answering call: RequireCall) -> Page {
        Page(title: call.qualifiedName, lines: [call.description])
    }
}
