/// The requires and provides a component's API file declares, read from its source.
///
/// The API file (`Features/Notes/Notes.swift`) is where a require is written by hand, once: a
/// `public var` in the component's class holding an optional closure whose parameters are named,
/// `public var require_tagPage: ((_ noteId: NoteID, _ limit: Int) -> Page)?`.
/// Everything derived from it (``DerivedFiles``) is generated from what this reads. A declaration the
/// derived code could not express is refused with its line, so what is accepted builds.
struct ComponentAPIFile: Sendable, Hashable {
    /// A `require_` property.
    struct Require: Sendable, Hashable {
        /// The name after `require_`, e.g. `eventDetail`.
        var name: String
        /// Each parameter's name and type, as written (whitespace collapsed).
        var parameters: [Parameter]
        /// What the closure returns, e.g. `Page` or `[String]`.
        var answer: String
        /// Whether the closure is `async throws`.
        var isAsync = false
        /// The 1-based line of the declaration.
        var line: Int

        struct Parameter: Sendable, Hashable {
            var label: String
            var type: String
        }

        /// The parameters as the closure type and the calling function write them: `_ noteId: NoteID, …`.
        var parameterList: String { parameters.map { "_ \($0.label): \($0.type)" }.joined(separator: ", ") }

        /// The property's closure type without the optional, e.g. `(_ noteId: NoteID) -> Page`.
        var closureType: String { "(\(parameterList))\(isAsync ? " async throws" : "") -> \(answer)" }
    }

    /// A `public func provide_` of the component's class.
    struct Provide: Sendable, Hashable {
        /// The name after `provide_`, e.g. `tagPage`.
        var name: String
        /// Each parameter's argument label (`nil` for `_`), its name inside the function and its type.
        var parameters: [Parameter]
        /// What it returns, e.g. `Page`.
        var output: String
        /// Whether a value can stand for it: an instance method, without generics, typed throws,
        /// defaults, variadics, `inout`, ownership or autoclosure parameters, or an opaque result.
        var isCallableAsValue: Bool
        /// Its effects as written before the arrow: ``Effects/none``, `async`, `throws` or both.
        var effects = Effects()

        /// Whether a provide waits (`async`) or fails (`throws`): its value is then an `AsyncProvide`.
        struct Effects: Sendable, Hashable {
            var isAsync = false
            var throwsErrors = false

            /// Neither.
            var isNone: Bool { !isAsync && !throwsErrors }

            /// The effects as a message shows them after a signature: ` async throws`, or nothing.
            var shown: String { (isAsync ? " async" : "") + (throwsErrors ? " throws" : "") }
        }
        /// The 1-based line of the declaration.
        var line: Int

        struct Parameter: Sendable, Hashable {
            var label: String?
            var name: String
            var type: String
        }

        /// The function as documents name it, without the component: `provide_note(noteId:)`.
        var signature: String {
            "provide_\(name)(" + parameters.map { "\($0.label ?? "_"):" }.joined() + ")"
        }
    }

    var requires: [Require] = []
    var provides: [Provide] = []

    /// No declarations.
    init() {}

    /// What a component's class already has, besides its declarations, that a require's calling
    /// function would collide with: `ComponentAPI`'s members and the generated ones.
    static let reservedNames: Set<String> = [
        "shared", "store", "componentName", "allRequires", "requireNames", "unwiredRequires", "reset",
        "keepState", "readRecords", "recordDocuments", "unwireEveryRequire", "stubEveryRequire", "requireCount",
        "namesOfUnwiredRequires",
    ]

