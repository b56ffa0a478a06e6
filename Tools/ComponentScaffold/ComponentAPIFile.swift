/// The requires and provides a component's API file declares, read from its source.
///
/// The API file (`Components/Shop/Shop.swift`) is where a require is written by hand, once: a
/// `require_` property holding an optional closure whose parameters are named,
/// `public var require_eventDetail: ((_ eventId: EventID, _ eventType: EventType) -> Screen)?`.
/// Everything derived from it (``DerivedFiles``) is generated from what this reads.
struct ComponentAPIFile: Sendable, Hashable {
    /// A `require_` property.
    struct Require: Sendable, Hashable {
        /// The name after `require_`, e.g. `eventDetail`.
        var name: String
        /// Each parameter's name and type, as written (whitespace collapsed).
        var parameters: [(label: String, type: String)]
        /// What the closure returns, e.g. `Screen` or `[BookingSummary]`.
        var answer: String

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name == rhs.name && lhs.answer == rhs.answer
                && lhs.parameters.elementsEqual(rhs.parameters) { $0.label == $1.label && $0.type == $1.type }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(answer)
        }
    }

    /// A `provide_` function.
    struct Provide: Sendable, Hashable {
        /// The name after `provide_`, e.g. `shopDetail`.
        var name: String
        /// Each parameter's argument label (`nil` for `_`), its name inside the function and its type.
        var parameters: [Parameter]
        /// What it returns, e.g. `Screen`.
        var output: String
        /// Whether a value can stand for it: no generics, effects, defaults, variadics or `inout`.
        var isCallableAsValue: Bool

        struct Parameter: Sendable, Hashable {
            var label: String?
            var name: String
            var type: String
        }

        /// The function as documents name it, without the component: `provide_shopDetail(shopId:)`.
        var signature: String {
            "provide_\(name)(" + parameters.map { "\($0.label ?? "_"):" }.joined() + ")"
        }
    }

    var requires: [Require] = []
    var provides: [Provide] = []

    /// No declarations.
    init() {}

    /// Reads the declarations of `source`, the API file of `component`.
    init(source: String, file: String) throws(ScaffoldError) {
        let code = Code(source)
        var index = 0
        while let found = code.nextWord(from: index) {
            index = found.end
            if found.word == "var", let name = code.prefixedName("require_", after: found.end) {
                requires.append(try code.require(named: name.value, at: name.end, file: file))
                index = name.end
            } else if found.word == "func", let name = code.prefixedName("provide_", after: found.end) {
                provides.append(code.provide(named: name.value, at: name.end))
                index = name.end
            }
        }
        var seen: Set<String> = []
        for require in requires where !seen.insert(require.name).inserted {
            throw ScaffoldError("\(file) declares require_\(require.name) twice; keep one")
        }
    }
}

/// A Swift source with comments and string contents blanked, scanned byte by byte.
private struct Code {
    let bytes: [UInt8]

    init(_ source: String) {
        bytes = ArrayLiteralEdit.blankingCommentsAndStrings(Array(source.utf8))
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
    }

    /// The next whole word at or after `start`.
    func nextWord(from start: Int) -> (word: String, end: Int)? {
        var index = start
        while index < bytes.count {
            guard Self.isWordByte(bytes[index]), index == 0 || !Self.isWordByte(bytes[index - 1]) else {
                index += 1
                continue
            }
            let end = bytes[index...].firstIndex { !Self.isWordByte($0) } ?? bytes.count
            return (text(index..<end), end)
        }
        return nil
    }

    /// The name after `prefix`, when the word that follows `start` begins with it.
    func prefixedName(_ prefix: String, after start: Int) -> (value: String, end: Int)? {
        let from = skipSpaces(start)
        guard from < bytes.count, Self.isWordByte(bytes[from]) else { return nil }
        let end = bytes[from...].firstIndex { !Self.isWordByte($0) } ?? bytes.count
        let word = text(from..<end)
        guard word.hasPrefix(prefix), word.utf8.count > prefix.utf8.count else { return nil }
        return (String(word.dropFirst(prefix.count)), end)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func skipSpaces(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x01].contains(bytes[index]) { index += 1 }
        return index
    }

