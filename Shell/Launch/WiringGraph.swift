import Foundation
import MiddlewareSupport

/// Who answers each require of each component: the app's wiring as a graph.
///
/// The app builds it from what its routers declare and what the ``WiringAudit`` finds, and draws it
/// as Mermaid (which GitHub renders), Graphviz DOT, or JSON. Every require is an edge: to the
/// component or app screen that answers it, to the web page a downgraded route opens, or, when
/// nothing answers it, a dangling edge drawn in red.
struct WiringGraph: Sendable, Hashable {
    /// What answers one require.
    enum Answer: Sendable, Hashable {
        /// A component's provide, e.g. `Event` and `Event.provide_eventDetail(eventId:eventType:)`,
        /// through the route with this pattern if one leads there.
        case provide(component: String, function: String, route: String?)
        /// A screen the app itself owns, e.g. `Shell: BuyOrderScreen.make(merchantNo:itemNo:)`.
        case app(function: String, route: String?)
        /// The web page a downgraded route opens instead of its provide: the address template.
        case web(address: String, route: String)
        /// Something is wired, but the router does not declare what.
        case undeclared
        /// Nothing: the require is `nil`.
        case unwired
        /// Nothing, by the router's choice: the require is `nil` and its router declares it unavailable.
        case unavailable
    }

    /// One require and its answer.
    struct AnsweredRequire: Sendable, Hashable {
        /// The property's name, e.g. `require_eventDetail`.
        var name: String
        /// Whether it is `async throws`: its answer may take time or fail.
        var isAsync: Bool
        /// What answers it.
        var answer: Answer

        /// Creates a require.
        init(_ name: String, isAsync: Bool = false, answer: Answer) {
            self.name = name
            self.isAsync = isAsync
            self.answer = answer
        }

        /// The name as an edge shows it: `require_appointmentBookings (async)` for an async require.
        var shownName: String { isAsync ? "\(name) (async)" : name }
    }

    /// One component and its requires.
    struct Component: Sendable, Hashable {
        /// The component's name, e.g. `Shop`.
        var name: String
        /// Its requires, sorted by name.
        var requires: [AnsweredRequire]

        /// Creates a component.
        init(_ name: String, requires: [AnsweredRequire]) {
            self.name = name
            self.requires = requires
        }
    }

    /// The formats the graph is drawn in.
    enum Format: String, Sendable, CaseIterable {
        /// A Mermaid flowchart, which GitHub and many editors render.
        case mermaid
        /// Graphviz DOT, for `dot -Tsvg` and other Graphviz tools.
        case dot
        /// The same facts for programs.
        case json
    }

    /// The app's name, as answers by its own screens are drawn, e.g. `Shell`.
    var app: String
    /// The components, in the app's order.
    var components: [Component]

    /// Creates a graph.
    init(app: String, components: [Component]) {
        self.app = app
        self.components = components
    }

    /// The graph in `format`, ending with a newline.
    func rendered(_ format: Format) -> String {
        switch format {
        case .mermaid: mermaid
        case .dot: dot
        case .json: json
        }
    }

    // MARK: Edges, as every format draws them

    /// Where an edge ends and how it is drawn.
    private enum Target: Hashable {
        /// A component (or another provider the answer names).
        case node(String)
        /// The app's own screens, kept apart even from a component of the same name.
        case app
        case web
        /// A dangling end, one per edge, numbered in drawing order.
        case loose(Int)
    }

    private struct Edge {
        var from: String
        var to: Target
        var label: String
        var isHole: Bool
    }

    private var edges: [Edge] {
        var edges: [Edge] = []
        for component in components {
            for require in component.requires {
                let target: Target
                let label: String
                var isHole = false
                switch require.answer {
                case .provide(let owner, let function, _):
                    target = .node(owner)
                    label = "\(require.shownName) → \(function.dropping(owner: owner))"
                case .app(let function, _):
                    target = .app
                    label = "\(require.shownName) → \(function.dropping(owner: app))"
                case .web(let address, _):
                    target = .web
                    label = "\(require.shownName) → \(address)"
                case .undeclared:
                    target = .loose(edges.count)
                    label =
                        "\(require.shownName): wired, but the graph cannot tell to what; declare it in its router's wiring"
                    isHole = true
                case .unwired:
                    target = .loose(edges.count)
                    label = "\(require.shownName): not wired"
                    isHole = true
                case .unavailable:
                    target = .loose(edges.count)
                    label = "\(require.shownName): unavailable, as its router declares"
                }
                edges.append(Edge(from: component.name, to: target, label: label, isHole: isHole))
            }
        }
        return edges
    }

