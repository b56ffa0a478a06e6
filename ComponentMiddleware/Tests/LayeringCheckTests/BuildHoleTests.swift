import Foundation
import LayeringCheck
import Testing

/// Shows the hole the check closes: SwiftPM builds an undeclared sibling import once the sibling
/// happens to be built first, because all modules share one build folder.
@Suite("The hole in swift build")
struct BuildHoleTests {
    @Test(.timeLimit(.minutes(10)))
    func swiftBuildAcceptsAnUndeclaredSiblingImportAndTheCheckReportsIt() throws {
        let root = try Fixture.copy("hole-undeclared-sibling")
        defer { try? FileManager.default.removeItem(at: root) }
        let scratch = root.appendingPathComponent(".build-hole").path

        let shopFirst = try Fixture.run(["swift", "build", "--scratch-path", scratch, "--target", "Shop"], in: root)
        #expect(shopFirst.status == 0, "\(shopFirst.output)")
        let all = try Fixture.run(["swift", "build", "--scratch-path", scratch], in: root)
        #expect(all.status == 0, "swift build should accept the undeclared import:\n\(all.output)")

        let report = try Fixture.check(packageAt: root)
        #expect(report.violations.map(\.rule) == [.horizontalImport])
        #expect(report.violations.first?.path == "Components/Event/EventDetail.swift")
        #expect(report.violations.first?.line == 2)
    }
}
