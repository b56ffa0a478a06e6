import Foundation
import MiddlewareSupport

/// A package's targets drawn by layer, top to bottom: what each declares (solid), what each imports
/// without declaring (dashed), what each reaches only along a chain of dependencies (thick), and each
/// violation in red with its rule id.
///
/// `layering-check --graph mermaid|dot|json` prints it; the reference's picture of this package's layers
/// is that output, kept current by a test.
public struct LayerGraph: Sendable, Hashable {
    /// One layer and its targets, sorted by name.
    public struct Layer: Sendable, Hashable, Encodable {
        /// The layer's name from the contract, e.g. `Business`.
        public var name: String
        /// The targets in it.
        public var targets: [String]
    }

    /// What connects one target to another.
    public struct Edge: Sendable, Hashable, Encodable {
        /// The target that depends or imports.
        public var from: String
        /// The target it reaches.
        public var to: String
        /// Whether the manifest declares the dependency.
        public var declared: Bool
        /// Whether a source file of `from` imports `to`.
        public var imported: Bool
        /// The rules the connection breaks, by id; empty when it keeps them all.
        public var violations: [String]
    }

    /// The formats the graph is drawn in.
    public enum Format: String, Sendable, CaseIterable {
        /// A Mermaid flowchart, which GitHub renders.
        case mermaid
        /// Graphviz DOT, for `dot -Tsvg`.
        case dot
        /// The same facts for programs.
        case json
    }

    /// The layers, top to bottom.
    public var layers: [Layer]
    /// Targets the contract puts in no layer.
    public var unlayered: [String]
    /// Every connection, sorted by the two targets.
    public var edges: [Edge]

    /// The graph in `format`, ending with a newline.
    public func rendered(_ format: Format) -> String {
        switch format {
        case .mermaid: mermaid
        case .dot: dot
        case .json: json
        }
    }

    /// Every target, in drawing order: layer by layer, then the unlayered ones.
    private var targets: [String] { layers.flatMap(\.targets) + unlayered }

    /// The label a connection carries: its broken rules, or `import` for an import nothing declares.
    private static func label(of edge: Edge) -> String? {
        if !edge.violations.isEmpty { return edge.violations.joined(separator: ", ") }
        return edge.declared ? nil : "import"
    }

    // MARK: Mermaid

