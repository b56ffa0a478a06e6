import Foundation
import LayeringCheck
import Testing

/// The layering-check test: this package itself must keep every layer rule.
@Suite("This package's layering")
struct SelfCheckTests {
    @Test func thisPackageHasNoHorizontalOrUpwardDependencies() throws {
        let report = try Fixture.check(packageAt: Fixture.packageRoot)
        #expect(report.violations.isEmpty, "\n\(report.text)")
        #expect(report.targetCount >= 9)
        #expect(report.fileCount > 50)
    }
}
