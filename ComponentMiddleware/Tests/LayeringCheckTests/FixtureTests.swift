import Foundation
import LayeringCheck
import MiddlewareSupport
import Testing

/// Each fixture package under `Fixtures/` holds one scenario; the check must report exactly these lines.
@Suite("Layering check on fixture packages")
struct FixtureTests {
    static let router = "route it through a require wired in Shell/App/Routers/EventRouter.swift"
    static let moveDown = "a layer may reach only the layers below it; move what both need down into 'Sources' or below"

    @Test func aCleanPackageWithEveryFalsePositiveTrapPasses() throws {
        let report = try Fixture.check("clean")
        #expect(report.diagnostics == [])
        #expect(report.summary == "checked 5 targets, 6 files, 9 imports: 0 violations")
    }

    @Test func horizontalImport() throws {
        let report = try Fixture.check("horizontal-import")
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Components/Event/EventDetail.swift:2:1: error: component 'Event' imports sibling component 'Shop'; "
                    + "\(Self.router) [horizontal-import]"
            ]
        )
    }

    /// A preview (`Components/Shop/Preview`) is part of Shop: it, `ShopTests` and `ShopPreviewTests` may use it
    /// and Shop, never Event; nor may a test target inside Shop's folder.
    @Test func aPreviewReachesOnlyItsOwnComponent() throws {
        let report = try Fixture.check("preview-isolation")
        let hint = "a preview runs its component alone: answer the require with a stub, as the other requires are"
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Components/Shop/InlineTests/InlineTests.swift:1:1: error: test target 'ShopInlineTests' of component "
                    + "'Shop' imports sibling component 'Event'; stub Shop's requires instead; only the app's tests may "
                    + "use several components [test-isolation]",
                "Components/Shop/Preview/main.swift:2:1: error: 'ShopPreview' of component 'Shop' imports sibling "
                    + "component 'Event'; \(hint) [horizontal-import]",
                "Package.swift:9:79: error: 'ShopPreview' of component 'Shop' depends on sibling component 'Event'; "
                    + "\(hint) [horizontal-dependency]",
            ]
        )
    }

    @Test func horizontalDependencyIsReportedAtTheManifestLine() throws {
        let report = try Fixture.check("horizontal-dependency")
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Components/Event/EventDetail.swift:2:1: error: component 'Event' imports sibling component 'Shop'; "
                    + "\(Self.router) [horizontal-import]",
                "Package.swift:9:55: error: component 'Event' depends on sibling component 'Shop'; remove 'Shop' from its "
                    + "dependencies and declare a require wired in Shell/App/Routers/EventRouter.swift [horizontal-dependency]",
            ]
        )
    }

    @Test func upwardImports() throws {
        let report = try Fixture.check("upward-import")
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Components/Shop/UsesApp.swift:1:1: error: 'Shop' in layer 'Business' imports 'App' in layer 'App' above "
                    + "it; a component must not know the layers above it; declare a require and let "
                    + "Shell/App/Routers/ShopRouter.swift provide it [upward-import]",
                "Sources/Base/Upward.swift:1:1: error: 'Base' in layer 'Sources' imports 'Shop' in layer 'Business' "
                    + "above it; \(Self.moveDown) [upward-import]",
            ]
        )
    }

    @Test func upwardDependency() throws {
        let report = try Fixture.check("upward-dependency")
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Package.swift:8:46: error: 'Util' in layer 'Sources' depends on 'Event' in layer 'Business' above it; "
                    + "\(Self.moveDown) [upward-dependency]",
                "Sources/Util/Util.swift:1:1: error: 'Util' in layer 'Sources' imports 'Event' in layer 'Business' "
                    + "above it; \(Self.moveDown) [upward-import]",
            ]
        )
    }

    @Test func undeclaredImports() throws {
        let report = try Fixture.check("undeclared-import")
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Components/Shop/Loud.swift:2:1: error: 'Shop' imports 'Formatting', a module of this package that none "
                    + "of its dependencies brings in; add \"Formatting\" to the dependencies of 'Shop' in Package.swift "
                    + "(today it builds only when 'Formatting' happens to be built first) [undeclared-import]",
                "Tests/ShopTests/ShopTests.swift:1:1: warning: 'ShopTests' imports 'Base', which it reaches only through "
                    + "its dependencies; declare \"Base\" in the dependencies of 'ShopTests' in Package.swift, so the "
                    + "import survives a change to those dependencies [transitive-import]",
            ]
        )
    }

    @Test func testIsolation() throws {
        let report = try Fixture.check("test-isolation")
        let hint = "stub Shop's requires instead; only the app's tests may use several components [test-isolation]"
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Package.swift:11:71: error: test target 'ShopTests' of component 'Shop' depends on sibling component "
                    + "'Event'; \(hint)",
                "Tests/ShopTests/SiblingTests.swift:2:1: error: test target 'ShopTests' of component 'Shop' imports sibling "
                    + "component 'Event'; \(hint)",
            ]
        )
    }

    /// One form per file (`Form01.swift`…), since a file gets one finding per module; `EveryBranch.swift`
    /// imports Shop in all three branches of an `#if`, and the first branch, inactive on Linux, is reported.
    @Test func everyImportFormIsCaughtOncePerFile() throws {
        let report = try Fixture.check("import-forms")
        let locations = report.diagnostics.map { "\($0.path.split(separator: "/").last ?? ""):\($0.line):\($0.column)" }
        let forms = (1...25).map { String(format: "Form%02d.swift:1:", $0) + ($0 == 24 ? "20" : "1") }
        #expect(locations == ["EveryBranch.swift:2:1"] + forms)
        #expect(report.diagnostics.allSatisfy { $0.rule == .horizontalImport && $0.target == "Event" })
    }

    @Test func invalidUTF8IsReportedAndItsImportsStillChecked() throws {
        let report = try Fixture.check("invalid-utf8")
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Components/Event/Broken.swift:2:7: warning: the file is not valid UTF-8 (byte 18); its imports were read "
                    + "from the readable parts; re-save it as UTF-8; the compiler rejects it as it is [invalid-utf8]",
                "Components/Event/Broken.swift:3:1: error: component 'Event' imports sibling component 'Shop'; "
                    + "\(Self.router) [horizontal-import]",
            ]
        )
        #expect(report.summary.hasSuffix(": 1 violation, 1 warning"))
    }

    @Test func jsonCarriesTheSameFacts() throws {
        let report = try Fixture.check("horizontal-import")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
        )
        #expect(json["violations"] as? Int == 1)
        #expect(json["files"] as? Int == report.fileCount)
        let diagnostic = try #require((json["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["path"] as? String == "Components/Event/EventDetail.swift")
        #expect(diagnostic["line"] as? Int == 2)
        #expect(diagnostic["column"] as? Int == 1)
        #expect(diagnostic["rule"] as? String == "horizontal-import")
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["target"] as? String == "Event")
        #expect(diagnostic["module"] as? String == "Shop")
    }

    @Test func notAPackageIsAClearError() {
        #expect(throws: LayeringCheckError.notAPackage(path: "/no/such/package")) {
            try PackageLoader.describe(packagePath: "/no/such/package")
        }
    }

    @Test func aBrokenManifestIsAClearError() throws {
        let root = try Fixture.copy("clean")
        defer { try? FileManager.default.removeItem(at: root) }
        try "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \n"
            .write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        #expect {
            try Fixture.check(packageAt: root)
        } throws: { error in
            guard case .describeFailed(let status, _) = error as? LayeringCheckError else { return false }
            return status != 0
        }
    }

    // Two links in a target's folder back to the folder above it: SwiftPM walks both again at each
    // level, so describing the package would not end.
    @Test func aDescriptionThatWouldNotEndIsStoppedAndSaysWhy() throws {
        let root = try Fixture.copy("clean")
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["Up", "Again"] {
            try FileManager.default.createSymbolicLink(
                atPath: root.appendingPathComponent("Components/Shop/\(name)").path, withDestinationPath: "..")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let error = #expect(throws: LayeringCheckError.self) {
            try PackageLoader.describe(packagePath: root.path, scratchPath: scratch.path, timeLimit: .seconds(3))
        }
        #expect(error == .swiftPMTimedOut(command: "describe", timeLimit: .seconds(3), path: root.path))
        #expect(error?.description.contains("within 3.0 seconds") == true, "\(String(describing: error))")
        #expect(error?.description.contains("find '\(root.path)' -type l") == true, "\(String(describing: error))")
    }

    /// The `find` the message gives runs as printed in a shell, whatever the package's path holds.
    @Test func theLinksToLookForAreNamedByAPathAShellTakesAsItIs() throws {
        let path = "/tmp/it's a 'dir'/pkg"
        let error = LayeringCheckError.swiftPMTimedOut(command: "describe", timeLimit: .seconds(300), path: path)
        let find = try #require(error.description.split(separator: "`").first { $0.hasPrefix("find ") })
        // The same words with `printf` in place of `find`: the shell must hand it the path whole.
        let printf = find.replacingOccurrences(of: "find ", with: "printf '%s\\n' ")
            .replacingOccurrences(of: " -type l", with: "")
        let outcome = try Subprocess.run(["/bin/sh", "-c", printf])
        #expect(String(decoding: outcome.output, as: UTF8.self) == path + "\n", "\(find)")
    }

    @Test func anUnreadableSourceIsAClearError() throws {
        let graph = PackageGraph(
            name: "Fixture",
            path: "/tmp",
            targets: [
                .init(name: "Shop", type: "library", path: "Components/Shop", sources: ["Gone.swift"], dependencies: [])
            ]
        )
        struct Missing: LocalizedError { var errorDescription: String? { "no such file" } }
        #expect(throws: LayeringCheckError.unreadableFile(path: "Components/Shop/Gone.swift", reason: "no such file")) {
            try LayeringChecker(graph: graph).check { _ in throw Missing() }
        }
    }
}

