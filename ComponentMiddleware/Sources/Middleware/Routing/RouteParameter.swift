import MiddlewareSupport

/// One parameter of a route, described for documents and error messages, whatever its type.
public struct RouteParameter: Sendable, Hashable {
    /// The name in the query, e.g. `noteId`.
    public let name: String
    /// The Swift type the value becomes, e.g. `NoteID`.
    ///
    /// Written when a document or an error asks for it, not when the route is declared: naming a type
    /// at run time looks it up among every protocol conformance of the program, and the app declares
    /// its routes at launch.
    public var type: String { typeName() }
    private let typeName: @Sendable () -> String
    /// Whether a URL must give the parameter.
    public let isRequired: Bool
    /// What the parameter accepts, in words, e.g. `one of promotion, tasting, workshop, launch`.
    public let accepts: String

    init(name: String, type: @autoclosure @escaping @Sendable () -> String, isRequired: Bool, accepts: String) {
        self.name = name
        self.typeName = type
        self.isRequired = isRequired
        self.accepts = accepts
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.isRequired == rhs.isRequired && lhs.accepts == rhs.accepts && lhs.type == rhs.type
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(isRequired)
        hasher.combine(accepts)
    }
}

/// A typed route parameter: how the text of a query value becomes a `Value` and back.
///
/// A parameter accepts a narrow form of text (identifiers are letters, digits, `-` and `_`; strings
/// are bounded), so what reaches a provide is always a value the app could have produced itself.
public struct Parameter<Value> {
    /// The parameter as documents and errors describe it.
    public let description: RouteParameter
    /// The value used when the URL does not give the parameter; `nil` when it is required.
    let whenAbsent: Value?
    let parse: (String) -> Value?
    let format: (Value) -> String

    /// Creates a parameter from its parsing and formatting; `format` must produce what `parse` accepts.
    public init(
        _ name: String,
        type: @autoclosure @escaping @Sendable () -> String,
        accepts: String,
        parse: @escaping (String) -> Value?,
        format: @escaping (Value) -> String
    ) {
        self.description = RouteParameter(name: name, type: type(), isRequired: true, accepts: accepts)
        self.whenAbsent = nil
        self.parse = parse
        self.format = format
    }

    private init(
        description: RouteParameter,
        whenAbsent: Value?,
        parse: @escaping (String) -> Value?,
        format: @escaping (Value) -> String
    ) {
        self.description = description
        self.whenAbsent = whenAbsent
        self.parse = parse
        self.format = format
    }

    /// The parameter's name in the query.
    public var name: String { description.name }

    /// The same parameter made optional: a URL without it opens with `nil`.
    public func optional() -> Parameter<Value?> {
        let parse = self.parse
        let format = self.format
        let own = self.description
        let description = RouteParameter(name: name, type: own.type + "?", isRequired: false, accepts: own.accepts)
        return Parameter<Value?>(
            description: description,
            whenAbsent: .some(nil),
            parse: { parse($0).map(Optional.some) },
            format: { $0.map(format) ?? "" }
        )
    }

    /// The value's text in a URL, or `nil` when it is an absent optional value, which a URL leaves out.
    func text(of value: Value) -> String? {
        if whenAbsent != nil, format(value).isEmpty { return nil }
        return format(value)
    }
}

// MARK: - The kinds of parameter a route may take

/// The longest identifier a URL may carry.
let identifierLimit = 64

extension Parameter {
    /// An identifier such as a note's id: 1 to 64 ASCII letters, digits, `-` or `_`.
    public static func identifier(_ name: String, _ type: Value.Type) -> Parameter
    where Value: RawRepresentable & Sendable, Value.RawValue == String {
        Parameter(
            name,
            type: String(describing: Value.self),
            accepts: "1–\(identifierLimit) letters, digits, '-' or '_'",
            parse: { text in
                guard (1...identifierLimit).contains(text.utf8.count), text.utf8.allSatisfy(isIdentifierByte) else {
                    return nil
                }
                return Value(rawValue: text)
            },
            format: \.rawValue
        )
    }

    /// One case of a string enumeration, spelled as its raw value.
    public static func choice(_ name: String, _ type: Value.Type) -> Parameter
    where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
        Parameter(
            name,
            type: String(describing: Value.self),
            accepts: "one of " + Value.allCases.map(\.rawValue).joined(separator: ", "),
            parse: { Value(rawValue: $0) },
            format: \.rawValue
        )
    }

    /// Text of 1 to `maximumLength` characters, without control characters.
    public static func text(_ name: String, maximumLength: Int = 64) -> Parameter where Value == String {
        Parameter(
            name,
            type: "String",
            accepts: "text of 1–\(maximumLength) characters",
            parse: { text in
                guard (1...maximumLength).contains(text.count), !text.unicodeScalars.contains(where: \.isInvisible)
                else {
                    return nil
                }
                return text
            },
            format: { $0 }
        )
    }

    /// A whole number in `range`, written in decimal without a sign for positive numbers.
    public static func integer(_ name: String, in range: ClosedRange<Int>) -> Parameter where Value == Int {
        Parameter(
            name,
            type: "Int",
            accepts: "a whole number from \(range.lowerBound) to \(range.upperBound)",
            parse: { text in
                guard text.utf8.count <= 20, let number = Int(text), String(number) == text, range.contains(number)
                else { return nil }
                return number
            },
            format: { String($0) }
        )
    }

    /// `true` or `false`.
    public static func flag(_ name: String) -> Parameter where Value == Bool {
        Parameter(
            name,
            type: "Bool",
            accepts: "true or false",
            parse: { Bool($0) },
            format: { String($0) }
        )
    }

    /// An `https://` address with a host, without spaces, control characters or user information.
    public static func webAddress(_ name: String) -> Parameter where Value == String {
        Parameter(
            name,
            type: "String",
            accepts: "an https:// address of at most \(DeepLink.maximumLength) characters",
            parse: { text in WebAddress.isAcceptable(text) ? text : nil },
            format: { $0 }
        )
    }
}

func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        true
    default:
        false
    }
}
