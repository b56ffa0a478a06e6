import MallRouting
import MiddlewareSupport
import Testing

@testable import Mall

/// The wiring graph drawn exactly, in every format, for a fixture with one answer of each kind and
/// an async require.
@Suite("Wiring graph formats")
struct WiringGraphTests {
    static let fixture = WiringGraph(
        app: "Shell",
        components: [
            WiringGraph.Component(
                "Shop",
                requires: [
                    WiringGraph.AnsweredRequire(
                        "require_eventDetail", isAsync: true,
                        answer: .provide(
                            component: "Event", function: "Event.provide_eventDetail(eventId:)",
                            route: "mall://event/detail")),
                    WiringGraph.AnsweredRequire(
                        "require_buyOrder", answer: .app(function: "Shell: BuyOrderScreen.make(itemNo:)", route: nil)),
                    WiringGraph.AnsweredRequire(
                        "require_map",
                        answer: .web(address: "https://m.example/map?q=\"a\"#<b>", route: "mall://shop/map")),
                    WiringGraph.AnsweredRequire("require_coupon", answer: .unwired),
                ]),
            WiringGraph.Component(
                "Event", requires: [WiringGraph.AnsweredRequire("require_shopDetail", answer: .undeclared)]),
        ])

    @Test func aRequireDeclaredUnavailableIsDrawnAsSuch() {
        let graph = WiringGraph(
            app: "Shell",
            components: [
                WiringGraph.Component(
                    "Shop", requires: [WiringGraph.AnsweredRequire("require_map", answer: .unavailable)])
            ])
        #expect(
            graph.rendered(.mermaid).contains(#"n0 -.->|"require_map: unavailable, as its router declares"| hole0"#))
        #expect(graph.rendered(.json).contains(#""kind" : "unavailable""#))
    }

    @Test func mermaid() {
        #expect(
            Self.fixture.rendered(.mermaid) == """
                flowchart LR
                    n0["Shop"]
                    n1["Event"]
                    app[["Shell screens"]]
                    web(["web page"])
                    n0 -->|"require_eventDetail (async) → provide_eventDetail(eventId:)"| n1
                    n0 -->|"require_buyOrder → BuyOrderScreen.make(itemNo:)"| app
                    n0 -.->|"require_map → https://m.example/map?q=#quot;a#quot;#35;#lt;b#gt;"| web
                    n0 -.->|"require_coupon: not wired"| hole3((" ")):::hole
                    n1 -.->|"require_shopDetail: wired, but the graph cannot tell to what; declare it in its router's wiring"| hole4((" ")):::hole
                    classDef hole fill:#fdd,stroke:#d00
                    linkStyle 3,4 stroke:#d00,stroke-width:2px,color:#d00

                """)
    }

    @Test func dot() {
        #expect(
            Self.fixture.rendered(.dot) == #"""
                digraph wiring {
                    rankdir=LR;
                    node [shape=box, style=rounded, fontname="Helvetica"];
                    edge [fontname="Helvetica", fontsize=10];
                    "Shop";
                    "Event";
                    "Shell screens" [shape=component, label="Shell screens"];
                    "web page" [shape=note];
                    "Shop" -> "Event" [label="require_eventDetail (async) → provide_eventDetail(eventId:)"];
                    "Shop" -> "Shell screens" [label="require_buyOrder → BuyOrderScreen.make(itemNo:)"];
                    "Shop" -> "web page" [label="require_map → https://m.example/map?q=\"a\"#<b>", style=dashed];
                    hole3 [shape=point, color=red];
                    "Shop" -> hole3 [label="require_coupon: not wired", color=red, fontcolor=red, style=dashed];
                    hole4 [shape=point, color=red];
                    "Event" -> hole4 [label="require_shopDetail: wired, but the graph cannot tell to what; declare it in its router's wiring", color=red, fontcolor=red, style=dashed];
                }

                """#)
    }

    @Test func json() {
        #expect(
            Self.fixture.rendered(.json) == #"""
                {
                  "app" : "Shell",
                  "components" : [
                    {
                      "name" : "Shop",
                      "requires" : [
                        {
                          "answeredBy" : {
                            "component" : "Event",
                            "function" : "Event.provide_eventDetail(eventId:)",
                            "kind" : "provide",
                            "route" : "mall://event/detail"
                          },
                          "isAsync" : true,
                          "name" : "require_eventDetail"
                        },
                        {
                          "answeredBy" : {
                            "function" : "Shell: BuyOrderScreen.make(itemNo:)",
                            "kind" : "app"
                          },
                          "isAsync" : false,
                          "name" : "require_buyOrder"
                        },
                        {
                          "answeredBy" : {
                            "address" : "https://m.example/map?q=\"a\"#<b>",
                            "kind" : "web",
                            "route" : "mall://shop/map"
                          },
                          "isAsync" : false,
                          "name" : "require_map"
                        },
                        {
                          "answeredBy" : {
                            "kind" : "unwired"
                          },
                          "isAsync" : false,
                          "name" : "require_coupon"
                        }
                      ]
                    },
                    {
                      "name" : "Event",
                      "requires" : [
                        {
                          "answeredBy" : {
                            "kind" : "undeclared"
                          },
                          "isAsync" : false,
                          "name" : "require_shopDetail"
                        }
                      ]
                    }
                  ]
                }

                """#)
    }

    @Test func aGraphWithoutHolesHasNoHoleStyle() {
        let graph = WiringGraph(
            app: "Shell",
            components: [
                WiringGraph.Component(
                    "Event",
                    requires: [
                        WiringGraph.AnsweredRequire(
                            "require_x", answer: .provide(component: "Mall", function: "Mall.f()", route: nil))
                    ])
            ])
        #expect(
            graph.rendered(.mermaid) == """
                flowchart LR
                    n0["Event"]
                    n1["Mall"]
                    n0 -->|"require_x → f()"| n1

                """)
    }
}
