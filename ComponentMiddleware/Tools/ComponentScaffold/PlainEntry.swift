/// Reads the two entries `new-component` writes, byte by byte, where only spaces separate their parts:
/// `("Name", wiresTo: ["Other", …])` in the manifest and `RouterEntry("Name") { NameRouter(links: $0) }`
/// in the router registry.
///
/// Every addition checks every entry of both lists, a thousand each in a large app, and a `Regex` costs
/// far more per entry than this. An entry written any other way (a line break or a tab inside it) is
/// left to the lists' patterns, which accept everything this does and more.
struct PlainEntry {
    private let bytes: Substring.UTF8View
    private var index: Substring.UTF8View.Index

    private init(_ text: Substring) {
        bytes = text.utf8
        index = bytes.startIndex
    }

    /// The component's name, if `text` is a components-list entry spaced with spaces only.
    static func componentName(in text: Substring) -> Substring? {
        var reader = PlainEntry(text)
        guard reader.skip("("), reader.skip("\"", afterSpaces: true), let name = reader.identifier(), reader.skip("\""),
            reader.skip(",", afterSpaces: true), reader.skip("wiresTo", afterSpaces: true),
            reader.skip(":", afterSpaces: true), reader.skip("[", afterSpaces: true)
        else { return nil }
        var isListClosed = reader.skip("]", afterSpaces: true)
        while !isListClosed {
            guard reader.skip("\"", afterSpaces: true), reader.identifier() != nil, reader.skip("\"") else {
                return nil
            }
            if reader.skip(",", afterSpaces: true) {
                // Another name, or the `]` after a trailing comma.
                isListClosed = reader.skip("]", afterSpaces: true)
            } else {
                guard reader.skip("]", afterSpaces: true) else { return nil }
                isListClosed = true
            }
        }
        guard reader.skip(")", afterSpaces: true), reader.isAtEnd else { return nil }
        return name
    }

    /// Whether `text` is a router-registry entry spaced with spaces only.
    static func isRouterEntry(_ text: Substring) -> Bool {
        var reader = PlainEntry(text)
        guard reader.skip("RouterEntry("), reader.skip("\"", afterSpaces: true), reader.identifier() != nil,
            reader.skip("\""), reader.skip(")", afterSpaces: true), reader.skip("{", afterSpaces: true)
        else { return false }
        reader.skipSpaces()
        guard let router = reader.identifier(), router.utf8.count > "Router".utf8.count, router.hasSuffix("Router")
        else { return false }
        return reader.skip("(") && reader.skip("links", afterSpaces: true) && reader.skip(":", afterSpaces: true)
            && reader.skip("$0", afterSpaces: true) && reader.skip(")", afterSpaces: true)
            && reader.skip("}", afterSpaces: true) && reader.isAtEnd
    }

    private var isAtEnd: Bool { index == bytes.endIndex }

    /// Moves past spaces.
    private mutating func skipSpaces() {
        while index != bytes.endIndex, bytes[index] == UInt8(ascii: " ") {
            bytes.formIndex(after: &index)
        }
    }

    /// Moves past `literal` if the text goes on with it (after spaces, if `afterSpaces`); otherwise
    /// stays where it was.
    private mutating func skip(_ literal: StaticString, afterSpaces: Bool = false) -> Bool {
        let start = index
        if afterSpaces { skipSpaces() }
        let matches = literal.withUTF8Buffer { literal in
            literal.allSatisfy { byte in
                guard index != bytes.endIndex, bytes[index] == byte else { return false }
                bytes.formIndex(after: &index)
                return true
            }
        }
        if !matches {
            index = start
        }
        return matches
    }

    /// Moves past an ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`), returning it.
    private mutating func identifier() -> Substring? {
        let start = index
        while index != bytes.endIndex, Self.isIdentifierByte(bytes[index], first: index == start) {
            bytes.formIndex(after: &index)
        }
        return index == start ? nil : Substring(bytes[start..<index])
    }

    /// Whether `byte` may stand in an ASCII identifier, at its start if `first`.
    static func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}