    /// Every provider an edge may end at, in drawing order: the components, then any other provider
    /// an answer names. The app's screens and the web are drawn apart.
    private func nodes(_ edges: [Edge]) -> [String] {
        var nodes = components.map(\.name)
        for edge in edges {
            if case .node(let name) = edge.to, !nodes.contains(name) {
                nodes.append(name)
            }
        }
        return nodes
    }

    // MARK: Mermaid

    private var mermaid: String {
        let edges = edges
        let nodes = nodes(edges)
        var lines = ["flowchart LR"]
        for (index, name) in nodes.enumerated() {
            lines.append("    n\(index)[\"\(GraphText.mermaid(name))\"]")
        }
        if edges.contains(where: { $0.to == .app }) {
            lines.append("    app[[\"\(GraphText.mermaid(app)) screens\"]]")
        }
        if edges.contains(where: { $0.to == .web }) {
            lines.append("    web([\"web page\"])")
        }
        func id(_ name: String) -> String { "n\(nodes.firstIndex(of: name) ?? 0)" }
        var holes: [Int] = []
        for (index, edge) in edges.enumerated() {
            let label = "|\"\(GraphText.mermaid(edge.label))\"|"
            switch edge.to {
            case .node(let name): lines.append("    \(id(edge.from)) -->\(label) \(id(name))")
            case .app: lines.append("    \(id(edge.from)) -->\(label) app")
            case .web: lines.append("    \(id(edge.from)) -.->\(label) web")
            case .loose(let number):
                lines.append("    \(id(edge.from)) -.->\(label) hole\(number)((\" \")):::hole")
                holes.append(index)
            }
        }
        if !holes.isEmpty {
            lines.append("    classDef hole fill:#fdd,stroke:#d00")
            let indices = holes.map(String.init).joined(separator: ",")
            lines.append("    linkStyle \(indices) stroke:#d00,stroke-width:2px,color:#d00")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: DOT

    private var dot: String {
        let edges = edges
        var lines = [
            "digraph wiring {",
            "    rankdir=LR;",
            "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for name in nodes(edges) {
            lines.append("    \(GraphText.dot(name));")
        }
        if edges.contains(where: { $0.to == .app }) {
            lines.append("    \(appID) [shape=component, label=\(GraphText.dot("\(app) screens"))];")
        }
        if edges.contains(where: { $0.to == .web }) {
            lines.append("    \"web page\" [shape=note];")
        }
        for edge in edges {
            let from = GraphText.dot(edge.from)
            let label = GraphText.dot(edge.label)
            switch edge.to {
            case .node(let name): lines.append("    \(from) -> \(GraphText.dot(name)) [label=\(label)];")
            case .app: lines.append("    \(from) -> \(appID) [label=\(label)];")
            case .web: lines.append("    \(from) -> \"web page\" [label=\(label), style=dashed];")
            case .loose(let number):
                lines.append("    hole\(number) [shape=point, color=red];")
                lines.append("    \(from) -> hole\(number) [label=\(label), color=red, fontcolor=red, style=dashed];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The app's node: its name with ` screens`, which no component name (an identifier) can be.
    private var appID: String { GraphText.dot("\(app) screens") }

    // MARK: JSON

    private var json: String { ReadableJSON.text(self) }
}

/// `{"app": …, "components": [{"name": …, "requires": […]}]}`.
extension WiringGraph: Encodable {}

extension WiringGraph.Component: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name
        case requires = "requires"
    }
}

extension WiringGraph.AnsweredRequire: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name, isAsync, answeredBy, kind, component, function, route, address
    }

    /// `{"name": …, "isAsync": …, "answeredBy": {"kind": "provide" | "app" | "web" | "undeclared" |
    /// "unwired" | "unavailable", …}}`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(isAsync, forKey: .isAsync)
        let (kind, fields): (String, [(CodingKeys, String?)]) =
            switch answer {
            case .provide(let component, let function, let route):
                ("provide", [(.component, component), (.function, function), (.route, route)])
            case .app(let function, let route): ("app", [(.function, function), (.route, route)])
            case .web(let address, let route): ("web", [(.address, address), (.route, route)])
            case .undeclared: ("undeclared", [])
            case .unwired: ("unwired", [])
            case .unavailable: ("unavailable", [])
            }
        var answer = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .answeredBy)
        try answer.encode(kind, forKey: .kind)
        for (key, value) in fields {
            try answer.encodeIfPresent(value, forKey: key)
        }
    }
}

extension String {
    /// The function's name without its owner: `provide_eventDetail(…)` for `Event.provide_eventDetail(…)`,
    /// `BuyOrderScreen.make(…)` for `Shell: BuyOrderScreen.make(…)`.
    fileprivate func dropping(owner: String) -> String {
        for prefix in ["\(owner).", "\(owner): "] where hasPrefix(prefix) {
            return String(dropFirst(prefix.count))
        }
        return self
    }
}
