import ComponentScaffold
import Foundation
import Testing

/// What a new user tried that the scaffolder once accepted and then broke on, or reported badly.
@Suite("Scaffolder refusals")
struct ScaffolderRefusalTests {
    @Test(arguments: [
        (
            "Main",
            "'Main' is reserved: SwiftPM would take a target's Main.swift for its main.swift, and it would not link; choose another name"
        ),
        (
            "LinuxMain",
            "'LinuxMain' is reserved: SwiftPM reads a file named LinuxMain.swift as a test manifest; choose another name"
        ),
        (
            "Shell",
            "'Shell' is reserved: the app's own screens carry the origin 'Shell' in traces, analytics and the graph; choose another name"
        ),
    ])
    func namesThatChangeHowThePackageIsReadAreRefused(name: String, message: String) {
        #expect(throws: ScaffoldError(message)) {
            try Scaffolder(packageRoot: PackageCopy.sourceRoot).plan(name: name, existingNames: PackageCopy.targetNames)
        }
    }

    @Test func aTypeWithoutValuesIsRefused() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let scaffolder = Scaffolder(packageRoot: copy.root)
        #expect(try scaffolder.baseTypes().uninhabited.contains("Money"))
        #expect(
            throws: ScaffoldError(
                "'Money' in 'i(x: Money)' has no values (an enum without cases), so nothing could ever call it;"
                    + " use a type that has values")
        ) {
            try scaffolder.plan(name: "Zeta", requires: ["i(x: Money)"], existingNames: PackageCopy.targetNames)
        }
    }

    /// The line counts a line ended by LF, CRLF or a carriage return alone, as editors show them.
    @Test(arguments: [
        ("{\"requires\": [\"a(x: Int)\"],\n}", 1),
        ("{\n\"requires\": [\"a(x: Int)\"],\n}", 2),
        ("{\r\n\"requires\": [\"a(x: Int)\"],\r\n}", 2),
        ("{\r\"requires\": [\"a(x: Int)\"],\r}", 2),
        ("{\r\r\n\r\"requires\": [\"a(x: Int)\"],\r}", 4),
    ])
    func anInterfaceDocumentWithATrailingCommaIsRefused(document: String, line: Int) {
        #expect(
            throws: ScaffoldError("'i.json' has a comma before a closing bracket on line \(line); JSON allows none")
        ) {
            try InterfaceDocument.declarations(fromJSON: Data(document.utf8), file: "i.json")
        }
    }

    @Test func aDanglingLinkInTheWayIsNamedAndNothingChanges() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let link = copy.root.appendingPathComponent("Components/Zeta")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/nonexistent/zeta")
        let before = try copy.snapshot()
        #expect(
            throws: ScaffoldError(
                "'Components/Zeta' is in the way: a symbolic link to '/nonexistent/zeta', which leads nowhere;"
                    + " remove it or choose another name; nothing was changed")
        ) {
            try Scaffolder(packageRoot: copy.root).plan(name: "Zeta", existingNames: PackageCopy.targetNames)
        }
        #expect(try copy.snapshot() == before)
    }

    @Test func aReportThatCannotBeWrittenRollsTheComponentBack() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let before = try copy.snapshot()
        let tool = try PackageCopy.product("new-component")
        // A name the copy does not have yet: the suite also runs in a copy a component was added to.
        let run = try copy.run([
            "/bin/sh", "-c", "\"$0\" \"$1\" --existing-targets Shop,Event > /dev/full", tool, copy.unusedComponentName,
        ])
        #expect(run.status == 2)
        #expect(
            run.output == """
                Error: could not report the new component: no space left on device; every change was rolled back

                """)
        #expect(try copy.snapshot() == before)
    }
}
