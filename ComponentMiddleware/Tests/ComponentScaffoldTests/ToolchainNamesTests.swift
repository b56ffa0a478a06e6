import Foundation
import LayeringCheck
import MiddlewareSupport
import Testing

@testable import ComponentScaffold

/// The committed list of toolchain names still holds every type the installed toolchain declares.
@Suite("Toolchain names")
struct ToolchainNamesTests {
    @Test func everyTopLevelTypeOfTheInstalledToolchainIsListed() throws {
        let info = try Subprocess.run(["swift", "-print-target-info"])
        let target = try JSONDecoder().decode(TargetInfo.self, from: info.output)
        let folder = URL(fileURLWithPath: target.paths.runtimeResourcePath).appendingPathComponent("linux")
        var declared: Set<String> = []
        for module in ["Swift", "_Concurrency", "_StringProcessing", "Testing"] {
            let interface = folder.appendingPathComponent(
                "\(module).swiftmodule/\(target.target.moduleTriple).swiftinterface")
            let text = try String(contentsOf: interface, encoding: .utf8)
            declared.formUnion(
                TopLevelTypes.declarations(in: text).map(\.name).filter { $0.first?.isUppercase == true })
        }
        #expect(declared.count > 300, "the interfaces were read")
        let missing = declared.subtracting(ToolchainNames.all).sorted()
        #expect(missing.isEmpty, "add to Tools/ComponentScaffold/ToolchainNames.swift: \(missing)")
    }

    private struct TargetInfo: Decodable {
        struct Target: Decodable { var moduleTriple: String }
        struct Paths: Decodable { var runtimeResourcePath: String }
        var target: Target
        var paths: Paths
    }
}
