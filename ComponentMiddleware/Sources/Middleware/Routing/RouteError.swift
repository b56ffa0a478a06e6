/// Why a URL opens nothing. Every case names the problem and what would be accepted.
public enum RouteError: Error, Hashable, Sendable {
    /// The URL is longer than ``DeepLink/maximumLength`` bytes.
    case tooLong(Int)
    /// The URL or a decoded value holds a control, format or space character.
    case controlCharacter(Unicode.Scalar)
    /// A decoded value holds a control or format character.
    case controlInValue(name: String, Unicode.Scalar)
    /// The URL holds a character outside ASCII that is not percent-encoded.
    case notASCII(Unicode.Scalar)
    /// The URL is not `scheme://host/path?query` (the text says how).
    case malformed(String)
    /// A `%` not followed by two hex digits, or escapes that do not decode to UTF-8.
    case badPercentEncoding(name: String)
    /// A decoded value longer than ``DeepLink/maximumValueLength``.
    case valueTooLong(name: String, length: Int)
    /// The scheme is not the app's.
    case wrongScheme(String, expected: String)
    /// No route has this scheme, host and path.
    case unknownRoute(String, suggestion: String?)
    /// The route exists but only the app itself may open it.
    case internalRoute(String)
    /// The URL gives a parameter the route does not take.
    case unknownParameter(String, route: String, takes: [String], suggestion: String?)
    /// The URL gives a parameter twice.
    case duplicateParameter(String)
    /// The URL leaves out a required parameter.
    case missingParameter(RouteParameter)
    /// A value that does not parse to its parameter's type.
    case invalidValue(String, parameter: RouteParameter)

    /// What was wrong, in one clause.
    public var problem: String {
        switch self {
        case .tooLong(let length):
            "the URL is \(length) bytes long"
        case .controlCharacter(let scalar):
            "the URL contains \(scalar == " " ? "a space" : "the control character \(Self.codePoint(scalar))")"
        case .controlInValue(let name, let scalar):
            "the value of '\(name)' contains the control character \(Self.codePoint(scalar))"
        case .notASCII(let scalar):
            "the URL contains '\(scalar)' (\(Self.codePoint(scalar))), which is not percent-encoded"
        case .malformed(let reason):
            reason
        case .badPercentEncoding(let name):
            "the value of '\(name)' has bad percent-encoding"
        case .valueTooLong(let name, let length):
            "the value of '\(name)' is \(length) bytes long once decoded"
        case .wrongScheme(let scheme, _):
            "'\(scheme)://' links do not open in this app"
        case .unknownRoute(let pattern, _):
            "no route '\(pattern)'"
        case .internalRoute(let pattern):
            "'\(pattern)' opens only from inside the app, never from a link"
        case .unknownParameter(let name, let route, _, _):
            "'\(route)' takes no parameter '\(name)'"
        case .duplicateParameter(let name):
            "parameter '\(name)' is given twice"
        case .missingParameter(let parameter):
            "parameter '\(parameter.name)' is missing"
        case .invalidValue(let value, let parameter):
            "'\(Self.shown(value))' is not a valid \(parameter.name)"
        }
    }

    /// What would be accepted instead, in the trunk's own words, which name no app.
    public var hint: String { hint(help: .none) }

    /// What would be accepted instead, worded with what the app tells about itself (`help`).
    ///
    /// - Parameters:
    ///   - inSession: Whether the hint is for someone inside a session, where a shell command would
    ///     not help: the hints that list routes say what to do on the screen instead.
    ///   - help: What the app tells about itself: its example link and how to list its routes.
    public func hint(inSession: Bool = false, help: RouteHelp) -> String {
        let example = "links look like \(help.exampleLink ?? "scheme://host/path?name=value")"
        return switch self {
        case .malformed where inSession:
            example
        case .unknownRoute(_, nil) where inSession:
            "check the link, or choose an action on this screen"
        case .internalRoute where inSession:
            "choose an action on a screen to get there"
        case .malformed:
            example + (help.listRoutes.map { "; \($0) to list them" } ?? "")
        case .unknownRoute(_, nil):
            help.listRoutes.map { "\($0) to list the routes" } ?? "check the link's host and path"
        case .internalRoute:
            help.listRoutes.map { "\($0) to list the routes a link may open" }
                ?? "a link opens only the routes the app lets links open"
        case .tooLong:
            "links are at most \(DeepLink.maximumLength) bytes"
        case .controlCharacter(" "):
            "percent-encode spaces as %20"
        case .controlCharacter, .controlInValue:
            "links are printable text; control characters are never accepted, even percent-encoded"
        case .notASCII(let scalar):
            "in a value, write it as \(DeepLink.encode(String(scalar))); schemes, hosts and paths are ASCII"
        case .badPercentEncoding:
            "write '%' as %25, and escape bytes as %XX with two hex digits forming UTF-8"
        case .valueTooLong:
            "values are at most \(DeepLink.maximumValueLength) bytes of UTF-8"
        case .wrongScheme(_, let expected):
            "links to this app start with \(expected)://"
        case .unknownRoute(_, let suggestion?):
            "did you mean '\(suggestion)'?"
        case .unknownParameter(_, _, _, let suggestion?):
            "did you mean '\(suggestion)'?"
        case .unknownParameter(_, _, let takes, nil):
            takes.isEmpty ? "it takes no parameters" : "it takes " + takes.map { "'\($0)'" }.joined(separator: ", ")
        case .duplicateParameter:
            "give each parameter once"
        case .missingParameter(let parameter), .invalidValue(_, let parameter):
            "\(parameter.name) is \(parameter.accepts)"
        }
    }

    /// The one line shown: `Error: <problem>; <hint>`, in the trunk's own words.
    public var message: String { message(help: .none) }

    /// The one line shown, its hint worded with what the app tells about itself.
    public func message(help: RouteHelp) -> String { "Error: \(problem); \(hint(help: help))" }

    /// A refused value as a message shows it: printable ASCII as is (cut at 40 characters), anything
    /// else percent-encoded, so a value cannot reorder, stretch or hide the message.
    private static func shown(_ value: String) -> String {
        let cut = value.utf8.count > 40 ? String(decoding: value.utf8.prefix(40), as: UTF8.self) + "…" : value
        return value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) ? cut : DeepLink.encode(value)
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// What an app tells about itself for the hints of a refused link or route: the trunk knows no app,
/// so without it the hints name no command and give no link of the app's own.
public struct RouteHelp: Sendable, Hashable {
    /// A link the app opens, as an example, e.g. `notes://note/detail?noteId=n1`.
    public var exampleLink: String?
    /// How the app's user lists its routes, as the start of a sentence, e.g. `run 'notes routes'`.
    public var listRoutes: String?

    /// Help with an example link and a way to list routes, either optional.
    public init(exampleLink: String? = nil, listRoutes: String? = nil) {
        self.exampleLink = exampleLink
        self.listRoutes = listRoutes
    }

    /// Nothing told: the trunk's own words.
    public static let none = RouteHelp()
}
