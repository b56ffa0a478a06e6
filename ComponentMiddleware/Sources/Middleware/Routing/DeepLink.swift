import MiddlewareSupport

/// A URL taken apart into the pieces a route table looks at: scheme, host, path and query.
///
/// The parser is deliberately narrow. It accepts `scheme://host/path?name=value&…` in ASCII, with
/// `%XX` escapes in query values that decode to UTF-8 text without control characters, and refuses
/// everything else (a fragment, a port, user information, a stray `%`) with the reason.
public struct DeepLink: Sendable, Hashable {
    /// The longest URL accepted, in bytes.
    public static let maximumLength = 2_048
    /// The longest query value accepted once decoded, in bytes of UTF-8.
    public static let maximumValueLength = 256
    /// The most query parameters a URL may carry.
    public static let maximumParameterCount = 32

    /// The scheme, lowercased, e.g. `notes`.
    public var scheme: String
    /// The host, lowercased, e.g. `notes`.
    public var host: String
    /// The path, from its first `/`, e.g. `/detail`; empty when the URL has none.
    public var path: String
    /// The query's name–value pairs in order, values decoded.
    public var query: [(name: String, value: String)]

    /// The route key: scheme, host and path, as patterns are written (`notes://note/detail`).
    public var pattern: String { "\(scheme)://\(host)\(path)" }

    public static func == (lhs: DeepLink, rhs: DeepLink) -> Bool {
        lhs.pattern == rhs.pattern && lhs.query.elementsEqual(rhs.query) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        for (name, value) in query {
            hasher.combine(name)
            hasher.combine(value)
        }
    }

    /// Parses `text`, or throws the first thing wrong with it.
    ///
    /// Once the text is known to be printable ASCII, everything is read as bytes: a link is parsed
    /// in time proportional to its length, without Unicode machinery.
    public static func parse(_ text: String) throws(RouteError) -> DeepLink {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .malformed("the URL is empty") }
        guard bytes.count <= maximumLength else { throw .tooLong(bytes.count) }
        if !bytes.allSatisfy(isPrintableASCII) {
            try refuseUnprintable(text)
        }
        guard let separator = firstIndex(of: Array("://".utf8), in: bytes[...]) else {
            throw .malformed("'\(text.prefix(40))' does not start with a scheme and '://'")
        }
        let scheme = bytes[..<separator]
        guard let first = scheme.first, isLetter(first),
            scheme.allSatisfy({
                isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            })
        else { throw .malformed("'\(ascii(scheme))' is not a URL scheme") }

