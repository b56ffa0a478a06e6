import ComponentScaffold
import Foundation
import LayeringCheck
import Testing

/// Scaffolds into a copy of this package and proves the result builds, passes every test, keeps the
/// layer rules, shows the new component on the shell's home screen and passes the wiring audit.
///
/// It builds a whole package, so it runs on CI (`CI` set) or when `RUN_SLOW_TESTS=1`.
@Suite(
    "Scaffolded component builds",
    .enabled(
        if: ProcessInfo.processInfo.environment["CI"] != nil
            || ProcessInfo.processInfo.environment["RUN_SLOW_TESTS"] == "1",
        "builds a copy of the package; set RUN_SLOW_TESTS=1 to run it locally"
    )
)
struct ScaffoldBuildTests {
    @Test(.timeLimit(.minutes(30)))
    func aNewComponentBuildsTestsAndAppearsOnTheHomeScreen() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let name = copy.unusedComponentName
        let position = copy.componentCount + 1
        let scaffolder = Scaffolder(packageRoot: copy.root)
        try scaffolder.apply(try scaffolder.plan(name: name, existingNames: PackageCopy.targetNames))

        let build = try copy.run(["swift", "build"])
        try #require(build.status == 0, "swift build failed:\n\(build.output.suffix(4000))")

        let home = try copy.run(["swift", "run", "mall"], input: "\(position)\nq\n")
        #expect(home.status == 0)
        #expect(home.output.contains("  \(position). \(name)\n"))
        #expect(home.output.contains("== \(name) ==\n3 items."))

        let audit = try copy.run(["swift", "run", "mall", "audit"])
        #expect(audit.status == 0, "\(audit.output)")
        #expect(audit.output.contains("\(name): 0/0 requires wired (ok)"))

        let layering = try LayeringChecker(graph: try PackageLoader.describe(packagePath: copy.root.path))
            .check(manifest: try String(contentsOf: copy.root.appendingPathComponent("Package.swift"), encoding: .utf8))
        {
            try [UInt8](Data(contentsOf: copy.root.appendingPathComponent($0)))
        }
        #expect(layering.violations.isEmpty, "\(layering.text)")

        let tests = try copy.run(["swift", "test", "--skip", "ScaffoldBuildTests"])
        #expect(tests.status == 0, "swift test failed:\n\(tests.output.suffix(6000))")
        #expect(tests.output.contains("Suite \"\(name)\" passed"))
    }
}
