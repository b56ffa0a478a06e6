/// A require or provide from the interface document, e.g. `tagPage(noteId: String)`.
///
/// Declarations are parsed with a small grammar that accepts exactly the types the generated code can
/// use, so every declaration it accepts builds:
///
/// ```
/// declaration := name [ "(" [ parameter { "," parameter } ] ")" ] [ "async" "throws" ] [ "->" type ]
/// parameter   := label ":" type
/// type        := primary { "?" }
/// primary     := "[" type "]" | "[" key ":" type "]" | named [ "<" type { "," type } ">" ]
/// ```
///
/// A `named` type is a standard scalar (`String`, `Int`, `Bool`…), `Array`, `Optional`, `Set` or
/// `Dictionary` with their number of arguments, or a concrete public type of the base layer. Set
/// elements and dictionary keys must be hashable named types. Only a require may be `async throws`, and
/// only a require may return a type (`-> [String]`): without one, it returns the app's screen.
public struct Signature: Sendable, Hashable {
    /// One labelled parameter.
    public struct Parameter: Sendable, Hashable {
        /// The label, e.g. `noteId`.
        public var label: String
        /// The type, normalised, e.g. `NoteID` or `[String: Int]`.
        public var type: String
    }

    /// The name after the `require_` / `provide_` prefix, e.g. `tagPage`.
    public var name: String
    /// The parameters, in order.
    public var parameters: [Parameter]
    /// Whether it is `async throws` (a require whose answer may take time or fail).
    public var isAsync = false
    /// What a require returns when it is not a screen, e.g. `[String]`; `nil` for a screen.
    public var returnType: String?

    /// Scalar types of the standard library every module sees without an import; all are hashable.
    static let standardScalars: Set<String> = [
        "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "Double", "Float", "Bool",
    ]

    /// The standard generic types a declaration may use, with their number of type arguments.
    static let standardGenerics: [String: Int] = ["Array": 1, "Optional": 1, "Set": 1, "Dictionary": 2]

    /// Parses `name(label: Type, …)`; `name` alone means no parameters.
    ///
    /// - Parameters:
    ///   - baseTypes: The base layer's concrete public types, which parameters may use.
    ///   - isRequire: Whether it declares a require, which may end with `async throws`.
    public init(parsing text: String, baseTypes: BaseTypes, isRequire: Bool = false) throws(ScaffoldError) {
        var parser = Parser(text: text, baseTypes: baseTypes, allowsEffects: isRequire)
        (name, parameters, isAsync, returnType) = try parser.declaration()
    }

    /// The closure type of a require: `(_ noteId: String) -> Page`, or with `async throws`; it returns
    /// its ``returnType``, else `screen`.
    public func closureType(returning screen: String) -> String {
        "(\(unlabelledParameterList))" + (isAsync ? " async throws" : "") + " -> \(returnType ?? screen)"
    }

    /// The parameter list of a provide: `noteId: String`.
    var parameterList: String {
        parameters.map { "\($0.label): \($0.type)" }.joined(separator: ", ")
    }

    /// The parameter list of the function that calls a require: `_ noteId: String`.
    var unlabelledParameterList: String {
        parameters.map { "_ \($0.label): \($0.type)" }.joined(separator: ", ")
    }

    /// The signature as the user wrote it, normalised: `tagPage(noteId: String)`, and
    /// ` async throws` after it for an async require.
    public var written: String {
        "\(name)(\(parameterList))" + (isAsync ? " async throws" : "") + (returnType.map { " -> \($0)" } ?? "")
    }

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

    // MARK: Names

    /// The longest name or label accepted, so every generated line stays readable.
    static let maximumNameLength = 40

    /// Whether `text` is a name or label the generated code can use: ASCII lowerCamelCase, not a keyword.
    static func isLowerCamelName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first),
            text.unicodeScalars.count <= maximumNameLength
        else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            && !keywords.contains(text)
    }

    /// Swift's keywords, including the contextual ones that cannot stand as a closure parameter or
    /// function name everywhere the generated code puts one.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "precedencegroup",
        "private", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break",
        "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
        "repeat", "return", "switch", "throw", "where", "while", "as", "false", "is", "nil", "self", "super",
        "throws", "true", "try", "await", "async", "package", "any", "some", "each", "consume", "copy", "macro",
        "actor", "isolated", "discard", "then", "sending", "lazy", "weak", "unowned", "mutating", "nonmutating",
        "override", "required", "convenience", "dynamic", "final", "optional", "indirect", "get", "set",
        "willSet", "didSet", "left", "right", "none", "prefix", "postfix", "infix", "associativity",
    ]
}