    private var mermaid: String {
        var ids: [String: String] = [:]
        for (index, target) in targets.enumerated() {
            ids[target] = "t\(index)"
        }
        func node(_ target: String) -> String { "\(ids[target] ?? "")[\"\(GraphText.mermaid(target))\"]" }
        var lines = ["flowchart TB"]
        for (index, layer) in layers.enumerated() where !layer.targets.isEmpty {
            lines.append("    subgraph layer\(index)[\"\(GraphText.mermaid(layer.name))\"]")
            lines += layer.targets.map { "        \(node($0))" }
            lines.append("    end")
        }
        lines += unlayered.map { "    \(node($0))" }
        var red: [Int] = []
        for (index, edge) in edges.enumerated() {
            let arrow = edge.declared ? "-->" : edge.imported ? "-.->" : "==>"
            let label = Self.label(of: edge).map { "|\"\(GraphText.mermaid($0))\"|" } ?? ""
            lines.append("    \(ids[edge.from] ?? "") \(arrow)\(label) \(ids[edge.to] ?? "")")
            if !edge.violations.isEmpty { red.append(index) }
        }
        // Invisible links stack the layers in the contract's order; after the edges, so the red ones'
        // indices stay as counted.
        let stacked = layers.indices.filter { !layers[$0].targets.isEmpty }.map { "layer\($0)" }
        if stacked.count > 1 {
            lines.append("    \(stacked.joined(separator: " ~~~ "))")
        }
        if !red.isEmpty {
            lines.append(
                "    linkStyle \(red.map(String.init).joined(separator: ",")) stroke:#d00,stroke-width:2px,color:#d00")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: DOT

    private var dot: String {
        var lines = [
            "digraph layers {",
            "    rankdir=TB;",
            "    newrank=true;",
            "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for (index, layer) in layers.enumerated() where !layer.targets.isEmpty {
            lines.append("    subgraph cluster_\(index) {")
            lines.append("        label=\(GraphText.dot(layer.name));")
            lines += layer.targets.map { "        \(GraphText.dot($0));" }
            lines.append("    }")
        }
        lines += unlayered.map { "    \(GraphText.dot($0));" }
        // Invisible edges between the layers' first targets stack the layers in the contract's order.
        let firsts = layers.compactMap(\.targets.first)
        for (upper, lower) in zip(firsts, firsts.dropFirst()) {
            lines.append("    \(GraphText.dot(upper)) -> \(GraphText.dot(lower)) [style=invis];")
        }
        for edge in edges {
            var attributes: [String] = []
            if let label = Self.label(of: edge) { attributes.append("label=\(GraphText.dot(label))") }
            if !edge.declared { attributes.append(edge.imported ? "style=dashed" : "style=bold") }
            if !edge.violations.isEmpty { attributes += ["color=red", "fontcolor=red", "penwidth=2"] }
            let list = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("    \(GraphText.dot(edge.from)) -> \(GraphText.dot(edge.to))\(list);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    private var json: String {
        struct Document: Encodable {
            var layers: [Layer]
            var unlayered: [String]
            var edges: [Edge]
        }
        return ReadableJSON.text(Document(layers: layers, unlayered: unlayered, edges: edges))
    }
}

extension LayeringChecker {
    /// The package drawn by layer, with the imports and violations of `report`, a check of this package.
    ///
    /// Test targets are drawn only where they break a rule: every test depends on what it tests, and
    /// drawing those edges would bury the layers under them.
    public func layerGraph(for report: LayeringReport) throws(LayeringCheckError) -> LayerGraph {
        struct Key: Hashable, Comparable {
            var from: String
            var to: String
            static func < (a: Key, b: Key) -> Bool { (a.from, a.to) < (b.from, b.to) }
        }
        var edges: [Key: LayerGraph.Edge] = [:]
        func edge(_ from: String, _ to: String) -> Key {
            let key = Key(from: from, to: to)
            if edges[key] == nil {
                edges[key] = LayerGraph.Edge(from: from, to: to, declared: false, imported: false, violations: [])
            }
            return key
        }
        let names = Set(targets.map(\.name))
        for target in targets {
            for dependency in target.dependencies where names.contains(dependency) && dependency != target.name {
                edges[edge(target.name, dependency)]?.declared = true
            }
            for imported in report.importedTargets[target.name] ?? [] where names.contains(imported) {
                edges[edge(target.name, imported)]?.imported = true
            }
        }
        for violation in report.violations {
            guard let module = violation.module, names.contains(violation.target),
                let reached = targetsByModule[module]?.name ?? targetsByName[module]?.name
            else { continue }
            let key = edge(violation.target, reached)
            if edges[key]?.violations.contains(violation.rule.rawValue) == false {
                edges[key]?.violations.append(violation.rule.rawValue)
            }
        }

        let tests = Set(targets.filter(\.isTest).map(\.name))
        let drawn = edges.filter { key, edge in
            !edge.violations.isEmpty || (!tests.contains(key.from) && !tests.contains(key.to))
        }
        let shown = Set(drawn.keys.flatMap { [$0.from, $0.to] }).union(names.subtracting(tests))
        let resolved = try ResolvedContract(contract, targets: targets, packagesProblem: graph.packagesProblem)
        var layers = contract.layers.map { LayerGraph.Layer(name: $0.name, targets: []) }
        var unlayered: [String] = []
        for target in targets.map(\.name).sorted() where shown.contains(target) {
            if let index = resolved.layer(of: target) {
                layers[index].targets.append(target)
            } else {
                unlayered.append(target)
            }
        }
        return LayerGraph(layers: layers, unlayered: unlayered, edges: drawn.keys.sorted().compactMap { drawn[$0] })
    }
}
