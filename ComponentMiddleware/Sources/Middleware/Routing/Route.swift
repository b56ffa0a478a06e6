import MiddlewareSupport

/// A link into one provide: a URL pattern, typed parameters, an exposure, and how to open it.
///
/// Routers in the app declare routes; components never learn they have URLs. The values a URL
/// carries are parsed into `Value`s before anything opens, and the same route writes its URL back
/// from typed values (``url(_:)``), so a link and the code that follows it cannot drift apart.
///
/// ```swift
/// static let detail = Route(
///     "notes://note/detail", exposure: .external, opening: Notes.Provides.note,
///     parameters: .identifier("noteId", NoteID.self), example: "n1")
/// ```
@MainActor
public struct Route<Destination, each Value> {
    /// The scheme, host and path every URL of the route has, e.g. `notes://note/detail`.
    public let pattern: String
    /// Who may open the route; ``Exposure/internal`` unless declared otherwise.
    public let exposure: Exposure
    /// What the route opens, as the audit and documents name it, e.g. `Notes.provide_note(noteId:)`;
    /// a provide named without parameters, e.g. `App: WebPage.make`, gets the route's own.
    public var provide: String {
        let name = opening.name
        return name.hasSuffix(")") ? name : name + "(" + parameterDescriptions.map { "\($0.name):" }.joined() + ")"
    }
    let parameters: (repeat Parameter<each Value>)
    /// The parameters as documents describe them, in order.
    public let parameterDescriptions: [RouteParameter]
    let example: (repeat each Value)
    let opening: Provide<Destination, repeat each Value>

    /// Declares a route.
    ///
    /// - Parameters:
    ///   - pattern: `scheme://host/path`, lowercase, without a query.
    ///   - exposure: ``Exposure/external`` lets links from outside the app open it.
    ///   - provide: What the route opens, named after its declaration (``Provide/name``). A name
    ///     without parameters, e.g. `App: WebPage.make`, is completed with the route's own.
    ///   - parameters: The query parameters, in the order URLs write them.
    ///   - example: A value for each parameter; the example URL must open.
    public init(
        _ pattern: String,
        exposure: Exposure = .internal,
        opening provide: Provide<Destination, repeat each Value>,
        parameters: repeat Parameter<each Value>,
        example: repeat each Value
    ) {
        self.pattern = pattern
        self.exposure = exposure
        self.parameters = (repeat each parameters)
        var descriptions: [RouteParameter] = []
        for parameter in repeat each parameters {
            descriptions.append(parameter.description)
        }
        self.parameterDescriptions = descriptions
        self.example = (repeat each example)
        self.opening = provide
    }

    /// Declares a route that opens `open`, named `provide` in documents: for a destination that is no
    /// component's provide, as in tests. An app's routes open a component's generated ``Provide``.
    public init(
        _ pattern: String,
        exposure: Exposure = .internal,
        provide: String,
        parameters: repeat Parameter<each Value>,
        example: repeat each Value,
        open: @escaping @MainActor @Sendable (repeat each Value) -> Destination
    ) {
        self.init(
            pattern, exposure: exposure, opening: Provide(provide, open), parameters: repeat each parameters,
            example: repeat each example)
    }

    /// The destination for typed values, as a require answered through the route gets it.
    public func open(_ values: repeat each Value) -> Destination {
        opening(repeat each values)
    }

    /// The URL that opens the route with these values (reverse routing).
    public func url(_ values: repeat each Value) -> String {
        DeepLink.url(pattern, query(repeat each values))
    }

    /// The query pairs for these values, each value's text as the parameter writes it.
    public func query(_ values: repeat each Value) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for (parameter, value) in repeat (each parameters, each values) {
            if let text = parameter.text(of: value) {
                pairs.append((parameter.name, text))
            }
        }
        return pairs
    }

    /// The URL of the declared example.
    public var exampleURL: String { url(repeat each example) }

    /// The typed values a link carries, after checking its query against the parameters.
    public func values(in link: DeepLink) throws(RouteError) -> (repeat each Value) {
        var given: [String: String] = [:]
        for (name, value) in link.query {
            guard parameterDescriptions.contains(where: { $0.name == name }) else {
                let names = parameterDescriptions.map(\.name)
                throw .unknownParameter(
                    name, route: pattern, takes: names, suggestion: names.closest(to: name))
            }
            guard given.updateValue(value, forKey: name) == nil else { throw .duplicateParameter(name) }
        }
        return (repeat try Self.value(of: each parameters, in: given))
    }

    private static func value<V>(of parameter: Parameter<V>, in given: [String: String]) throws(RouteError) -> V {
        guard let text = given[parameter.name] else {
            guard let absent = parameter.whenAbsent else { throw .missingParameter(parameter.description) }
            return absent
        }
        guard let value = parameter.parse(text) else { throw .invalidValue(text, parameter: parameter.description) }
        return value
    }

    /// The route with its value types hidden, as a ``RouteTable`` holds it.
    public var erased: AnyRoute<Destination> {
        AnyRoute(
            pattern: pattern,
            exposure: exposure,
            provide: { provide },
            parameters: parameterDescriptions,
            example: { exampleURL }
        ) { link throws(RouteError) in
            let values = try values(in: link)
            return ResolvedLink(pattern: pattern, query: query(repeat each values)) {
                opening(repeat each values)
            }
        }
    }
}

/// A route whose value types are hidden: what a ``RouteTable`` stores and documents list.
@MainActor
public struct AnyRoute<Destination> {
    /// The scheme, host and path, e.g. `notes://note/detail`.
    public let pattern: String
    /// Who may open the route.
    public let exposure: Exposure
    /// What the route opens, e.g. `Notes.provide_note(noteId:)`.
    public var provide: String { describeProvide() }
    /// Writes ``provide`` when it is asked for, as ``Route/provide`` does.
    private let describeProvide: @MainActor () -> String
    /// The query parameters, in order.
    public let parameters: [RouteParameter]
    /// A URL that opens the route.
    public var exampleURL: String { example() }
    /// Writes ``exampleURL`` when it is asked for: the route table, the launch and the links opened
    /// never need it, and writing every route's at launch was a seventieth of the launch.
    private let example: @MainActor () -> String
    /// Checks a link's query and types its values, or throws what is wrong; opens nothing yet.
    public let resolve: @MainActor (DeepLink) throws(RouteError) -> ResolvedLink<Destination>

    init(
        pattern: String,
        exposure: Exposure,
        provide: @escaping @MainActor () -> String,
        parameters: [RouteParameter],
        example: @escaping @MainActor () -> String,
        resolve: @escaping @MainActor (DeepLink) throws(RouteError) -> ResolvedLink<Destination>
    ) {
        self.pattern = pattern
        self.exposure = exposure
        self.describeProvide = provide
        self.parameters = parameters
        self.example = example
        self.resolve = resolve
    }
}

/// A link whose values all parsed: its canonical URL and query, and how to open it.
@MainActor
public struct ResolvedLink<Destination> {
    /// The route's pattern.
    public let pattern: String
    /// The typed values' text, by parameter, in the route's order.
    public let query: [(name: String, value: String)]
    /// Builds the destination; nothing has been built or changed before this is called.
    public let open: @MainActor () -> Destination

    /// The URL written back from the typed values: the canonical form of the link.
    public var url: String { DeepLink.url(pattern, query) }
}
