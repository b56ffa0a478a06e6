import Foundation
import LayeringCheck
import Testing

/// The layering-check test: the mall must keep its contract.
@Suite("The mall's layering")
struct SelfCheckTests {
    @Test func theMallKeepsItsContract() throws {
        let root = MallPackage.root
        let report = try LayeringChecker.check(packageAt: root, graph: MallPackage.describe())
        #expect(report.diagnostics.isEmpty, "\n\(report.text)")
        #expect(report.targetCount >= 9)
        #expect(report.fileCount > 50)
    }

    /// The mall's `layers.json` keeps its components independent: `Shop` importing `Event` is caught at
    /// its line, and the finding names the router to wire a require in.
    @Test func aComponentImportingASiblingIsCaught() throws {
        let root = MallPackage.root
        var graph = try MallPackage.describe()
        let probe = "Probe.swift"
        let index = try #require(graph.targets.firstIndex { $0.name == "Shop" })
        graph.targets[index].sources.append(probe)
        let contract = try LayerContract.load(packageRoot: root)
        let report = try LayeringChecker(graph: graph, contract: contract).check { path in
            path == "Components/Shop/\(probe)"
                ? Array("import Event\n".utf8) : try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
        }
        #expect(report.violations.map(\.rule) == [.horizontalImport])
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Components/Shop/Probe.swift:1:1: error: component 'Shop' imports sibling component 'Event'; "
                    + "route it through a require wired in Shell/Wiring/Shop/Router/ShopRouter.swift [horizontal-import]"
            ])
    }
}
