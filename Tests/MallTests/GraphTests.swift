import Foundation
import MallBase
import MallNavigator
import MallTestSupport
import Middleware
import Testing

@testable import Event
@testable import Mall

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `mall graph` must be true: every require, called through the real routers, opens a screen made by
/// the component (or the shell, or the web) the graph names.
@MainActor
@Suite("Wiring graph")
struct GraphTests {
    /// The app with every router (a component added later too), natively or with every route
    /// downgraded to a web page.
    private func app(downgradingEveryRoute: Bool) throws -> MallApp {
        let app = MallApp(links: Links(environment: [:]), routers: Routers.all(links:))
        if downgradingEveryRoute {
            var downgrades: [String: WebTemplate] = [:]
            for route in app.links.table.routes {
                let names = route.parameters.map(\.name)
                let query = names.map { "\($0)={\($0)}" }.joined(separator: "&")
                let path = route.pattern.dropFirst("mall://".count)
                downgrades[route.pattern] = try WebTemplate(
                    "https://m.mall.example/\(path)" + (query.isEmpty ? "" : "?\(query)"), parameters: names)
            }
            app.links.configuration = RouteConfiguration(downgrades: downgrades)
        }
        return app
    }

    @Test(arguments: [false, true])
    func everyRequireOpensWhatTheGraphSays(downgradingEveryRoute: Bool) throws {
        let app = try app(downgradingEveryRoute: downgradingEveryRoute)
        let graph = app.graph
        var answers: [String: WiringGraph.Answer] = [:]
        for component in graph.components {
            for requirement in component.requirements {
                answers["\(component.name).\(requirement.name)"] = requirement.answer
            }
        }
        let cases = Dictionary(WiringTests.cases.map { ($0.requirement, $0) }) { first, _ in first }
        // Every require a router declares is called here; one without a case would be drawn unchecked.
        // (An undeclared one is drawn as a hole; a component's own tests may have left a stub in it.)
        for (requirement, answer) in answers
        where ![.unwired, .undeclared].contains(answer) && cases[requirement] == nil {
            Issue.record(
                "\(requirement) is declared but never called: add a Case to WiringTests.cases to check its graph")
        }
        var downgraded = 0
        var screens = 0
        for testCase in WiringTests.cases {
            let answer = try #require(answers[testCase.requirement], "the graph does not draw \(testCase.requirement)")
            let context = Comment(rawValue: "\(testCase.requirement): the graph says \(answer)")
            let title: String
            let screen: Screen
            switch testCase.answer {
            case .value(let provider, let call):
                // Data is not routed, so no downgrade changes it: the provide the graph names answers.
                guard case .provide(let component, _, let route) = answer else {
                    Issue.record(context)
                    continue
                }
                #expect(component == provider && route == nil, context)
                #expect(try #require(call() as Bool?, "\(testCase.requirement) is nil") == true, context)
                continue
            case .screen(let expected, let call):
                title = expected
                screen = try #require(call(), "\(testCase.requirement) is nil")
                screens += 1
            }
            switch answer {
            case .provide(let component, _, let route):
                #expect(screen.origin == component, context)
                #expect(screen.link?.route == route, context)
                #expect(screen.title == title, context)
            case .app(_, let route):
                #expect(screen.origin == graph.app, context)
                #expect(screen.link?.route == route, context)
                #expect(screen.title == title, context)
            case .web(let address, let route):
                downgraded += 1
                #expect(screen.title == "Web page", context)
                #expect(screen.link?.route == route, context)
                let host = try #require(address.split(separator: "?").first)
                #expect(screen.body.first?.hasPrefix("Opens \(host)") == true, context)
            case .undeclared, .unwired:
                Issue.record(context)
            }
        }
        // Every require but the list of group-buy summaries, which no link can carry, goes through a route.
        #expect(downgraded == (downgradingEveryRoute ? screens - 1 : 0))
    }

    @Test func everyRouterWiresEachRequireOfItsComponentOnce() {
        for router in Routers.all(links: Links(environment: [:])) {
            let wired = router.wiredRequirements
            #expect(Set(wired).count == wired.count, "\(router.componentName) wires a require twice")
        }
    }