/// Chains under the built-in contract (no layers.json): what the folders allow one hop at a time, but
/// not along the whole chain.
@Suite("Chains of dependencies")
struct ChainTests {
    @Test func launderingThroughATargetInNoLayerAndTestsThroughTheAppAreReported() throws {
        let report = try Fixture.check("laundering")
        let spare = "test target 'SpareTests', in no component's folder,"
        let move =
            "move it to Tests/ or into the folder of the component it tests, and stub the other components' requires"
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Components/SpareTests/SpareTests.swift:1:1: error: \(spare) imports component 'Event'; \(move) "
                    + "[test-isolation]",
                "Components/SpareTests/SpareTests.swift:2:1: error: \(spare) imports component 'Shop'; \(move) "
                    + "[test-isolation]",
                "Package.swift:11:55: error: component 'Event' reaches sibling component 'Shop' through Event → Bridge "
                    + "→ Shop; cut the chain at 'Bridge' and declare a require wired in Shell/App/Routers/"
                    + "EventRouter.swift [horizontal-dependency]",
                "Package.swift:14:63: error: test target 'ShopTests' of component 'Shop' reaches sibling component "
                    + "'Event' through ShopTests → App → Event; stub Shop's requires instead; only the app's tests may "
                    + "use several components [test-isolation]",
                "Package.swift:16:56: error: \(spare) depends on component 'Event'; \(move) [test-isolation]",
            ]
        )
    }
}
