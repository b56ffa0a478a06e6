/// A require or provide from the interface document, e.g. `shopDetail(shopId: ShopID)`.
public struct Signature: Sendable, Hashable {
    /// One labelled parameter.
    public struct Parameter: Sendable, Hashable {
        /// The label, e.g. `shopId`.
        public var label: String
        /// The type as written, e.g. `ShopID` or `[String]`.
        public var type: String
    }

    /// The name after the `require_` / `provide_` prefix, e.g. `shopDetail`.
    public var name: String
    /// The parameters, in order.
    public var parameters: [Parameter]

    /// Swift types every component can use without importing anything.
    static let standardTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "Bool", "Array", "Dictionary", "Set", "Optional",
    ]

    /// Parses `name(label: Type, …)`; `name` alone means no parameters.
    ///
    /// - Parameter knownTypes: Types besides the standard ones that parameters may use (the base layer's).
    public init(parsing text: String, knownTypes: Set<String>) throws(ScaffoldError) {
        let trimmed = text.trimmingSpaces()
        let quoted = "'\(ComponentName.printable(text))'"
        let name: Substring
        let parameterList: Substring
        if let open = trimmed.firstIndex(of: "(") {
            guard trimmed.last == ")" else {
                throw ScaffoldError("\(quoted) has no closing parenthesis; write it as name(label: Type)")
            }
            name = trimmed[..<open]
            parameterList = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        } else {
            name = trimmed[...]
            parameterList = ""
        }
        guard Self.isLowerCamelIdentifier(name) else {
            throw ScaffoldError(
                "\(quoted) does not start with a lowerCamelCase name; write it as name(label: Type), e.g. shopDetail(shopId: ShopID)"
            )
        }
        var parameters: [Parameter] = []
        for piece in Self.splitTopLevel(parameterList) where !piece.trimmingSpaces().isEmpty {
            guard let colon = piece.firstIndex(of: ":") else {
                throw ScaffoldError(
                    "parameter '\(piece.trimmingSpaces())' in \(quoted) has no type; write it as label: Type")
            }
            let label = piece[..<colon].trimmingSpaces()
            let type = piece[piece.index(after: colon)...].trimmingSpaces()
            guard Self.isLowerCamelIdentifier(label[...]) else {
                throw ScaffoldError("parameter label '\(label)' in \(quoted) is not a lowerCamelCase identifier")
            }
            guard !parameters.contains(where: { $0.label == label }) else {
                throw ScaffoldError("parameter label '\(label)' appears twice in \(quoted)")
            }
            try Self.validate(type: type, in: quoted, knownTypes: knownTypes)
            parameters.append(Parameter(label: label, type: type))
        }
        self.name = String(name)
        self.parameters = parameters
    }

    /// The closure type of a require: `(_ shopId: ShopID) -> Screen`.
    var closureType: String {
        "(" + parameters.map { "_ \($0.label): \($0.type)" }.joined(separator: ", ") + ") -> Screen"
    }

    /// The parameter list of a provide: `shopId: ShopID`.
    var parameterList: String {
        parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
    }

    /// The signature as the user wrote it, normalised: `shopDetail(shopId: ShopID)`.
    var written: String { "\(name)(\(parameterList))" }

    /// Sample arguments a generated screen or test can pass, or `nil` if a type has no obvious sample.
    var sampleArguments: [String]? {
        let samples = parameters.map { parameter -> String? in
            switch parameter.type {
            case "String": "\"sample-\(parameter.label)\""
            case "Int", "Int64", "UInt": "1"
            case "Double", "Float": "1.5"
            case "Bool": "true"
            default: nil
            }
        }
        guard samples.allSatisfy({ $0 != nil }) else { return nil }
        return samples.compactMap { $0 }
    }

    // MARK: Checks

    private static func isLowerCamelIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLowercase || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && !swiftKeywords.contains(String(text))
    }

    private static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch",
        "false", "is", "nil", "super", "self", "throw", "throws", "true", "try", "package", "any", "some",
    ]

    /// Checks a type's characters and brackets, and that every name in it is known.
    private static func validate(type: String, in quoted: String, knownTypes: Set<String>) throws(ScaffoldError) {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.[]<>?:, ")
        var depth = 0
        for character in type {
            guard allowed.contains(character) else {
                throw ScaffoldError(
                    "type '\(type)' in \(quoted) has the character '\(character)', which a type name cannot hold")
            }
            if character == "[" || character == "<" { depth += 1 }
            if character == "]" || character == ">" { depth -= 1 }
            guard depth >= 0 else { break }
        }
        guard !type.isEmpty, depth == 0 else {
            throw ScaffoldError("type '\(type)' in \(quoted) is empty or its brackets do not match")
        }
        let names = type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        for name in names where !standardTypes.contains(name) && !knownTypes.contains(name) {
            let known = knownTypes.sorted().joined(separator: ", ")
            throw ScaffoldError(
                "unknown type '\(name)' in \(quoted); use a standard type (String, Int, Double, Bool, arrays, optionals)"
                    + (known.isEmpty ? "" : " or a public type of the base layer (\(known))")
            )
        }
    }

    /// Splits at commas outside brackets.
    private static func splitTopLevel(_ text: Substring) -> [Substring] {
        var pieces: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case "," where depth == 0:
                pieces.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        pieces.append(text[start...])
        return pieces
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
