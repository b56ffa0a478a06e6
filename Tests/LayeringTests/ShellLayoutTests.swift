import Foundation
import LayeringCheck
import Testing

/// This package's `layers.json` holds the shell's layout: routers apart, each component's routes apart,
/// and the routing they share knowing no component.
@Suite("The shell's layout in this package's contract")
struct ShellLayoutTests {
    static let contract: String = {
        let url = MallPackage.root.appendingPathComponent("layers.json")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Two components with their routes and routers, as `Package.swift` lays them out; `extra` adds
    /// targets or replaces one of the same name.
    static func shell(_ files: [String: String] = [:], replacing replaced: [String] = []) -> MemoryPackage {
        let targets = [
            "MallBase@Sources/MallBase/Sources/MallBase:",
            "Shop@Components/Shop: MallBase", "Event@Components/Event: MallBase",
            "MallRouting@Shell/Routing: MallBase",
            "ShopRoutes@Shell/Wiring/Shop/Routes: Shop, MallRouting",
            "EventRoutes@Shell/Wiring/Event/Routes: Event, MallRouting",
            "ShopRouter@Shell/Wiring/Shop/Router: Shop, ShopRoutes, MallRouting, Event, EventRoutes",
            "EventRouter@Shell/Wiring/Event/Router: Event, EventRoutes, MallRouting, Shop, ShopRoutes",
            "Mall@Shell: MallRouting, ShopRouter, EventRouter",
            // One target for each of the contract's other patterns, which must each match one.
            "MallNavigator@Sources/MallBase/Sources/MallNavigator: MallBase", "fuzz-x@Fuzz/X: MallNavigator",
            "ShopPreview@Components/Shop/Preview: Shop",
            "MallTestSupport@Sources/MallBase/Sources/MallTestSupport: MallBase",
            "MallTests@Tests/MallTests: Mall, MallTestSupport",
        ]
        let names = Set(replaced.map { $0.prefix { $0 != "@" } })
        return MemoryPackage(
            targets.filter { !names.contains($0.prefix { $0 != "@" }) } + replaced,
            files: [
                "Sources/MallBase/Sources/MallBase/Screen.swift": "",
                "Components/Shop/Shop.swift": "import MallBase", "Components/Event/Event.swift": "import MallBase",
                "Shell/Routing/MallRoute.swift": "import MallBase",
                "Shell/Wiring/Shop/Routes/ShopRoutes.swift": "import MallRouting\nimport Shop",
                "Shell/Wiring/Event/Routes/EventRoutes.swift": "import MallRouting\nimport Event",
                "Shell/Wiring/Shop/Router/ShopRouter.swift": "import EventRoutes\nimport Shop\nimport ShopRoutes",
                "Shell/Wiring/Event/Router/EventRouter.swift": "import EventRoutes\nimport Shop\nimport ShopRoutes",
                "Shell/main.swift": "import EventRouter\nimport ShopRouter",
            ].merging(files) { $1 })
    }

    @Test func theLayoutIsClean() throws {
        #expect(!Self.contract.isEmpty)
        #expect(try Self.shell().lines(Self.contract) == [])
    }

    @Test func aRouterThatImportsAnotherRouterBreaksTheRoutersIndependence() throws {
        let lines = try Self.shell(
            ["Shell/Wiring/Event/Router/EventRouter.swift": "import EventRoutes\nimport ShopRouter"],
            replacing: ["EventRouter@Shell/Wiring/Event/Router: Event, EventRoutes, MallRouting, ShopRouter"]
        ).lines(Self.contract)
        #expect(lines.contains { $0.contains("'EventRouter'") && $0.contains("'ShopRouter'") })
        #expect(lines.allSatisfy { $0.contains("never to its router") }, "\(lines)")
    }

    @Test func routesThatImportAnotherComponentsRoutesBreakTheirIndependence() throws {
        let lines = try Self.shell(
            ["Shell/Wiring/Event/Routes/EventRoutes.swift": "import Event\nimport ShopRoutes"],
            replacing: ["EventRoutes@Shell/Wiring/Event/Routes: Event, MallRouting, ShopRoutes"]
        ).lines(Self.contract)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.contains("lead into it alone") }, "\(lines)")
    }

    @Test func theSharedRoutingKnowsNoComponent() throws {
        let lines = try Self.shell(
            ["Shell/Routing/MallRoute.swift": "import MallBase\nimport Shop"],
            replacing: ["MallRouting@Shell/Routing: MallBase, Shop"]
        ).lines(Self.contract)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.contains("know no component") }, "\(lines)")
    }

    @Test func aRouterThatImportsRoutesItsWiresToLacksIsToldToNameTheComponentThere() throws {
        let lines = try Self.shell(
            ["Shell/Wiring/Event/Router/EventRouter.swift": "import EventRoutes\nimport ShopRoutes"],
            replacing: ["EventRouter@Shell/Wiring/Event/Router: Event, EventRoutes, MallRouting"]
        ).lines(Self.contract)
        #expect(
            lines == [
                "Shell/Wiring/Event/Router/EventRouter.swift:2:1: error: 'EventRouter' imports 'ShopRoutes', a module of this"
                    + " package that none of its dependencies brings in; name \"Shop\" in the wiresTo of Event's entry"
                    + " in the components list of Package.swift, which gives 'EventRouter' both 'Shop' and its routes"
                    + " [undeclared-import]"
            ])
    }

    /// Routes are generated with their own component alone: the hint says where the route belongs,
    /// not to add a dependency the manifest has no list for.
    @Test func routesThatImportAnotherComponentAreToldWhereTheRouteBelongs() throws {
        let lines = try Self.shell(["Shell/Wiring/Event/Routes/EventRoutes.swift": "import Event\nimport Shop"])
            .lines(Self.contract)
        #expect(
            lines == [
                "Shell/Wiring/Event/Routes/EventRoutes.swift:2:1: error: 'EventRoutes' imports 'Shop', a module of this"
                    + " package that none of its dependencies brings in; a component's routes lead into it alone, and"
                    + " the manifest gives 'EventRoutes' only 'Event'; declare the route into Shop in"
                    + " Shell/Wiring/Shop/Routes [undeclared-import]"
            ])
    }

    @Test func aComponentThatImportsItsRoutesIsAnUpwardImport() throws {
        let lines = try Self.shell(["Components/Shop/Shop.swift": "import MallBase\nimport ShopRoutes"])
            .lines(Self.contract)
        #expect(lines.contains { $0.contains("'Shop' in layer 'Business' imports 'ShopRoutes' in layer 'Routes'") })
    }
}
