import Foundation
import LayeringCheck
import MiddlewareTesting
import Testing

/// Another package adopts the check: `Fixtures/consumer` lays every target out under `Sources/` (a system
/// library's among them), states its layers in its own `layers.json`, depends on this package by path and
/// runs the plugin.
///
/// It builds the checker inside the consumer, so it runs on CI (`CI` set) or with `RUN_SLOW_TESTS=1`.
@Suite(
    "A consumer package runs the plugin",
    .slow("builds the plugin in a consumer package")
)
struct ConsumerPackageTests {
    @Test(.timeLimit(.minutes(10)))
    func thePluginChecksTheConsumersOwnContract() throws {
        let root = try Fixture.copy("consumer")
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = root.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "CHECKER_PATH", with: Fixture.packageRoot.path)
            .write(to: manifest, atomically: true, encoding: .utf8)

        let run = try Fixture.run(["swift", "package", "check-layering", "--format", "github"], in: root)
        #expect(run.status != 0, "the consumer has violations: \(run.output)")
        let annotations: [String] = run.output.split(separator: "\n").filter { $0.hasPrefix("::") }.map(String.init)
        let expected: [String] = [
            "::error file=Package.swift,line=14,col=57,title=horizontal-dependency::'Profile' reaches 'Feed' "
                + "through Profile → Bridge → Feed, which independence[0] keeps apart from it; cut the chain at "
                + "'Bridge'; members of the group reach each other through none",
            "::warning file=Sources/Bridge/Bridge.swift,line=1,col=1,title=transitive-import::'Bridge' imports "
                + "'Core', which it reaches only through its dependencies; declare \"Core\" in the dependencies of "
                + "'Bridge' in Package.swift, so the import survives a change to those dependencies",
            "::error file=Sources/Core/Upward.swift,line=2,col=1,title=upward-import::'Core' in layer 'Core' "
                + "imports 'Profile' in layer 'Features' above it; a layer may reach only the layers below it; move "
                + "what both need down into 'Core' or below",
        ]
        #expect(annotations == expected)
        // The system library's target is counted, as the command counts it from `swift package describe`.
        #expect(run.output.contains("checked 6 targets, 6 files, 9 imports: 2 violations, 1 warning"), "\(run.output)")
    }
}