/// The base layer's public types a declaration may name, read from its sources.
public struct BaseTypes: Sendable, Hashable {
    /// Concrete types (structs, enums, classes) usable as parameter types.
    public var concrete: Set<String>
    /// The concrete types that are hashable, usable as set elements and dictionary keys.
    public var hashable: Set<String>
    /// Types no value has (enums without cases, such as a namespace): a require taking one could never
    /// be called.
    public var uninhabited: Set<String>

    /// Creates the set from its parts.
    public init(concrete: Set<String>, hashable: Set<String>, uninhabited: Set<String> = []) {
        self.concrete = concrete
        self.hashable = hashable
        self.uninhabited = uninhabited
    }
}

// MARK: - Parsing

/// A recursive-descent parser over one declaration; type nesting is bounded so no input can exhaust
/// the stack.
private struct Parser {
    enum Token: Equatable {
        case name(String)
        case symbol(Character)
        case end

        var shown: String {
            switch self {
            case .name(let name): "'\(name)'"
            case .symbol(let symbol): "'\(symbol)'"
            case .end: "the end"
            }
        }
    }

    /// Deeper types than this are refused; nothing real nests a parameter type so far.
    static let maximumTypeDepth = 8

    let text: String
    let baseTypes: BaseTypes
    /// Whether `async throws` may follow the parameters.
    let allowsEffects: Bool
    private var tokens: [Token] = []
    private var position = 0
    private var quoted: String { "'\(ComponentName.printable(text))'" }

    init(text: String, baseTypes: BaseTypes, allowsEffects: Bool) {
        self.text = text
        self.baseTypes = baseTypes
        self.allowsEffects = allowsEffects
    }

    mutating func declaration() throws(ScaffoldError) -> (
        String, [Signature.Parameter], isAsync: Bool, returnType: String?
    ) {
        tokens = try tokenize()
        guard case .name(let name) = next(), Signature.isLowerCamelName(name) else {
            throw ScaffoldError(
                "\(quoted) does not start with a lowerCamelCase name (ASCII letters and digits, at most 40, not a keyword);"
                    + " write it as name(label: Type), e.g. tagPage(noteId: String)"
            )
        }
        var parameters: [Signature.Parameter] = []
        if peek() == .symbol("(") {
            position += 1
            if peek() != .symbol(")") {
                repeat {
                    let parameter = try self.parameter()
                    guard !parameters.contains(where: { $0.label == parameter.label }) else {
                        throw ScaffoldError("parameter label '\(parameter.label)' appears twice in \(quoted)")
                    }
                    parameters.append(parameter)
                } while accept(",")
            }
            try expect(")", after: "the parameters")
        }
        let isAsync = try effects()
        var returnType: String?
        if peek() == .symbol("-") {
            position += 1
            try expect(">", after: "'-'")
            guard allowsEffects else {
                throw ScaffoldError(
                    "\(quoted) is a provide, which returns a screen as the app's templates write it; declare it"
                        + " without a return type")
            }
            returnType = try type(depth: 0)
        }
        guard peek() == .end else {
            throw ScaffoldError(
                "\(quoted) has \(peek().shown) after the declaration; write only name(label: Type, …)"
                    + (allowsEffects ? ", then 'async throws' if it is async, then '-> Type' if it returns data" : "")
            )
        }
        return (name, parameters, isAsync, returnType)
    }

    /// Reads `async throws` after the parameters, where a require's declaration may have it.
    private mutating func effects() throws(ScaffoldError) -> Bool {
        guard peek() == .name("async") || peek() == .name("throws") else { return false }
        guard allowsEffects else {
            throw ScaffoldError(
                "\(quoted) is a provide, which returns its screen at once; only a require may be async throws")
        }
        guard next() == .name("async"), next() == .name("throws") else {
            throw ScaffoldError("\(quoted) may end with 'async throws', both, in that order, and nothing else")
        }
        return true
    }

    private mutating func parameter() throws(ScaffoldError) -> Signature.Parameter {
        guard case .name(let label) = next(), Signature.isLowerCamelName(label) else {
            throw ScaffoldError(
                "a parameter in \(quoted) has no lowerCamelCase label (ASCII letters and digits, at most 40, not a"
                    + " keyword or _); write it as label: Type"
            )
        }
        try expect(":", after: "the label '\(label)'")
        return Signature.Parameter(label: label, type: try type(depth: 0))
    }