        var rest = bytes[(separator + 3)...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            throw .malformed("a fragment ('\(ascii(rest[hash...].prefix(20)))') is not part of any route")
        }
        var query: ArraySlice<UInt8>?
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[(question + 1)...]
            rest = rest[..<question]
        }
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        let host = rest[..<slash]
        let path = rest[slash...]
        try checkHost(host)
        try checkPath(path)
        return DeepLink(
            scheme: ascii(scheme).lowercased(),
            host: ascii(host).lowercased(),
            path: ascii(path),
            query: try query.map(parseQuery) ?? []
        )
    }

    /// Throws for the first space, control or format character, or character outside ASCII.
    private static func refuseUnprintable(_ text: String) throws(RouteError) {
        if let scalar = text.unicodeScalars.first(where: { $0.isInvisible || $0 == " " }) {
            throw .controlCharacter(scalar)
        }
        if let scalar = text.unicodeScalars.first(where: { !$0.isASCII }) {
            throw .notASCII(scalar)
        }
    }

    private static func checkHost(_ host: ArraySlice<UInt8>) throws(RouteError) {
        guard !host.isEmpty else { throw .malformed("the URL names no host") }
        if host.contains(UInt8(ascii: "@")) { throw .malformed("user information ('…@') is not part of any route") }
        if host.first == UInt8(ascii: "[") {
            throw .malformed("an IP address ('\(ascii(host))') is not a host of any route")
        }
        if host.contains(UInt8(ascii: ":")) { throw .malformed("a port (':…') is not part of any route") }
        guard host.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { throw .malformed("'\(ascii(host))' is not a host: use letters, digits, '-' and '.'") }
    }

    private static func checkPath(_ path: ArraySlice<UInt8>) throws(RouteError) {
        let allowed = "/-_.".utf8
        if let bad = path.first(where: { !(isLetter($0) || isDigit($0) || allowed.contains($0)) }) {
            throw .malformed("'\(Unicode.Scalar(bad))' may not appear in a route's path ('\(ascii(path.prefix(60)))')")
        }
    }

    private static func parseQuery(_ query: ArraySlice<UInt8>) throws(RouteError) -> [(name: String, value: String)] {
        guard !query.isEmpty else { throw .malformed("the URL ends in '?' with no parameters") }
        let pairs = query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
        guard pairs.count <= maximumParameterCount else {
            throw .malformed("the URL has \(pairs.count) parameters, more than \(maximumParameterCount)")
        }
        var result: [(name: String, value: String)] = []
        result.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else {
                throw .malformed(
                    pair.isEmpty
                        ? "the query has an empty parameter ('&&', or '&' at an end)"
                        : "parameter '\(ascii(pair.prefix(40)))' has no '=value'")
            }
            let name = pair[..<equals]
            guard !name.isEmpty, name.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else {
                throw .malformed("'\(ascii(name.prefix(40)))' is not a parameter name: use letters, digits and '_'")
            }
            let nameText = ascii(name)
            result.append((nameText, try decode(pair[(equals + 1)...], of: nameText)))
        }
        return result
    }

    /// Decodes `%XX` escapes; the bytes must form UTF-8 text without control characters.
    private static func decode(_ text: ArraySlice<UInt8>, of name: String) throws(RouteError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .badPercentEncoding(name: name)
            }
            bytes.append(high << 4 | low)
        }
        guard let value = String(validating: bytes, as: UTF8.self) else {
            throw .badPercentEncoding(name: name)
        }
        // Printable ASCII needs no further look; anything else is checked scalar by scalar.
        if !bytes.allSatisfy(isPrintableASCII), let scalar = value.unicodeScalars.first(where: \.isInvisible) {
            throw .controlInValue(name: name, scalar)
        }
        guard bytes.count <= maximumValueLength else {
            throw .valueTooLong(name: name, length: bytes.count)
        }
        return value
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Bytes already known to be ASCII, as a string.
    private static func ascii(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The index where `needle` first starts in `haystack`.
    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return haystack.indices.dropLast(needle.count - 1).first { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension DeepLink {
    /// Percent-encodes `value` for a URL: every byte outside the unreserved set (letters, digits,
    /// `-`, `.`, `_`, `~`) is escaped, so a value can never add a path, a query, a fragment or a host.
    ///
    /// - Parameters:
    ///   - value: The text to encode, as UTF-8.
    ///   - escapingDots: Also escape `.`, so a value of `..` cannot become a path segment that walks up
    ///     a site (for values placed in a web address's path).
    public static func encode(_ value: String, escapingDots: Bool = false) -> String {
        var encoded = ""
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ".") where !escapingDots:
                encoded.unicodeScalars.append(".")
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    /// Writes a URL from a pattern and name–value pairs, each value percent-encoded.
    public static func url(_ pattern: String, _ query: [(name: String, value: String)]) -> String {
        guard !query.isEmpty else { return pattern }
        return pattern + "?" + query.map { "\($0.name)=\(encode($0.value))" }.joined(separator: "&")
    }
}

/// The rules for an `https://` address a route may carry or a downgrade may produce.
enum WebAddress {
    /// Whether `text` is an `https://` address with a plain host, in ASCII without spaces or controls.
    static func isAcceptable(_ text: String) -> Bool {
        guard text.utf8.count <= DeepLink.maximumLength, text.lowercased().hasPrefix("https://"),
            text.unicodeScalars.allSatisfy({ $0.isASCII && !$0.isInvisible && $0 != " " })
        else { return false }
        return host(of: text).map(isPlainHost) ?? false
    }

    /// The host of an `https://` address: what follows `//` up to the first `/`, `?` or `#`.
    static func host(of text: String) -> Substring? {
        guard let separator = text.firstRange(of: "://") else { return nil }
        let rest = text[separator.upperBound...]
        return rest.prefix { !"/?#".contains($0) }
    }

    /// A host of letters, digits, `-` and `.`, with at least one letter or digit: no user, no port.
    static func isPlainHost(_ host: Substring) -> Bool {
        !host.isEmpty && host.contains(where: { $0.isLetter || $0.isNumber })
            && host.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "." }
    }
}