    /// Reads the declarations of `source`, the API file named `file`.
    init(source: String, file: String) throws(ScaffoldError) {
        let code = Code(source, file: file)
        try code.refuseWhatTheCompilerWould()
        var index = 0
        var depth = 0
        // Open `#if` blocks: a require under one would be listed on every platform, built on some.
        var conditionals = 0
        // The names the class declares, which a require's calling function must not take.
        var members: Set<String> = []
        while let found = code.nextWord(from: index) {
            depth += code.braceBalance(index..<found.start)
            index = found.end
            if code.isDirective(at: found.start) {
                if found.word == "if" { conditionals += 1 }
                if found.word == "endif" { conditionals = max(0, conditionals - 1) }
                continue
            }
            guard ["var", "let", "func"].contains(found.word) else { continue }
            if let name = code.backtickedName(after: found.end), name.hasPrefix("require_") {
                throw ScaffoldError(
                    "\(file):\(code.line(of: found.start)): `\(ComponentName.printable(name))` is written in backticks;"
                        + " a require's name is a plain identifier: write \(ComponentName.printable(name))")
            }
            if found.word == "let", depth == 1, let name = code.prefixedName("require_", after: found.end) {
                // A constant can be wired by no router: refused, where it was passed over without a word.
                throw ScaffoldError(
                    "\(file):\(code.line(of: found.start)): require_\(ComponentName.printable(name.value)) is a let;"
                        + " a require is a public instance property the app's router assigns; write it as a public"
                        + " optional closure with named parameters, e.g. public var require_"
                        + "\(ComponentName.printable(name.value)): ((_ noteId: String) -> Page)?")
            }
            if found.word == "var", let name = code.prefixedName("require_", after: found.end) {
                // Only the class's own members (depth 1) are the component's requires.
                guard depth == 1, conditionals == 0 else {
                    let place = "\(file):\(code.line(of: found.start)): require_\(ComponentName.printable(name.value))"
                    throw ScaffoldError(
                        conditionals > 0
                            ? "\(place) stands inside #if; the derived list is the same on every platform, so a"
                                + " require is declared unconditionally"
                            : "\(place) is not a member of the component's class itself; declare requires in the"
                                + " class, and give other properties another name than require_")
                }
                let modifiers = code.modifiers(before: found.start)
                requires.append(
                    try code.require(named: name.value, at: name.end, modifiers: modifiers, line: found.start))
                index = name.end
            } else if depth == 1, found.word == "func", let name = code.prefixedName("provide_", after: found.end) {
                provides.append(
                    code.provide(named: name.value, at: name.end, modifiers: code.modifiers(before: found.start)))
                index = name.end
            } else if depth == 1, let name = code.name(after: found.end) {
                members.insert(name.value)
            }
        }
        depth += code.braceBalance(index..<code.bytes.count)
        guard depth == 0 else { throw code.unbalancedBraces() }
        var seen: Set<String> = []
        for require in requires where !seen.insert(require.name).inserted {
            throw ScaffoldError("\(file):\(require.line): require_\(require.name) is declared twice; keep one")
        }
        for require in requires where members.contains(require.name) || Self.reservedNames.contains(require.name) {
            throw ScaffoldError(
                "\(file):\(require.line): require_\(require.name) would be called through a function named"
                    + " '\(require.name)', which the component already has; rename it")
        }
    }
}

/// A Swift source with comments and string contents blanked, scanned byte by byte.
private struct Code {
    let bytes: [UInt8]
    let file: String
    /// The offset of each line break (a blanked one too), in order: a line is found by a binary
    /// search, so naming the lines of every declaration stays linear in the file's size.
    private let lineBreaks: [Int]
    /// Where the first string, regex literal or block comment that is never closed begins.
    let firstUnclosedLiteral: Int?

    init(_ source: String, file: String) {
        // Line breaks as Swift reads them: CR LF and CR alone become LF, so a comment ends and a
        // line is counted wherever the compiler's do.
        var lines: [UInt8] = []
        lines.reserveCapacity(source.utf8.count)
        var previous: UInt8 = 0
        for byte in source.utf8 {
            defer { previous = byte }
            if byte == UInt8(ascii: "\n"), previous == UInt8(ascii: "\r") { continue }
            lines.append(byte == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : byte)
        }
        let (bytes, firstUnclosed) = ArrayLiteralEdit.blanking(lines)
        firstUnclosedLiteral = firstUnclosed
        self.bytes = bytes
        self.file = file
        lineBreaks = bytes.indices.filter { bytes[$0] == 0x0A || bytes[$0] == 0x01 }
    }

    /// Refuses, with its line, what the compiler refuses and this reading would take otherwise: a
    /// literal or comment never closed (the rest of the file would be read as its text), and a
    /// no-break space in the code (the compiler reads it as a space; this reading would not).
    func refuseWhatTheCompilerWould() throws(ScaffoldError) {
        if let start = firstUnclosedLiteral {
            throw ScaffoldError(
                "\(file):\(line(of: start)): a string, regex literal or comment that starts here is never closed;"
                    + " close it")
        }
        for index in bytes.indices.dropLast() where bytes[index] == 0xC2 && bytes[index + 1] == 0xA0 {
            throw ScaffoldError(
                "\(file):\(line(of: index)): a no-break space (U+00A0) stands in the code; type a plain space")
        }
    }

