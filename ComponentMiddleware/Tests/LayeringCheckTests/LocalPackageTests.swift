import Foundation
import LayeringCheck
import Testing

/// A package the app depends on by path, in a folder the contract's `packages` names, is checked as part
/// of the app: its targets at the folders they have from the app's root, its imports where they sit.
@Suite("Packages checked as the app's own")
struct LocalPackageTests {
    /// An app with a base layer and one feature target, depending on `Reminders` (a feature in a package
    /// of its own, in `Features/Reminders`, which uses the app's base) and on a package elsewhere.
    private static func app() -> PackageGraph {
        var graph = PackageGraph(
            name: "Notes", path: "/work/notes",
            targets: [
                .init(name: "Base", type: "library", path: "Sources/Base", sources: ["Base.swift"], dependencies: []),
                .init(
                    name: "Tags", type: "library", path: "Features/Tags", sources: ["Tags.swift"],
                    dependencies: ["Base"]),
                .init(
                    name: "App", type: "executable", path: "App", sources: ["main.swift"],
                    dependencies: ["Base", "Tags"]),
            ])
        graph.productTargets = ["Base": ["Base"]]
        graph.declared = [
            "Base": [],
            "Tags": [.init(kind: .target, name: "Base")],
            "App": [
                .init(kind: .byName, name: "Base"), .init(kind: .target, name: "Tags"),
                .init(kind: .byName, name: "Reminders"),
                .init(kind: .product, name: "Collections", package: "swift-collections"),
            ],
        ]
        graph.defines = [:]
        graph.packages = [
            DependencyPackage(
                identity: "reminders", name: "Reminders", products: ["Reminders": ["Reminders"]],
                targets: ["Reminders": [.init(kind: .product, name: "Base", package: "Notes")]],
                folder: "/work/notes/Features/Reminders", isLocal: true),
            DependencyPackage(
                identity: "swift-collections", name: "swift-collections", products: ["Collections": ["Collections"]],
                targets: ["Collections": []], folder: "/work/notes/.build/checkouts/swift-collections", isLocal: false),
            // The app itself, as SwiftPM lists it below a package that depends on it.
            DependencyPackage(
                identity: "notes", name: "Notes", products: ["Base": ["Base"]], targets: [:], folder: "/work/notes",
                isLocal: true),
        ]
        return graph
    }

    /// The `Reminders` package as `swift package describe` sees it, its target at its own root.
    private static func reminders(_ path: String) throws(LayeringCheckError) -> PackageGraph {
        #expect(path == "/work/notes/Features/Reminders")
        var graph = PackageGraph(
            name: "Reminders", path: path,
            targets: [
                .init(name: "Reminders", type: "library", path: ".", sources: ["Reminders.swift"], dependencies: []),
                .init(
                    name: "RemindersTests", type: "test", path: "Tests/RemindersTests", sources: ["Tests.swift"],
                    dependencies: ["Reminders"]),
            ])
        graph.declared = [
            "Reminders": [.init(kind: .product, name: "Base", package: "Notes")],
            "RemindersTests": [.init(kind: .target, name: "Reminders")],
        ]
        return graph
    }

    private static let contract = """
        {
          "packages": ["Features/*"],
          "layers": [["App"], ["Features/*"], ["Base"]],
          "independence": [{ "targets": ["Features/*"], "components": true }]
        }
        """