    /// The index just after the bracket that closes the one at `open`, counting `(`, `[` and `<`
    /// (an arrow's `>` closes nothing).
    func closing(_ open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">") where index > 0 && bytes[index - 1] == UInt8(ascii: "-"): break
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"):
                depth -= 1
                if depth == 0 { return index + 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "}"): return nil
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The text between `range`'s brackets split at its top-level commas, each part tidied.
    func splitList(_ range: Range<Int>) -> [String] {
        var parts: [String] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">") where index > 0 && bytes[index - 1] == UInt8(ascii: "-"): break
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                parts.append(Self.tidy(text(start..<index)))
                start = index + 1
            default: break
            }
        }
        let last = Self.tidy(text(start..<range.upperBound))
        return last.isEmpty && parts.isEmpty ? [] : parts + [last]
    }

    /// `text` with runs of whitespace as one space, trimmed.
    static func tidy(_ text: String) -> String {
        text.split(whereSeparator: { " \t\n\r\u{01}".contains($0) }).joined(separator: " ")
    }

    /// Reads `: ((_ label: Type, …) -> Answer)?` after `require_<name>`.
    func require(named name: String, at start: Int, file: String) throws(ScaffoldError) -> ComponentAPIFile.Require {
        let shape =
            "write it as an optional closure with named parameters, e.g."
            + " public var require_\(name): ((_ shopId: ShopID) -> Screen)?"
        var index = skipSpaces(start)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw ScaffoldError("\(file): require_\(name) has no type; \(shape)")
        }
        index = skipSpaces(index + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "("), let outerEnd = closing(index),
            outerEnd < bytes.count, bytes[outerEnd] == UInt8(ascii: "?")
        else { throw ScaffoldError("\(file): require_\(name) is not an optional closure; \(shape)") }
        let inner = skipSpaces(index + 1)
        guard bytes[inner] == UInt8(ascii: "("), let parametersEnd = closing(inner) else {
            throw ScaffoldError("\(file): require_\(name) is not an optional closure; \(shape)")
        }
        let rest = Self.tidy(text(parametersEnd..<(outerEnd - 1)))
        guard rest.hasPrefix("->") else {
            throw ScaffoldError(
                "\(file): require_\(name) has '\(rest.prefix { $0 != " " })' before its arrow;"
                    + " a require is a plain closure, without async, throws or attributes; \(shape)")
        }
        let answer = Self.tidy(String(rest.dropFirst(2)))
        var parameters: [(label: String, type: String)] = []
        for parameter in splitList((inner + 1)..<(parametersEnd - 1)) {
            let words = parameter.split(separator: ":", maxSplits: 1).map { Self.tidy(String($0)) }
            let names = words.first?.split(separator: " ") ?? []
            guard words.count == 2, names.count == 2, names[0] == "_", let label = names.last,
                label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else {
                throw ScaffoldError(
                    "\(file): the parameter '\(parameter)' of require_\(name) has no name; \(shape)")
            }
            parameters.append((String(label), words[1]))
        }
        guard parameters.count <= DerivedFiles.maximumParameters else {
            throw ScaffoldError(
                "\(file): require_\(name) takes \(parameters.count) parameters; a require takes at most"
                    + " \(DerivedFiles.maximumParameters): pass a value type of the base layer instead")
        }
        guard !answer.isEmpty else { throw ScaffoldError("\(file): require_\(name) returns nothing; \(shape)") }
        return ComponentAPIFile.Require(name: name, parameters: parameters, answer: answer)
    }

    /// Reads `(label name: Type, …) -> Output` after `provide_<name>`.
    func provide(named name: String, at start: Int) -> ComponentAPIFile.Provide {
        var provide = ComponentAPIFile.Provide(name: name, parameters: [], output: "", isCallableAsValue: false)
        let open = skipSpaces(start)
        guard open < bytes.count, bytes[open] == UInt8(ascii: "("), let end = closing(open) else { return provide }
        var isCallable = true
        for parameter in splitList((open + 1)..<(end - 1)) {
            let parts = parameter.split(separator: ":", maxSplits: 1).map { Self.tidy(String($0)) }
            let names = (parts.first ?? "").split(separator: " ").map(String.init)
            guard parts.count == 2, (1...2).contains(names.count) else { return provide }
            let type = parts[1]
            if type.contains("=") || type.contains("...") || type.hasPrefix("inout ") || type.contains("some ") {
                isCallable = false
            }
            let label = names[0] == "_" ? nil : names[0]
            provide.parameters.append(.init(label: label, name: names.last ?? names[0], type: type))
        }
        var bodyStart = end
        while bodyStart < bytes.count, bytes[bodyStart] != UInt8(ascii: "{") { bodyStart += 1 }
        let rest = Self.tidy(text(end..<bodyStart))
        guard rest.hasPrefix("->"), !rest.contains(" where ") else { return provide }
        provide.output = Self.tidy(String(rest.dropFirst(2)))
        provide.isCallableAsValue = isCallable
        return provide
    }
}