    private mutating func type(depth: Int) throws(ScaffoldError) -> String {
        guard depth < Self.maximumTypeDepth else {
            throw ScaffoldError("a type in \(quoted) nests deeper than \(Self.maximumTypeDepth) levels")
        }
        var type = try primary(depth: depth)
        while accept("?") {
            type += "?"
        }
        return type
    }

    private mutating func primary(depth: Int) throws(ScaffoldError) -> String {
        switch next() {
        case .symbol("["):
            let element = try type(depth: depth + 1)
            if accept(":") {
                try requireHashable(element, as: "a dictionary key")
                let value = try type(depth: depth + 1)
                try expect("]", after: "the dictionary type")
                return "[\(element): \(value)]"
            }
            try expect("]", after: "the array's element type")
            return "[\(element)]"
        case .name(let name) where Signature.standardGenerics[name] != nil:
            let arity = Signature.standardGenerics[name] ?? 0
            guard accept("<") else {
                throw ScaffoldError(
                    "'\(name)' in \(quoted) needs its type argument\(arity == 1 ? "" : "s"), e.g. "
                        + (arity == 1 ? "\(name)<String>" : "Dictionary<String, Int>")
                )
            }
            var arguments: [String] = []
            repeat {
                arguments.append(try type(depth: depth + 1))
            } while accept(",")
            try expect(">", after: "the type arguments of '\(name)'")
            guard arguments.count == arity else {
                throw ScaffoldError(
                    "'\(name)' in \(quoted) takes \(arity) type argument\(arity == 1 ? "" : "s"), not \(arguments.count)"
                )
            }
            switch name {
            case "Array": return "[\(arguments[0])]"
            case "Optional": return "\(arguments[0])?"
            case "Set":
                try requireHashable(arguments[0], as: "a set element")
                return "Set<\(arguments[0])>"
            default:
                try requireHashable(arguments[0], as: "a dictionary key")
                return "[\(arguments[0]): \(arguments[1])]"
            }
        case .name(let name) where baseTypes.uninhabited.contains(name):
            throw ScaffoldError(
                "'\(name)' in \(quoted) has no values (an enum without cases), so nothing could ever call it;"
                    + " use a type that has values")
        case .name(let name):
            guard Signature.standardScalars.contains(name) || baseTypes.concrete.contains(name) else {
                let known = baseTypes.concrete.sorted().joined(separator: ", ")
                throw ScaffoldError(
                    "unknown type '\(name)' in \(quoted); use String, Int, Double, Bool, [T], [K: V], Set<T>, T?"
                        + (known.isEmpty ? "" : " or a type of the base layer (\(known))")
                )
            }
            return name
        case let token:
            throw ScaffoldError("\(quoted) has \(token.shown) where a type should be, e.g. String or [Int]")
        }
    }

    private func requireHashable(_ type: String, as role: String) throws(ScaffoldError) {
        guard Signature.standardScalars.contains(type) || baseTypes.hashable.contains(type) else {
            throw ScaffoldError(
                "'\(type)' in \(quoted) cannot be \(role): use String, Int, Bool or an id type of the base layer")
        }
    }

    // MARK: Tokens

    private func tokenize() throws(ScaffoldError) -> [Token] {
        guard text.utf8.count <= 1_000 else {
            throw ScaffoldError("a declaration is \(text.utf8.count) bytes long; write at most 1000")
        }
        var tokens: [Token] = []
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            if scalar == " " || scalar == "\t" {
                scalars.removeFirst()
            } else if scalar.isASCII
                && (scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar))
            {
                let word = scalars.prefix {
                    $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0))
                }
                tokens.append(.name(String(String.UnicodeScalarView(word))))
                scalars.removeFirst(word.count)
            } else if "()[]<>:,?-".unicodeScalars.contains(scalar) {
                tokens.append(.symbol(Character(scalar)))
                scalars.removeFirst()
            } else {
                let shown = ComponentName.printable(String(scalar))
                throw ScaffoldError("\(quoted) has the character '\(shown)', which a declaration cannot hold")
            }
        }
        return tokens + [.end]
    }

    private func peek() -> Token {
        tokens[min(position, tokens.count - 1)]
    }

    private mutating func next() -> Token {
        defer { position += 1 }
        return peek()
    }

    private mutating func accept(_ symbol: Character) -> Bool {
        guard peek() == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ symbol: Character, after what: String) throws(ScaffoldError) {
        guard accept(symbol) else {
            throw ScaffoldError("\(quoted) needs '\(symbol)' after \(what), not \(peek().shown)")
        }
    }
}
