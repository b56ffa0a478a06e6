import MiddlewareSupport

/// The web address a downgraded route opens instead of its native screen, e.g.
/// `https://notes.example/note/{noteId}`.
///
/// Each `{name}` is filled with the link's value for that parameter, percent-encoded so that no value
/// can add a path segment, a query, a fragment or another host. The host itself is fixed text.
public struct WebTemplate: Sendable, Hashable {
    enum Piece: Sendable, Hashable {
        case text(String)
        case placeholder(String)
    }

    /// The template as written.
    public let text: String
    let pieces: [Piece]

    /// Parses a template for a route with the given parameter names, or throws what is wrong.
    public init(_ text: String, parameters: [String]) throws(TemplateProblem) {
        guard text.utf8.count <= DeepLink.maximumLength else {
            throw TemplateProblem("it is \(text.utf8.count) bytes long; at most \(DeepLink.maximumLength)")
        }
        if let scalar = text.unicodeScalars.first(where: { !$0.isASCII || $0.isInvisible || $0 == " " }) {
            throw TemplateProblem(
                "it contains \(scalar == " " ? "a space" : RouteError.codePoint(scalar)); percent-encode it")
        }
        if let bad = text.first(where: { !Self.allowed.contains($0) }) {
            throw TemplateProblem("'\(bad)' may not appear in a web address; percent-encode it")
        }
        if let escape = Self.badEscape(in: text) {
            throw TemplateProblem("'\(escape)' is not a percent escape; write '%' as %25")
        }
        guard text.lowercased().hasPrefix("https://") else {
            throw TemplateProblem("it is not an https:// address")
        }
        guard let host = WebAddress.host(of: text), !host.contains("{") else {
            throw TemplateProblem("a placeholder in the host would let a link choose the site; write the host out")
        }
        guard WebAddress.isPlainHost(host) else {
            throw TemplateProblem("'\(host)' is not a plain host (letters, digits, '-' and '.'; no user or port)")
        }
        self.text = text
        self.pieces = try Self.pieces(of: text, parameters: parameters)
    }

    /// The characters a URL may hold (RFC 3986's unreserved and reserved ones, and `%`), plus the
    /// braces of placeholders.
    private static let allowed = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%{}")

    /// The first `%` not followed by two hex digits, with what follows it.
    private static func badEscape(in text: String) -> Substring? {
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            let escape = rest[percent...].prefix(3)
            guard escape.count == 3, escape.dropFirst().allSatisfy(\.isHexDigit) else { return escape }
            rest = rest[escape.endIndex...]
        }
        return nil
    }

    private static func pieces(of text: String, parameters: [String]) throws(TemplateProblem) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                throw TemplateProblem("it has an unmatched '\(rest[open])'; placeholders are written {name}")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard parameters.contains(name) else {
                let takes =
                    parameters.isEmpty
                    ? "the route takes no parameters"
                    : "the route takes " + parameters.map { "{\($0)}" }.joined(separator: ", ")
                throw TemplateProblem("unknown placeholder {\(name)}; \(takes)")
            }
            if open > rest.startIndex {
                pieces.append(.text(String(rest[..<open])))
            }
            pieces.append(.placeholder(name))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty {
            pieces.append(.text(String(rest)))
        }
        return pieces
    }

    /// The address for a link's values; each value is percent-encoded, an absent one is empty.
    public func address(for query: [(name: String, value: String)]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .placeholder(let name):
                DeepLink.encode(query.first { $0.name == name }?.value ?? "", escapingDots: true)
            }
        }.joined()
    }
}

/// What is wrong with a web template, in words.
public struct TemplateProblem: Error, Hashable, Sendable {
    /// The problem, e.g. `it is not an https:// address`.
    public let reason: String

    init(_ reason: String) { self.reason = reason }
}