    @Test func theIncludedTargetsSitAtTheirFoldersFromTheRootWithTheirProductsAsTargets() throws {
        let contract = try LayerContract.parse(Data(Self.contract.utf8))
        let merged = try Self.app().including(packagesOf: contract, describe: Self.reminders)
        let byName = Dictionary(uniqueKeysWithValues: merged.targets.map { ($0.name, $0) })
        #expect(byName["Reminders"]?.path == "Features/Reminders")
        #expect(byName["Reminders"]?.dependencies == ["Base"])
        #expect(byName["RemindersTests"]?.path == "Features/Reminders/Tests/RemindersTests")
        #expect(byName["App"]?.dependencies == ["Base", "Tags", "Reminders"])
        // The product of a package elsewhere stays one; the included package and the app itself are gone.
        #expect(
            merged.declared?["App"]?.contains(.init(kind: .product, name: "Collections", package: "swift-collections"))
                == true)
        #expect(merged.packages?.map(\.identity) == ["swift-collections"])
        #expect(merged.includedPackages == ["Features/Reminders"])
    }

    /// A checkout of a URL under the root (`.build/checkouts`) is never the app's own, whatever
    /// pattern matches its folder.
    @Test func aFetchedPackageStaysAnotherPackageUnderAnyPattern() throws {
        let contract = try LayerContract.parse(Data(#"{"packages": ["**"], "layers": [["App"]]}"#.utf8))
        let merged = try Self.app().including(packagesOf: contract, describe: Self.reminders)
        #expect(merged.packages?.map(\.identity) == ["swift-collections"])
        #expect(merged.includedPackages == ["Features/Reminders"])
    }

    @Test func anImportBetweenTheAppsFeatureAndTheIncludedOneIsCaughtAtItsLine() throws {
        let contract = try LayerContract.parse(Data(Self.contract.utf8))
        var merged = try Self.app().including(packagesOf: contract, describe: Self.reminders)
        let files = [
            "Features/Reminders/Reminders.swift": "import Base\nimport Tags\n",
            "Features/Tags/Tags.swift": "import Base\n",
            "App/main.swift": "import Reminders\nimport Tags\n",
            "Sources/Base/Base.swift": "",
            "Features/Reminders/Tests/RemindersTests/Tests.swift": "import Reminders\n",
        ]
        merged.packagesProblem = nil
        let report = try LayeringChecker(graph: merged, contract: contract).check { path in
            Array((files[path] ?? "").utf8)
        }
        #expect(
            report.violations.map(\.formatted) == [
                "Features/Reminders/Reminders.swift:2:1: error: component 'Reminders' imports sibling component"
                    + " 'Tags'; route it through a require wired in the app's router for 'Reminders' [horizontal-import]"
            ], "\(report.text)")
    }

    /// A finding of an included package's manifest points into that manifest, and an undeclared import
    /// across packages gets a hint its package can follow: never a dependency of a package the app
    /// depends on upon the app.
    @Test func findingsOfAnIncludedPackageAreLocatedAndHintedInItsOwnManifest() throws {
        let contract = try LayerContract.parse(Data(Self.contract.utf8))
        var merged = try Self.app().including(packagesOf: contract) { path throws(LayeringCheckError) in
            var graph = try Self.reminders(path)
            // Reminders declares the app's feature Tags, a sibling, and its tests import the app.
            graph.targets[0].dependencies = ["Tags"]
            graph.declared?["Reminders"] = [
                .init(kind: .product, name: "Base", package: "Notes"),
                .init(kind: .product, name: "Tags", package: "Notes"),
            ]
            return graph
        }
        merged.packagesProblem = nil
        let files = [
            "Features/Reminders/Reminders.swift": "import Base\n",
            "Features/Tags/Tags.swift": "import Base\n",
            "App/main.swift": "import Reminders\nimport Tags\n",
            "Sources/Base/Base.swift": "",
            "Features/Reminders/Tests/RemindersTests/Tests.swift": "import Reminders\nimport App\n",
        ]
        let manifests = [
            ManifestFile(path: "Package.swift", text: "let package = Package(name: \"Notes\")\n"),
            ManifestFile(
                path: "Features/Reminders/Package.swift",
                text: """
                    let package = Package(
                        name: "Reminders",
                        targets: [
                            .target(name: "Reminders", dependencies: [.product(name: "Tags", package: "Notes")]),
                        ])

                    """),
        ]
        let report = try LayeringChecker(graph: merged, contract: contract).check(manifests: manifests) { path in
            Array((files[path] ?? "").utf8)
        }
        let lines = report.diagnostics.map(\.formatted)
        #expect(
            lines.contains {
                $0.hasPrefix("Features/Reminders/Package.swift:4:66: error: component 'Reminders' depends on sibling")
            }, "\(lines)")
        #expect(
            lines.contains(
                "Features/Reminders/Tests/RemindersTests/Tests.swift:2:1: error: 'RemindersTests' imports 'App', a"
                    + " module of the app's package that none of its dependencies brings in; the app's package depends"
                    + " on the package in Features/Reminders, which cannot depend on it in turn; move what"
                    + " 'RemindersTests' needs of 'App' into a package both depend on [undeclared-import]"), "\(lines)")
    }

    /// When SwiftPM cannot read the packages, a layer naming a target of one says why it matches none,
    /// where it would say to check the name.
    @Test func aTargetOfAPackageSwiftPMCouldNotReadIsExplained() throws {
        var graph = Self.app()
        graph.packages = nil
        graph.packagesProblem = "the package at 'Features/Reminders' cannot be accessed"
        let contract = try LayerContract.parse(
            Data(#"{"packages": ["Features/*"], "layers": [["App"], ["Reminders"], ["Base"]]}"#.utf8),
            path: "layers.json")
        #expect(
            throws: LayeringCheckError.invalidContract(
                path: "layers.json", key: "layers[1]",
                problem: "'Reminders' matches no target, as the packages this one depends on could not be read, those"
                    + " \"packages\" names among them: the package at 'Features/Reminders' cannot be accessed; fix that"
                    + " first (swift build says more)")
        ) {
            try LayeringChecker(includingPackagesOf: graph, contract: contract).check { _ in [] }
        }
    }

    @Test func aFolderTheContractDoesNotNameStaysAnotherPackage() throws {
        let contract = try LayerContract.parse(Data(#"{"packages": ["Packages/*"], "layers": [["App"]]}"#.utf8))
        let app = Self.app()
        let merged = try app.including(packagesOf: contract) { path throws(LayeringCheckError) in
            Issue.record("described \(path)")
            return app
        }
        #expect(merged.targets.map(\.name) == app.targets.map(\.name))
        #expect(merged.packages?.count == 3)
        // The check says that the pattern matched no package, and how to mend it.
        let report = try LayeringChecker(graph: merged, contract: contract).check { _ in [] }
        #expect(
            report.diagnostics.map(\.formatted) == [
                "layers.json:1:1: warning: \"packages\" names 'Packages/*', which matches no folder of a package"
                    + " this one depends on by path, so nothing there is checked as this package's own; give the"
                    + " folder of a package this one depends on by path, relative to its root [incomplete-sources]"
            ])
    }

    /// A folder the contract's `packages` names that holds a package the app does not depend on by path
    /// (one it takes at a published version, or reaches through a link) is named, once, as nothing in it
    /// is checked; one without a manifest file, a hidden one, or one no pattern names, is not.
    @Test func aPackageFolderTheAppDoesNotDependOnIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("left-out-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "Package.swift": "// the app", "App/main.swift": "",
            "Features/Reminders/Package.swift": "// taken by URL", "Features/Reminders/Reminders.swift": "",
            "Features/Tags/Tags.swift": "", "Features/.hidden/Package.swift": "",
            "Features/Reminders/Nested/Package.swift": "", "Features/Folder/Package.swift/Inside.swift": "",
            "Outside/Linked/Package.swift": "", "Deep/a/b/c/d/e/f/g/h/i/Package.swift": "",
        ]
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("Features/Linked"),
            withDestinationURL: root.appendingPathComponent("Outside/Linked"))
        var graph = PackageGraph(
            name: "Notes", path: root.path,
            targets: [.init(name: "App", type: "executable", path: "App", sources: ["main.swift"], dependencies: [])])
        graph.packages = []
        let contract = try LayerContract.parse(
            Data(#"{"packages": ["Features/*", "Deep/**"], "layers": [["App"]]}"#.utf8), path: "layers.json")
        let checker = try LayeringChecker(includingPackagesOf: graph, contract: contract)
        let report = try checker.check(packageAt: root)
        // One warning each, not the pattern's "matches no folder" besides.
        let leftOut = ["Deep/a/b/c/d/e/f/g/h/i", "Features/Linked", "Features/Reminders"]
        #expect(
            report.diagnostics.map(\.formatted)
                == leftOut.map {
                    "layers.json:1:1: warning: the package in \($0), which \"packages\" names, is not checked: this"
                        + " package does not depend on it by path from its folder (it may take a published version"
                        + " instead, or reach it through a symbolic link); check it in its own repository, or"
                        + " depend on its folder by path to check it here [incomplete-sources]"
                })
    }

    @Test func aTargetNameBothPackagesHaveIsRefusedNamingTheFolder() throws {
        let contract = try LayerContract.parse(Data(Self.contract.utf8))
        #expect {
            _ = try Self.app().including(packagesOf: contract) { path throws(LayeringCheckError) in
                var graph = try Self.reminders(path)
                graph.targets[0].name = "Tags"
                return graph
            }
        } throws: { error in
            "\(error)".contains("the package in Features/Reminders has a target 'Tags'")
        }
    }

    @Test func theContractsPackagesAreReadAndWrittenBack() throws {
        let contract = try LayerContract.parse(Data(Self.contract.utf8))
        #expect(contract.packages.map(\.text) == ["Features/*"])
        #expect(try LayerContract.parse(contract.encoded()).packages == contract.packages)
        #expect(throws: LayeringCheckError.self) {
            try LayerContract.parse(Data(#"{"packages": "", "layers": [["App"]]}"#.utf8))
        }
        #expect(throws: LayeringCheckError.self) {
            try LayerContract.parse(Data(#"{"packages": [1], "layers": [["App"]]}"#.utf8))
        }
    }

    /// The same, as SwiftPM describes it: the app and its feature package depend on each other, which
    /// crashes SwiftPM's tree of packages (its dot graph is read instead), and the feature's import of
    /// the app's feature is caught at its line, with nothing left unread.
    @Test func aFeaturePackageThatUsesTheAppsBaseIsCheckedAsTheAppsOwn() throws {
        let root = try Fixture.copy("local-packages")
        defer { try? FileManager.default.removeItem(at: root) }
        let report = try Fixture.check(packageAt: root)
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Features/Reminders/Reminders.swift:2:1: error: component 'Reminders' imports sibling component"
                    + " 'Tags'; route it through a require wired in the app's router for 'Reminders' [horizontal-import]"
            ], "\(report.text)")
        #expect(report.targetCount == 5)
    }

    /// Given through a symbolic link, the app still finds its packages, whose folders SwiftPM names
    /// with the link resolved.
    @Test func anAppGivenThroughASymbolicLinkChecksItsPackages() throws {
        let root = try Fixture.copy("local-packages")
        let link = root.deletingLastPathComponent().appendingPathComponent(root.lastPathComponent + "-link")
        defer {
            try? FileManager.default.removeItem(at: link)
            try? FileManager.default.removeItem(at: root)
        }
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: root)
        let report = try Fixture.check(packageAt: link)
        #expect(report.targetCount == 5)
        #expect(report.violations.map(\.rule) == [.horizontalImport])
    }

    /// The kept description of the app is read again when the manifest of a package inside its folder
    /// changes (what it says of that package would be stale), and in a copy of the app at another
    /// path (it names folders by absolute path).
    @Test func theKeptDescriptionFollowsNestedManifestsAndThePackagesPlace() throws {
        let root = try Fixture.copy("local-packages")
        let copy = root.deletingLastPathComponent().appendingPathComponent(root.lastPathComponent + "-moved")
        let scratch = root.deletingLastPathComponent().appendingPathComponent(root.lastPathComponent + "-scratch")
        defer {
            for folder in [root, copy, scratch] { try? FileManager.default.removeItem(at: folder) }
        }
        let cache = root.appendingPathComponent(".build/layering-check")
        func key(of package: URL) throws -> String {
            _ = try PackageLoader.describe(
                packagePath: package.path, scratchPath: scratch.path,
                cache: package.appendingPathComponent(".build/layering-check"))
            return try String(
                contentsOf: package.appendingPathComponent(".build/layering-check/describe.key"), encoding: .utf8)
        }
        let first = try key(of: root)
        #expect(try key(of: root) == first)
        let nested = root.appendingPathComponent("Features/Reminders/Package.swift")
        try (String(contentsOf: nested, encoding: .utf8) + "// edited\n").write(
            to: nested, atomically: true, encoding: .utf8)
        let edited = try key(of: root)
        #expect(edited != first)
        try FileManager.default.copyItem(at: root, to: copy)
        #expect(try key(of: copy) != edited)
        #expect(FileManager.default.fileExists(atPath: cache.path))
    }
}
