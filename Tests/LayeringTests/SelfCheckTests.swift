import Foundation
import LayeringCheck
import Testing

/// The layering-check test: the mall must keep its contract.
@Suite("The mall's layering")
struct SelfCheckTests {
    @Test func theMallKeepsItsContract() throws {
        let root = MallPackage.root
        let report = try MallPackage.checker(MallPackage.describe()).check(packageAt: root)
        #expect(report.diagnostics.isEmpty, "\n\(report.text)")
        // The base layer's package and the components' own packages are checked as the mall's.
        #expect(report.targetCount >= 30)
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
        let report = try MallPackage.checker(graph).check { path in
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

    /// The findings of the mall as it is, with `line` planted at the top of `file`.
    private func findings(planting line: String, atTopOf file: String) throws -> [String] {
        let root = MallPackage.root
        let report = try MallPackage.checker(MallPackage.describe()).check { path in
            let contents = try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
            return path == file ? Array("\(line)\n".utf8) + contents : contents
        }
        return report.diagnostics.map(\.formatted)
    }

    /// A component in a package of its own (`Components/Appointment`) is held like the others: its
    /// import of a component of the mall's package is caught at its line, in its folder.
    @Test func aComponentPackageImportingASiblingIsCaught() throws {
        let screen = "Components/Appointment/Screens/MyBookingsScreen.swift"
        #expect(
            try findings(planting: "import Shop", atTopOf: screen) == [
                "\(screen):1:1: error: component 'Appointment' imports sibling component 'Shop'; route it through "
                    + "a require wired in Shell/Wiring/Appointment/Router/AppointmentRouter.swift [horizontal-import]"
            ])
    }

    /// An import the base layer's package may not declare, as the component's package depends on it, is
    /// told so, never to add a dependency that would make the two packages depend on each other.
    @Test func anImportThatWouldMakeTwoPackagesDependOnEachOtherIsToldSo() throws {
        let file = "Sources/MallBase/Sources/MallTestSupport/CallLog.swift"
        #expect(
            try findings(planting: "import Appointment", atTopOf: file) == [
                "\(file):1:1: error: 'MallTestSupport' imports 'Appointment', a module of the package in"
                    + " Components/Appointment that none of its dependencies brings in; the package in"
                    + " Components/Appointment depends on the package in Sources/MallBase, which cannot depend on it in turn;"
                    + " move what 'MallTestSupport' needs of 'Appointment' into a package both depend on"
                    + " [undeclared-import]"
            ])
    }
}