    @Test func anUnwiredRequireDanglesInRed() {
        let graph = MallApp(links: Links(environment: [:]), routers: routersWithAHole(links:)).graph
        let event = graph.components.first { $0.name == "Event" }
        #expect(event?.requirements == [WiringGraph.Requirement("require_shopDetail", answer: .unwired)])
        let mermaid = graph.rendered(.mermaid)
        #expect(mermaid.contains(#"n1 -.->|"require_shopDetail: not wired"| hole10((" ")):::hole"#))
        #expect(mermaid.contains("    linkStyle 10 stroke:#d00,stroke-width:2px,color:#d00\n"))
        #expect(graph.rendered(.dot).contains(#""Event" -> hole10 [label="require_shopDetail: not wired", color=red"#))
    }

    @Test func aRequireSetOutsideTheWiringIsDrawnAsUndeclared() {
        let app = MallApp(links: Links(environment: [:])) { links in [EventRouter(links: links)] }
        app.routers[0].component.stubEveryRequire()
        #expect(
            app.graph.components.map(\.requirements) == [
                [WiringGraph.Requirement("require_shopDetail", answer: .undeclared)]
            ])
        _ = MallApp()
    }

    @Test func aDowngradedRouteLeadsToTheWebPage() {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = FileManager.default.createFile(
            atPath: file.path,
            contents: Data(#"{"downgrade": {"mall://shop/detail": "https://m.mall.example/shop/{shopId}"}}"#.utf8))
        let run = runShell(["graph", "--routes-config", file.path])
        #expect(run.status == .success)
        #expect(run.output.contains(#"    web(["web page"])"#))
        #expect(run.output.contains(#"    n1 -.->|"require_shopDetail → https://m.mall.example/shop/{shopId}"| web"#))
    }

    @Test func theREADMEShowsTheWiringGraph() throws {
        let shown = try readmeSection(
            from: "<!-- swift run mall graph -->\n```mermaid\n", to: "```\n<!-- end of mall graph -->")
        let run = runShell(["graph"])
        #expect(run.status == .success)
        #expect(
            shown == run.output,
            "the README's wiring graph is stale: replace it with the output of 'swift run mall graph'")
    }

    @Test(arguments: [
        (["graph", "--format", "png"], "Error: unknown format 'png'; use one of mermaid, dot, json, svg"),
        (["--format", "dot"], "Error: --format applies only to 'mall routes' and 'mall graph'"),
        (["graph", "routes"], "Error: graph and routes cannot be used together"),
        (["graph", "--tour"], "Error: graph and --tour cannot be used together"),
        (["graph", "graph"], "Error: graph was given twice; give it once"),
    ])
    func refusedGraphCommandLines(arguments: [String], error: String) {
        let run = runShell(arguments)
        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(run.errors == "\(error)\nRun 'mall --help' for usage.\n")
    }

    @Test func svgWithoutGraphvizNamesThePackage() {
        let run = runShell(["graph", "--format", "svg"], environment: ["PATH": "/nonexistent:/bin/sh"])
        #expect(run.status == .usage)
        #expect(run.output == "")
        #expect(run.errors == Graphviz.missing + "\n")
    }

    /// Where `dot` is, if Graphviz is installed (CI installs it).
    nonisolated static let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    nonisolated static let hasGraphviz = path.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/dot")
    }

    @Test(.enabled(if: hasGraphviz, "needs Graphviz's dot: apt-get install graphviz"))
    func svgIsDrawnByGraphvizAndNamesEveryComponent() throws {
        let run = runShell(["graph", "--format", "svg"], environment: ["PATH": Self.path])
        #expect(run.status == .success)
        let document = try XMLDocument(data: Data(run.output.utf8))
        #expect(document.rootElement()?.name == "svg")
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap { $0.stringValue }
        for component in ["Shop", "Event", "Groupbuy", "Appointment", "Shell screens"] {
            #expect(texts.contains(component), "the SVG draws \(component)")
        }
    }
}
