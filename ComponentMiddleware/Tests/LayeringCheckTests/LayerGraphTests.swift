import Foundation
import LayeringCheck
import Testing

/// `layering-check --graph`: the layers top to bottom, declared dependencies solid, undeclared imports
/// dashed, and violations in red with their rule ids.
@Suite("Layer graph")
struct LayerGraphTests {
    /// An app over two components over a base: Event imports its sibling Shop (a violation), the app
    /// imports Base without declaring it, and Event's test depends on Shop (another violation).
    static let package = MemoryPackage(
        [
            "App@Shell/App: Shop, Event",
            "Shop@Components/Shop: Base",
            "Event@Components/Event: Base",
            "Base@Sources/Base",
            "EventTests@Tests/EventTests: Event, Shop",
            "ShopTests@Tests/ShopTests: Shop",
        ],
        files: [
            "Shell/App/App.swift": "import Shop\nimport Event\nimport Base\n",
            "Components/Shop/Shop.swift": "import Base\n",
            "Components/Event/Event.swift": "import Base\nimport Shop\n",
            "Sources/Base/Base.swift": "",
            "Tests/EventTests/EventTests.swift": "import Event\n",
            "Tests/ShopTests/ShopTests.swift": "import Shop\n",
        ])

    static func graph() throws -> LayerGraph {
        let checker = LayeringChecker(graph: package.graph, contract: .folders)
        let report = try checker.check { path in Array((package.files[path] ?? "").utf8) }
        return try checker.layerGraph(for: report)
    }

    @Test func mermaid() throws {
        #expect(
            try Self.graph().rendered(.mermaid) == """
                flowchart TB
                    subgraph layer0["App"]
                        t0["App"]
                    end
                    subgraph layer1["Business"]
                        t1["Event"]
                        t2["Shop"]
                    end
                    subgraph layer2["Sources"]
                        t3["Base"]
                    end
                    t4["EventTests"]
                    t0 -.->|"import"| t3
                    t0 --> t1
                    t0 --> t2
                    t1 --> t3
                    t1 -.->|"horizontal-import"| t2
                    t4 -->|"test-isolation"| t2
                    t2 --> t3
                    layer0 ~~~ layer1 ~~~ layer2
                    linkStyle 4,5 stroke:#d00,stroke-width:2px,color:#d00

                """)
    }

    @Test func dot() throws {
        #expect(
            try Self.graph().rendered(.dot) == #"""
                digraph layers {
                    rankdir=TB;
                    newrank=true;
                    node [shape=box, style=rounded, fontname="Helvetica"];
                    edge [fontname="Helvetica", fontsize=10];
                    subgraph cluster_0 {
                        label="App";
                        "App";
                    }
                    subgraph cluster_1 {
                        label="Business";
                        "Event";
                        "Shop";
                    }
                    subgraph cluster_2 {
                        label="Sources";
                        "Base";
                    }
                    "EventTests";
                    "App" -> "Event" [style=invis];
                    "Event" -> "Base" [style=invis];
                    "App" -> "Base" [label="import", style=dashed];
                    "App" -> "Event";
                    "App" -> "Shop";
                    "Event" -> "Base";
                    "Event" -> "Shop" [label="horizontal-import", style=dashed, color=red, fontcolor=red, penwidth=2];
                    "EventTests" -> "Shop" [label="test-isolation", color=red, fontcolor=red, penwidth=2];
                    "Shop" -> "Base";
                }

                """#)
    }

    @Test func json() throws {
        let data = Data(try Self.graph().rendered(.json).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let layers = try #require(object["layers"] as? [[String: Any]])
        #expect(layers.map { $0["name"] as? String } == ["App", "Business", "Sources"])
        #expect(layers.map { $0["targets"] as? [String] } == [["App"], ["Event", "Shop"], ["Base"]])
        #expect(object["unlayered"] as? [String] == ["EventTests"])
        let edges = try #require(object["edges"] as? [[String: Any]])
        let sibling = try #require(edges.first { $0["from"] as? String == "Event" && $0["to"] as? String == "Shop" })
        #expect(sibling["declared"] as? Bool == false)
        #expect(sibling["imported"] as? Bool == true)
        #expect(sibling["violations"] as? [String] == ["horizontal-import"])
        #expect(edges.count == 7)
    }

    @Test func aCleanPackageHasNoRedAndNoTests() throws {
        let package = MemoryPackage(
            ["App@Shell/App: Base", "Base@Sources/Base", "AppTests@Tests/AppTests: App"],
            files: ["Shell/App/App.swift": "import Base\n", "Sources/Base/B.swift": "", "Tests/AppTests/T.swift": ""])
        let checker = LayeringChecker(graph: package.graph, contract: .folders)
        let graph = try checker.layerGraph(for: try checker.check { Array((package.files[$0] ?? "").utf8) })
        let mermaid = graph.rendered(.mermaid)
        #expect(!mermaid.contains("linkStyle"))
        #expect(!mermaid.contains("AppTests"))
        #expect(graph.edges.map { "\($0.from)->\($0.to)" } == ["App->Base"])
    }
}
