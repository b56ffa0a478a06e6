/// One call of a require answered by a stub: which require, with what, and who answers it in the app.
public struct RequireCall: Sendable, Hashable, CustomStringConvertible {
    /// One argument: the parameter's label and the value as a stub shows it.
    public struct Argument: Sendable, Hashable {
        /// The parameter's label, e.g. `noteId`.
        public var label: String
        /// The value as text: identifiers and enumerations by their raw value, strings quoted.
        public var value: String
    }

    /// The component's name, e.g. `Notes`.
    public var component: String
    /// The require's property, e.g. `require_eventDetail`.
    public var require: String
    /// The arguments, in the require's order.
    public var arguments: [Argument]
    /// What answers the require in the app, e.g. `Tags`, when the caller knows it.
    public var answeredBy: String?

    /// Creates a call record, describing each value as a stub shows it.
    public init(component: String, require: String, arguments: [(label: String, value: Any)], answeredBy: String?) {
        self.component = component
        self.require = require
        self.arguments = arguments.map { Argument(label: $0.label, value: Self.describe($0.value)) }
        self.answeredBy = answeredBy
    }

    /// `Component.require_name`, e.g. `Notes.require_tagPage`.
    public var qualifiedName: String { "\(component).\(require)" }

    /// The call as written: `Notes.require_tagPage(noteId: n1, limit: 5)`.
    public var description: String {
        "\(qualifiedName)(\(arguments.map { "\($0.label): \($0.value)" }.joined(separator: ", ")))"
    }

    /// A value as a stub shows it: identifiers and enumerations by their raw value, arrays item by
    /// item, optionals by what they hold or `nil`, strings quoted, a closure as `(callback)`.
    static func describe(_ value: Any) -> String {
        if String(describing: type(of: value)).contains(" -> ") {
            return "(callback)"
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { describe($0.value) } ?? "nil"
        }
        if let array = value as? [Any] {
            return "[" + array.map(describe).joined(separator: ", ") + "]"
        }
        if let string = value as? String {
            return String(reflecting: string)
        }
        if let identifiable = value as? any Identifiable, let id = identifiable.id as? any RawRepresentable,
            let text = id.rawValue as? String
        {
            return text
        }
        if let raw = value as? any RawRepresentable, let text = raw.rawValue as? String {
            return text
        }
        return String(describing: value)
    }
}

/// A value a stub can answer a require with, so a preview or a test needs no sibling to answer it.
///
/// a screen type answers with a screen naming the call; an array answers with one stub element. A require
/// whose answer is another type needs its type to conform, in the base layer beside the type.
public protocol StubAnswer {
    /// The stub's answer to `call`.
    @MainActor static func stub(answering call: RequireCall) -> Self
}

extension Array: StubAnswer where Element: StubAnswer {
    /// One stub element, so a screen listing the answer shows where an element leads.
    public static func stub(answering call: RequireCall) -> [Element] {
        [Element.stub(answering: call)]
    }
}
