import EventRouter
import Foundation
import MallBase
import MallNavigator
import MallRouting
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Shop
import Testing

@testable import Event
@testable import Mall

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `mall graph` must be true: every require, called through the real routers, opens a screen made by
/// the component (or the shell, or the web) the graph names.
@MainActor
@Suite("Wiring graph", .freshComponents(everyComponent))
struct GraphTests {
    /// What the graph draws for each require comes from the router's wiring lines, the same lines that
    /// assign the requires: a require wired through a route is drawn with that route, one wired to a
    /// provide with that provide's own name.
    @Test func theGraphDrawsWhatTheWiringLinesAssign() {
        let graph = MallApp(links: Links(environment: [:]), routers: fourComponentRouters(links:)).graph
        let shop = graph.components.first { $0.name == "Shop" }
        let answers = Dictionary(uniqueKeysWithValues: (shop?.requires ?? []).map { ($0.name, $0.answer) })
        #expect(
            answers["require_eventDetail"]
                == .provide(
                    component: "Event", function: "Event.provide_eventDetail(eventId:eventType:)",
                    route: "mall://event/detail"))
        #expect(
            answers["require_buyOrder"]
                == .app(function: "Shell: BuyOrderScreen.make(merchantNo:itemNo:)", route: "mall://shell/bill"))
        #expect(
            answers["require_allGroupbuy"]
                == .provide(component: "Groupbuy", function: "Groupbuy.provide_groupbuyAllForShop(_:)", route: nil))
        #expect(answers.count == Shop.allRequires.count)
        #expect(answers.values.allSatisfy { ![.unwired, .undeclared].contains($0) })
    }

    @Test func everyRouterWiresEachRequireOfItsComponentOnce() {
        for router in Routers.all(links: Links(environment: [:])) {
            let wired = router.wiredRequires
            #expect(Set(wired).count == wired.count, "\(router.componentName) wires a require twice")
        }
    }

    @Test func anUnwiredRequireDanglesInRed() {
        let graph = MallApp(links: Links(environment: [:]), routers: routersWithAHole(links:)).graph
        let event = graph.components.first { $0.name == "Event" }
        #expect(event?.requires == [WiringGraph.AnsweredRequire("require_shopDetail", answer: .unwired)])
        let mermaid = graph.rendered(.mermaid)
        // Shop's requires are drawn first, so Event's one is the edge after them.
        let edge = Shop.allRequires.count
        #expect(mermaid.contains(#"n1 -.->|"require_shopDetail: not wired"| hole\#(edge)((" ")):::hole"#))
        #expect(mermaid.contains("    linkStyle \(edge) stroke:#d00,stroke-width:2px,color:#d00\n"))
        #expect(
            graph.rendered(.dot).contains(#""Event" -> hole\#(edge) [label="require_shopDetail: not wired", color=red"#)
        )
    }

    @Test func aRequireSetOutsideTheWiringIsDrawnAsUndeclared() {
        let app = MallApp(links: Links(environment: [:])) { links in [EventRouter(links: links)] }
        app.routers[0].component.stubEveryRequire()
        #expect(
            app.graph.components.map(\.requires) == [
                [WiringGraph.AnsweredRequire("require_shopDetail", answer: .undeclared)]
            ])
        _ = MallApp().routers
    }

    @Test func aDowngradedRouteLeadsToTheWebPage() async {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = FileManager.default.createFile(
            atPath: file.path,
            contents: Data(#"{"downgrade": {"mall://shop/detail": "https://m.mall.example/shop/{shopId}"}}"#.utf8))
        let run = await runShell(["graph", "--routes-config", file.path])
        #expect(run.status == .success)
        #expect(run.output.contains(#"    web(["web page"])"#))
        #expect(run.output.contains(#"    n1 -.->|"require_shopDetail → https://m.mall.example/shop/{shopId}"| web"#))
    }

    @Test func theArticleShowsTheWiringGraph() async throws {
        let shown = try documentSection(
            from: "<!-- swift run mall graph -->\n```mermaid\n", to: "```\n<!-- end of mall graph -->")
        let run = await runShell(["graph"])
        #expect(run.status == .success)
        #expect(
            shown == run.output,
            "WiringGraph.md's graph is stale: replace it with the output of 'swift run mall graph'")
    }

    @Test(arguments: [
        (["graph", "--format", "png"], "Error: unknown format 'png'; use one of mermaid, dot, json, svg"),
        (["--format", "dot"], "Error: --format applies only to 'mall routes' and 'mall graph'"),
        (["graph", "routes"], "Error: graph and routes cannot be used together"),
        (["graph", "--tour"], "Error: graph and --tour cannot be used together"),
        (["graph", "graph"], "Error: graph was given twice; give it once"),
    ])
    func refusedGraphCommandLines(arguments: [String], error: String) async {
        let run = await runShell(arguments)
        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(run.errors == "\(error)\nRun 'mall --help' for usage.\n")
    }

    @Test func svgWithoutGraphvizNamesThePackage() async {
        let run = await runShell(["graph", "--format", "svg"], environment: ["PATH": "/nonexistent:/bin/sh"])
        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(run.errors == WiringGraph.graphvizMissing + "\n")
    }

    /// Where `dot` is, if Graphviz is installed (CI installs it).
    nonisolated static let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    nonisolated static let hasGraphviz = path.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/dot")
    }

    @Test(.enabled(if: hasGraphviz, "needs Graphviz's dot: apt-get install graphviz"))
    func svgIsDrawnByGraphvizAndNamesEveryComponent() async throws {
        let run = await runShell(["graph", "--format", "svg"], environment: ["PATH": Self.path])
        #expect(run.status == .success)
        let document = try XMLDocument(data: Data(run.output.utf8))
        #expect(document.rootElement()?.name == "svg")
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap { $0.stringValue }
        for component in ["Shop", "Event", "Groupbuy", "Appointment", "Shell screens"] {
            #expect(texts.contains(component), "the SVG draws \(component)")
        }
    }
}