    /// The refusal of a file whose braces do not balance, naming the line of the first `}` that
    /// closes nothing, or else of the last `{` never closed.
    func unbalancedBraces() -> ScaffoldError {
        var open: [Int] = []
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "{") {
                open.append(index)
            } else if byte == UInt8(ascii: "}") {
                guard open.popLast() != nil else {
                    return ScaffoldError("\(file):\(line(of: index)): this '}' closes no '{'; remove it")
                }
            }
        }
        let unclosed = open.last.map { line(of: $0) }.map(String.init) ?? "?"
        return ScaffoldError("\(file):\(unclosed): the '{' on this line is never closed; close it")
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
    }

    /// The next whole word at or after `start`.
    func nextWord(from start: Int) -> (word: String, start: Int, end: Int)? {
        var index = start
        while index < bytes.count {
            guard Self.isWordByte(bytes[index]), index == 0 || !Self.isWordByte(bytes[index - 1]) else {
                index += 1
                continue
            }
            let end = bytes[index...].firstIndex { !Self.isWordByte($0) } ?? bytes.count
            return (text(index..<end), index, end)
        }
        return nil
    }

    /// Whether the word at `offset` is a compiler directive's (`#if`, `#endif`).
    func isDirective(at offset: Int) -> Bool {
        offset > 0 && bytes[offset - 1] == UInt8(ascii: "#")
    }

    /// The name declared after `start` (the word after `var`, `let` or `func`), if it is a plain
    /// word, and where it ends.
    func name(after start: Int) -> (value: String, end: Int)? {
        let from = skipSpaces(start)
        guard from < bytes.count, Self.isWordByte(bytes[from]) else { return nil }
        let end = bytes[from...].firstIndex { !Self.isWordByte($0) } ?? bytes.count
        return (text(from..<end), end)
    }

    /// The name in backticks after `start`, as in `` var `require_x` ``.
    func backtickedName(after start: Int) -> String? {
        let from = skipSpaces(start)
        guard from < bytes.count, bytes[from] == UInt8(ascii: "`") else { return nil }
        let end = bytes[(from + 1)...].prefix(200).firstIndex { !Self.isWordByte($0) } ?? bytes.count
        return text((from + 1)..<end)
    }

    /// How many braces `range` opens, less those it closes.
    func braceBalance(_ range: Range<Int>) -> Int {
        bytes[range].reduce(0) { $0 + ($1 == UInt8(ascii: "{") ? 1 : $1 == UInt8(ascii: "}") ? -1 : 0) }
    }

    /// The 1-based line of `offset` (a blanked line break still counts).
    func line(of offset: Int) -> Int {
        // The number of line breaks before `offset`.
        var low = 0
        var high = lineBreaks.count
        while low < high {
            let middle = (low + high) / 2
            if lineBreaks[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return 1 + low
    }

    /// The name after `prefix`, when the word that follows `start` begins with it.
    func prefixedName(_ prefix: String, after start: Int) -> (value: String, end: Int)? {
        guard let word = name(after: start), word.value.hasPrefix(prefix), word.value.utf8.count > prefix.utf8.count
        else { return nil }
        return (String(word.value.dropFirst(prefix.count)), word.end)
    }

    /// The declaration modifiers written just before `offset`, e.g. `["public"]`.
    func modifiers(before offset: Int) -> [String] {
        let known: Set<String> = [
            "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final",
            "nonisolated", "lazy", "weak", "unowned", "dynamic", "override", "mutating",
        ]
        var modifiers: [String] = []
        var end = offset
        while true {
            var index = end
            while index > 0, [0x20, 0x09, 0x0A, 0x0D, 0x01].contains(bytes[index - 1]) { index -= 1 }
            // A modifier with an argument, `private(set)` or `nonisolated(unsafe)`, is read as one,
            // its argument without spaces: `private( set )` is `private(set)`.
            var argument: String?
            if index > 0, bytes[index - 1] == UInt8(ascii: ")") {
                var open = index - 1
                while open > 0, bytes[open - 1] != UInt8(ascii: "("), bytes[open - 1] != UInt8(ascii: ")") { open -= 1 }
                guard open > 0, bytes[open - 1] == UInt8(ascii: "(") else { return modifiers }
                argument = String(Self.tidy(text(open..<(index - 1))).filter { $0 != " " })
                index = open - 1
            }
            let wordEnd = index
            while index > 0, Self.isWordByte(bytes[index - 1]) { index -= 1 }
            let word = text(index..<wordEnd)
            guard known.contains(word) else { return modifiers }
            modifiers.append(argument.map { "\(word)(\($0))" } ?? word)
            end = index
        }
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

    /// Whether `name` can stand as a closure's parameter and an argument without backticks.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name != "_"
            && name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            && !Signature.keywords.contains(name)
    }

    /// Whether `type`, after its attributes, is a function type: `(…) -> …`, not `[K: (…) -> …]`.
    static func isFunctionType(_ type: String) -> Bool {
        let words = type.split(separator: " ").drop { $0.hasPrefix("@") }
        let bare = Array(words.joined(separator: " ").utf8)
        guard bare.first == UInt8(ascii: "(") else { return false }
        var depth = 0
        for (index, byte) in bare.enumerated() {
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    let after = tidy(String(decoding: bare[(index + 1)...], as: UTF8.self))
                    return after.hasPrefix("->") || after.hasPrefix("async") || after.hasPrefix("throws")
                }
            }
        }
        return false
    }

    /// Reads `: ((_ label: Type, …) -> Answer)?` after `require_<name>`.
    func require(
        named name: String, at start: Int, modifiers: [String], line offset: Int
    ) throws(ScaffoldError) -> ComponentAPIFile.Require {
        let place = "\(file):\(line(of: offset)): require_\(ComponentName.printable(name))"
        guard Signature.isLowerCamelName(name) else {
            throw ScaffoldError(
                "\(place): the name after require_ is the name of its calling function and of its stub's entry,"
                    + " so it is ASCII lowerCamelCase, at most \(Signature.maximumNameLength) characters, and not"
                    + " a keyword")
        }
        let shape =
            "write it as a public optional closure with named parameters, e.g."
            + " public var require_\(name): ((_ noteId: String) -> Page)?"
        if let setter = modifiers.first(where: { $0.hasSuffix("(set)") }) {
            throw ScaffoldError(
                "\(place) is '\(modifiers.reversed().joined(separator: " "))'; the app's router assigns a require,"
                    + " so its setter cannot be \(setter.dropLast(5)); \(shape)")
        }
        guard modifiers.contains("public"), !modifiers.contains("static"), !modifiers.contains("class") else {
            throw ScaffoldError(
                "\(place) is \(modifiers.isEmpty ? "not public" : "'\(modifiers.reversed().joined(separator: " "))'");"
                    + " a require is a public instance property the app's router assigns; \(shape)")
        }
        var index = skipSpaces(start)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw ScaffoldError("\(place) has no type; \(shape)")
        }
        index = skipSpaces(index + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "("), let outerEnd = closing(index),
            outerEnd < bytes.count, bytes[outerEnd] == UInt8(ascii: "?")
        else { throw ScaffoldError("\(place) is not an optional closure; \(shape)") }
        let afterType = skipSpaces(outerEnd + 1)
        if afterType < bytes.count, bytes[afterType] == UInt8(ascii: "{") {
            throw ScaffoldError(
                "\(place) has accessors; a require is a stored property the app's router assigns; \(shape)")
        }
        let inner = skipSpaces(index + 1)
        guard bytes[inner] == UInt8(ascii: "(") else {
            let attribute = Self.tidy(text(inner..<outerEnd)).prefix { $0 != " " && $0 != "(" }
            throw ScaffoldError(
                "\(place) has '\(attribute)' before its parameters; a require is a closure without attributes;"
                    + " \(shape)")
        }
        guard let parametersEnd = closing(inner) else {
            throw ScaffoldError("\(place) is not an optional closure; \(shape)")
        }
        var rest = Self.tidy(text(parametersEnd..<(outerEnd - 1)))
        guard !rest.isEmpty else { throw ScaffoldError("\(place) has no return type; \(shape)") }
        // The effects a require may have: none, or `async throws` (an unwired one throws).
        let isAsync = rest.hasPrefix("async throws ->") || rest.hasPrefix("async throws->")
        if isAsync {
            rest = Self.tidy(String(rest.dropFirst("async throws".count)))
        }
        guard rest.hasPrefix("->") else {
            throw ScaffoldError(
                "\(place) has '\(Self.tidy(String(rest.prefix(upTo: rest.firstRange(of: "->")?.lowerBound ?? rest.endIndex))))'"
                    + " before its arrow; a require's effects are"
                    + " none or 'async throws', e.g. ((_ noteId: String) async throws -> [String])?")
        }
        let answer = Self.tidy(String(rest.dropFirst(2)))
        guard !answer.isEmpty else { throw ScaffoldError("\(place) has no return type; \(shape)") }
        var parameters: [ComponentAPIFile.Require.Parameter] = []
        for parameter in splitList((inner + 1)..<(parametersEnd - 1)) {
            let parts = parameter.split(separator: ":", maxSplits: 1).map { Self.tidy(String($0)) }
            let names = parts.first?.split(separator: " ").map(String.init) ?? []
            guard parts.count == 2, names.count == 2, names[0] == "_" else {
                throw ScaffoldError(
                    "\(place): the parameter '\(parameter)' needs a name after '_' (a closure type takes no"
                        + " argument labels); \(shape)")
            }
            // lowerCamelCase: a name like a type's (`UnwiredRequire`) would hide the type in the derived code.
            guard Self.isPlainName(names[1]), let first = names[1].unicodeScalars.first, ("a"..."z").contains(first)
            else {
                throw ScaffoldError(
                    "\(place): the parameter name '\(ComponentName.printable(names[1]))' is '_', a keyword or not a"
                        + " plain lowerCamelCase identifier; name it like noteId")
            }
            let type = parts[1]
            let words = type.split(separator: " ")
            if let unsupported = ["inout", "@autoclosure", "some", "borrowing", "consuming", "isolated", "sending"]
                .first(where: { words.contains(Substring($0)) }) ?? (type.hasSuffix("...") ? "..." : nil)
            {
                throw ScaffoldError(
                    "\(place): the parameter '\(names[1])' is '\(unsupported)', which a stored closure's calling"
                        + " function cannot pass on; take a plain value")
            }
            guard !parameters.contains(where: { $0.label == names[1] }) else {
                throw ScaffoldError("\(place): two parameters are named '\(names[1])'; name each once")
            }
            if Self.isFunctionType(type) && !words.contains("@escaping") {
                throw ScaffoldError(
                    "\(place): the closure parameter '\(names[1])' must be '@escaping', e.g."
                        + " _ \(names[1]): @escaping @MainActor @Sendable (Bool) -> Void")
            }
            parameters.append(.init(label: names[1], type: type))
        }
        guard parameters.count <= DerivedFiles.maximumParameters else {
            throw ScaffoldError(
                "\(place) takes \(parameters.count) parameters; a require takes at most"
                    + " \(DerivedFiles.maximumParameters): pass a value type of the base layer instead")
        }
        return ComponentAPIFile.Require(
            name: name, parameters: parameters, answer: answer, isAsync: isAsync, line: line(of: offset))
    }

    /// Reads `(label name: Type, …) -> Output` after `provide_<name>`.
    func provide(named name: String, at start: Int, modifiers: [String]) -> ComponentAPIFile.Provide {
        var provide = ComponentAPIFile.Provide(
            name: name, parameters: [], output: "", isCallableAsValue: false, line: line(of: start))
        let open = skipSpaces(start)
        guard open < bytes.count, bytes[open] == UInt8(ascii: "("), let end = closing(open) else { return provide }
        var isCallable =
            modifiers.contains("public") && !modifiers.contains("static") && !modifiers.contains("class")
            && !modifiers.contains("mutating")
        for parameter in splitList((open + 1)..<(end - 1)) {
            let parts = parameter.split(separator: ":", maxSplits: 1).map { Self.tidy(String($0)) }
            let names = (parts.first ?? "").split(separator: " ").map(String.init)
            guard parts.count == 2, (1...2).contains(names.count) else { return provide }
            let type = parts[1]
            let unsupported = [
                "=", "...", "inout ", "some ", "borrowing ", "consuming ", "@autoclosure", "isolated ", "sending ",
            ]
            if unsupported.contains(where: { type.contains($0) }) || names.last == "_" {
                isCallable = false
            }
            let label = names[0] == "_" ? nil : names[0]
            provide.parameters.append(.init(label: label, name: names.last ?? names[0], type: type))
        }
        var bodyStart = end
        while bodyStart < bytes.count, bytes[bodyStart] != UInt8(ascii: "{") { bodyStart += 1 }
        var rest = Self.tidy(text(end..<bodyStart))
        // `async`, then `throws` (never a typed one, which a value's closure type cannot take).
        /// Whether `rest` starts with the word `effect`, a space or the arrow after it.
        func startsWith(_ effect: String) -> Bool {
            rest.hasPrefix(effect) && [" ", "-"].contains(rest.dropFirst(effect.count).first)
        }
        if startsWith("async") {
            provide.effects.isAsync = true
            rest = Self.tidy(String(rest.dropFirst("async".count)))
        }
        if startsWith("throws") {
            provide.effects.throwsErrors = true
            rest = Self.tidy(String(rest.dropFirst("throws".count)))
        }
        guard rest.hasPrefix("->"), !rest.contains(" where ") else { return provide }
        provide.output = Self.tidy(String(rest.dropFirst(2)))
        provide.isCallableAsValue = isCallable && !provide.output.hasPrefix("some ") && !provide.output.isEmpty
        return provide
    }
}
