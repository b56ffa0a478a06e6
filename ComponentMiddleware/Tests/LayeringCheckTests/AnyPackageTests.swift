import Foundation
import LayeringCheck
import MiddlewareTesting
import Testing

/// What another package's layout and contract need: findings on the target's own declaration, module
/// aliases on their own target, contracts in the package's words, output that cannot be forged, and a
/// baseline as strict as the contract.
@Suite("Any package")
struct AnyPackageTests {
    /// Products first, then targets, as swift-nio lays out its manifest.
    static let productsFirst = """
        let package = Package(
            name: "P",
            products: [
                .library(name: "Shop", targets: ["Shop"]),
                .library(name: "Event", targets: ["Event"]),
            ],
            targets: [
                .target(name: "Shop"),
                .target(
                    name: "Event",
                    dependencies: [
                        .target(name: "Base"),
                        "Shop",
                    ],
                    swiftSettings: [.unsafeFlags(["-module-" + "alias", "Store=Shop"])]
                ),
                .target(name: "Base", swiftSettings: [.unsafeFlags(flags)]),  // moduleAliases: in a comment
                .testTarget(name: "EventTests", swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-concurrency"])]),
            ]
        )
        """

    static let package = MemoryPackage(
        [
            "Base@Sources/Base:", "Shop@Sources/Shop: Base", "Event@Sources/Event: Base, Shop",
            "EventTests@Tests/EventTests: Event",
        ],
        files: [
            "Sources/Base/Base.swift": "", "Sources/Shop/Shop.swift": "", "Sources/Event/Event.swift": "import Base",
        ])

    @Test func aDependencyFindingLandsOnTheEntryInTheTargetsDeclaration() throws {
        let contract = "{\"layers\": [[\"Event\", \"Shop\"], [\"Base\"]], \"independence\": [[\"Shop\", \"Event\"]]}"
        let report = try Self.package.check(contract, manifest: Self.productsFirst)
        let finding = try #require(report.diagnostics.first { $0.rule == .horizontalDependency })
        #expect((finding.path, finding.line, finding.column) == ("Package.swift", 13, 17))
    }

    @Test func moduleAliasesAndComputedFlagsAreWarnedAboutOnTheirOwnTarget() throws {
        let report = try Self.package.check(
            "{\"layers\": [[\"Event\", \"Shop\"], [\"Base\"]]}", manifest: Self.productsFirst)
        let renames = report.diagnostics.filter { $0.rule == .incompleteSources }
        #expect(renames.map { "\($0.line):\($0.column) \($0.target)" } == ["15:30 Event", "17:48 Base"])
        #expect(renames[0].message.hasPrefix("'Event' renames a module with a module alias"))
        #expect(renames[1].message.hasPrefix("'Base' passes compiler flags built from an expression"))
    }

    /// A target declared in both branches of an `#if` in the manifest: findings land in the branch
    /// SwiftPM compiles on this machine.
    @Test func aFindingLandsInTheManifestsCompiledBranch() throws {
        let manifest = """
            let package = Package(name: "P", targets: [.target(name: "Base"), .target(name: "Shop")])
            #if os(Windows) || os(macOS)
            package.targets.append(.target(name: "Event", dependencies: ["Base", "Shop"]))
            #elseif os(Linux)
            package.targets.append(.target(name: "Event", dependencies: ["Shop", "Base"]))
            #else
            package.targets.append(.target(name: "Event", dependencies: ["Base"]))
            #endif
            """
        let contract = #"{"layers": [["Event", "Shop"], ["Base"]], "independence": [["Shop", "Event"]]}"#
        let report = try Self.package.check(contract, manifest: manifest)
        let finding = try #require(report.diagnostics.first { $0.rule == .horizontalDependency })
        #if os(Linux)
            #expect((finding.line, finding.column) == (5, 62))
        #endif
    }

    /// Mac Catalyst is a platform of its own to SwiftPM, where `os(iOS)` holds too.
    @Test func macCatalystIsTold() {
        let onlyIOS = ImportScanner.imports(in: "#if os(iOS) && !targetEnvironment(macCatalyst)\nimport B\n#endif\n")
        #expect(onlyIOS.first?.mayBeActive(on: "maccatalyst", declaredFor: ["ios"]) == false)
        #expect(onlyIOS.first?.mayBeActive(on: "ios", declaredFor: ["ios"]) == true)
        let iOS = ImportScanner.imports(in: "#if os(iOS)\nimport B\n#endif\n")
        #expect(iOS.first?.mayBeActive(on: "maccatalyst", declaredFor: ["ios"]) == true)
    }

    /// Through the plugin, dependencies declared for other platforms are missing: an import under
    /// `#if` of a module no dependency brings is not called undeclared, an unguarded one still is.
    @Test func thePluginsViewDoesNotInventUndeclaredImports() throws {
        var package = MemoryPackage(
            ["Base@Sources/Base:", "Event@Sources/Event:"],
            files: [
                "Sources/Base/B.swift": "", "Sources/Event/Guarded.swift": "#if os(macOS)\nimport Base\n#endif",
            ])
        package.graph.conditionsApplied = true
        #expect(try package.check(nil).diagnostics == [])
        package.files["Sources/Event/Guarded.swift"] = "import Base"
        #expect(try package.check(nil).diagnostics.map(\.rule) == [.undeclaredImport])
    }

    @Test func moduleNamesAreSwiftPMs() {
        #expect(DependencyPackage.moduleName(of: "2nd-mod") == "_nd_mod")
        #expect(DependencyPackage.moduleName(of: "swift-argument parser") == "swift_argument_parser")
        #expect(DependencyPackage.moduleName(of: "_Private") == "_Private")
    }

    /// An interpolation holding a string with a parenthesis must not shift the brackets the outline
    /// counts, so what follows still lands on its own target.
    @Test func anInterpolationDoesNotLoseTheOutlinesPlace() throws {
        let manifest = #"""
            let package = Package(name: "P", targets: [
                .target(name: "Shop", exclude: ["\("(")nothing", #"\#("[")"#, """
                    \(")")
                    """]),
                .target(name: "Base"),
                .target(
                    name: "Event", dependencies: ["Shop", "Base"],
                    swiftSettings: [.unsafeFlags(["-module-\u{61}lias", "Q=R"])]),
            ])
            """#
        let contract = #"{"layers": [["Event", "Shop"], ["Base"]], "independence": [["Shop", "Event"]]}"#
        let report = try Self.package.check(contract, manifest: manifest)
        let dependency = try #require(report.diagnostics.first { $0.rule == .horizontalDependency })
        #expect((dependency.line, dependency.column) == (7, 39))
        let alias = try #require(report.diagnostics.first { $0.rule == .incompleteSources })
        #expect(alias.target == "Event")
        #expect(alias.message.contains("built from an expression"))
    }

    @Test func theVersionedManifestSwiftPMReadsComesFirst() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("manifests-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in [
            "Package.swift", "Package@swift-5.9.swift", "Package@swift-6.0.swift", "Package@swift-6.0.99.swift",
            "Package@swift-99.swift",
        ] {
            try Data("// \(name)\n".utf8).write(to: root.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Package@swift-6.1.swift"), withIntermediateDirectories: true)
        let manifests = ManifestFile.all(in: root)
        #expect(
            manifests.map(\.path) == [
                "Package@swift-6.0.99.swift", "Package.swift", "Package@swift-5.9.swift", "Package@swift-6.0.swift",
                "Package@swift-99.swift",
            ])
    }

    // MARK: Other packages

    /// SwiftPM itself describes the fixture: `App` depends on the local package `Dep`.
    @Test func otherPackagesModulesAreCheckedLikeThePackagesOwn() throws {
        let copy = try Fixture.copy("other-packages")
        defer { try? FileManager.default.removeItem(at: copy) }
        let report = try Fixture.check(packageAt: copy.appendingPathComponent("App"))
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Sources/A/A.swift:3:1: warning: 'A' imports 'Utilities' of package 'Dep', which it reaches only "
                    + "through its dependencies; no product of 'Dep' offers 'Utilities': it is internal to that "
                    + "package; import a module one of its products offers [transitive-import]",
                "Sources/A/A.swift:4:1: error: 'A' imports 'DequeModule' of package 'Dep', which none of its "
                    + "dependencies brings in; add .product(name: \"DequeModule\", package: \"dep\") to the "
                    + "dependencies of 'A' in Package.swift [undeclared-import]",
                "Sources/B/Unguarded.swift:1:1: error: 'B' imports 'DequeModule', which it declares only for macOS; "
                    + "the import is also compiled on Linux, Windows and 9 more, where the build fails with no such "
                    + "module 'DequeModule'; guard it with #if os(macOS) or #if canImport(DequeModule), or declare "
                    + "the dependency for every platform [conditional-import]",
                "Sources/C/C.swift:2:1: warning: 'C' imports 'OrderedCollections' of package 'Dep', which it reaches "
                    + "only through its dependencies; declare .product(name: \"OrderedCollections\", package: "
                    + "\"dep\") in the dependencies of 'C' in Package.swift, so the import survives a change to those "
                    + "dependencies [transitive-import]",
            ])
    }

    @Test func packagesThatCannotBeReadAreSaidNotToBeChecked() throws {
        var package = Self.package
        package.graph.packagesProblem = "`swift package show-dependencies` failed with status 1: offline"
        let warning = try #require(try package.check(nil).diagnostics.first { $0.rule == .incompleteSources })
        #expect(warning.message.contains("imports of their modules are not checked"))
        #expect(warning.message.contains("offline"))
        #expect(warning.severity == .warning)
    }

    @Test(
        arguments: [
            ("#if os(macOS)", false), ("#if canImport(DequeModule)", false), ("#if !os(Windows)", true),
            ("#if os(macOS) || os(Linux)", true), ("#if DEBUG && os(macOS)", false), ("#if DEBUG", true),
            ("#if os(Windows)\n#else", true), ("#if os(Linux)\n#else", false),
            ("#if os(Linux)\n#elseif os(macOS)", false),
            (TestText("#if " + String(repeating: "(", count: 50_000) + "os(macOS)"), true),
            (TestText("#if " + String(repeating: "!", count: 50_000) + "os(macOS)"), true),
            (TestText("#if " + String(repeating: "A && ", count: 200_000) + "os(macOS)"), true),
            (TestText("#if " + String(repeating: "os(Linux) || ", count: 200_000) + "A"), true),
            ("#if (os(macOS)\n    || os(Linux))", true), ("#if (os(macOS)\n)", false),
            ("#if os(macOS) && (DEBUG ||\n  FOO)", false), ("#if (os(macOS)", true),
            ("#if os(OSX) || os(Linux)", true), ("#if os(OSX)", false),
        ])
    func anImportIsCompiledWhereItsConditionsMayHold(_ guardLine: TestText, _ onLinux: Bool) {
        let source = guardLine.text + "\nimport DequeModule\n#endif\n"
        let declaration = ImportScanner.imports(in: source).first
        #expect(declaration?.mayBeActive(on: "linux", declaredFor: ["macos"]) == onLinux)
        #expect(declaration?.mayBeActive(on: "macos", declaredFor: ["macos"]) == true)
    }

    // MARK: Contracts

    /// swift-nio's NIOHTTP1 depends on the `NIO` umbrella for compatibility but imports only NIOCore.
    static let nio = MemoryPackage(
        [
            "NIOCore@Sources/NIOCore:", "NIOPosix@Sources/NIOPosix: NIOCore", "NIO@Sources/NIO: NIOCore, NIOPosix",
            "NIOEmbedded@Sources/NIOEmbedded: NIOCore", "NIOHTTP1@Sources/NIOHTTP1: NIO, NIOCore",
            "NIOPosixTests@Tests/NIOPosixTests: NIOPosix, NIOEmbedded",
        ],
        files: [
            "Sources/NIOHTTP1/HTTP.swift": "import NIOCore", "Sources/NIO/Exports.swift": "@_exported import NIOCore",
            "Tests/NIOPosixTests/Tests.swift": "import NIOPosix\nimport NIOEmbedded",
            "Sources/NIOPosix/Posix.swift": "",
        ])

    static let nioContract = """
        {"layers": [["NIOHTTP1"], ["NIO"], ["NIOPosix", "NIOEmbedded"], ["NIOCore"]],
         "independence": [{"name": "event loops", "targets": ["NIOPosix", "NIOEmbedded"], "includeTests": false}],
         "forbidden": [{"from": ["NIOHTTP1"], "to": ["NIO"], "allowDependency": true,
                        "reason": "import NIOCore; the dependency on NIO stays for compatibility"}]}
        """

    @Test func anImportMayBeForbiddenWhileItsDependencyIsAllowed() throws {
        #expect(try Self.nio.lines(Self.nioContract) == [])
        var importsNIO = Self.nio
        importsNIO.files["Sources/NIOHTTP1/HTTP.swift"] = "import NIOCore\nimport NIO"
        #expect(
            try importsNIO.lines(Self.nioContract) == [
                "Sources/NIOHTTP1/HTTP.swift:2:1: error: 'NIOHTTP1' imports 'NIO', which the contract forbids; import "
                    + "NIOCore; the dependency on NIO stays for compatibility [forbidden-import]"
            ])
    }

    @Test func aReasonHasItsPlaceholdersFilledIn() throws {
        var importsNIO = Self.nio
        importsNIO.files["Sources/NIOHTTP1/HTTP.swift"] = "import NIO"
        let contract = Self.nioContract.replacingOccurrences(
            of: "import NIOCore; the dependency on NIO stays for compatibility", with: "keep {target} off {other}")
        #expect(try importsNIO.lines(contract).first?.hasSuffix("keep NIOHTTP1 off NIO [forbidden-import]") == true)
    }

    @Test func aGroupMayLeaveItsMembersTestsOut() throws {
        let withTests = Self.nioContract.replacingOccurrences(of: ", \"includeTests\": false", with: "")
        let lines = try Self.nio.lines(withTests)
        #expect(
            lines == [
                "Package.swift:1:1: error: 'NIOPosixTests' (of 'NIOPosix') depends on 'NIOEmbedded', which independence "
                    + "group 'event loops' keeps apart from it; a member's tests use only that member; stub what "
                    + "'NIOEmbedded' provides, or set \"includeTests\": false on the group [test-isolation]",
                "Tests/NIOPosixTests/Tests.swift:2:1: error: 'NIOPosixTests' (of 'NIOPosix') imports 'NIOEmbedded', "
                    + "which independence group 'event loops' keeps apart from it; a member's tests use only that "
                    + "member; stub what 'NIOEmbedded' provides, or set \"includeTests\": false on the group "
                    + "[test-isolation]",
            ])
    }

    @Test func aGroupOfTestTargetsAloneIsRefusedSayingWhy() throws {
        let contract = "{\"layers\": [[\"NIOCore\"]], \"independence\": [[\"NIOPosixTests\", \"NIOPosix\"]]}"
        #expect {
            try Self.nio.check(contract)
        } throws: { error in
            "\(error)".contains(
                "the group matches 1 target that is not tests (and 1 test target, which follow their members)")
        }
    }

    @Test func findingsSpeakTheContractsWordsNotTheMiddlewares() throws {
        var horizontal = Self.nio
        horizontal.files["Sources/NIOPosix/Posix.swift"] = "import NIOEmbedded"
        let lines = try horizontal.lines(Self.nioContract)
        #expect(
            lines == [
                "Sources/NIOPosix/Posix.swift:1:1: error: 'NIOPosix' imports 'NIOEmbedded', which independence group "
                    + "'event loops' keeps apart from it; move what both need into a target outside the group, or "
                    + "connect them in a target above both [horizontal-import]"
            ])
        for word in ["component", "require", "router", "app"] {
            #expect(!lines.joined().lowercased().contains(word))
        }
        let ownHint = Self.nioContract.replacingOccurrences(
            of: "\"includeTests\": false",
            with: "\"includeTests\": false, \"hint\": \"share it through {owner}'s protocol\"")
        #expect(
            try horizontal.lines(ownHint).first?.hasSuffix("share it through NIOPosix's protocol [horizontal-import]")
                == true)
    }

    // MARK: Output

    static let hostile = MemoryPackage(
        ["Shop@Sources/Shop:", "Event@Sources/Event:"],
        files: [
            "Sources/Shop/Shop.swift": "", "Sources/Event/g\nh.swift": "import Shop",
            "Sources/Event/e\u{1B}[31m\u{7}\r\u{202E}.swift": "import Shop",
        ])

    static let hostileContract = """
        {"layers": [["Event", "Shop"]],
         "forbidden": [{"from": ["Event"], "to": ["Shop"], "reason": "no \\u202E reordering"}]}
        """

    @Test func noOutputCarriesARawControlOrFormattingCharacter() throws {
        let report = try Self.hostile.check(Self.hostileContract)
        #expect(report.diagnostics.count == 2)
        for output in [report.text, report.githubAnnotations, report.sarif] {
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(
                !output.unicodeScalars.contains {
                    ($0.properties.generalCategory == .control && $0 != "\n")
                        || $0.properties.generalCategory == .format
                })
            #expect(!lines.contains { $0.hasPrefix("h.swift") })
        }
        #expect(report.text.split(separator: "\n").count == 3)
        #expect(report.text.contains("Sources/Event/g\\u{A}h.swift:1:1: error:"))
        #expect(report.text.contains("e\\u{1B}[31m\\u{7}\\u{D}\\u{202E}.swift"))
        #expect(report.text.contains("no \\u{202E} reordering"))
    }

    @Test func aSARIFLocationIsARelativeReferenceEvenWithAColon() throws {
        var package = MemoryPackage(
            ["Shop@Colon:", "Event@Sources/Event:"],
            files: ["Co:lon/X.swift": "import Event", "Sources/Event/E.swift": ""])
        package.graph.targets[0].path = "Co:lon"
        package.graph.targets[0].sources = ["X.swift"]
        let sarif = try package.check("{\"layers\": [[\"Event\"], [\"Shop\"]]}").sarif
        #expect(sarif.contains("\"uri\" : \"Co%3Alon/X.swift\""))
        #expect(URL(string: "Co%3Alon/X.swift")?.scheme == nil)
    }

    @Test func aContractErrorShowsWhatItQuotesEscaped() throws {
        let contract = Data("{\"layers\": [[\"A\"]], \"\\u001b[2J\\u0000\": 1}".utf8)
        #expect {
            try LayerContract.parse(contract)
        } throws: { error in
            let text = "\(error)"
            return text.contains("\\u{1B}[2J\\u{0}") && !text.unicodeScalars.contains { $0.value < 0x20 }
        }
    }

    // MARK: Baseline

    @Test(
        arguments: [
            ("an unknown key", #"{"version": 1, "entries": [], "comment": "x"}"#),
            (
                "a line per entry",
                #"{"version": 1, "entries": [{"rule": "upward-import", "path": "a", "target": "A", "count": 1, "line": 3}]}"#
            ),
            ("a repeated version", #"{"version": 1, "version": 1, "entries": []}"#),
            ("a trailing comma", #"{"version": 1, "entries": [],}"#),
        ])
    func aBaselineRefusesWhatTheContractRefuses(_ what: String, _ text: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(text.utf8).write(to: file)
        #expect(throws: LayeringCheckError.self, "\(what)") { try Baseline.load(from: file.path) }
    }

    @Test func aBaselineSurvivesAPureRenameButNotANewFinding() throws {
        let contract = "{\"layers\": [[\"Event\", \"Shop\"]], \"independence\": [[\"Shop\", \"Event\"]]}"
        func package(_ files: [String: String]) -> MemoryPackage {
            MemoryPackage(
                ["Shop@Sources/Shop:", "Event@Sources/Event:"],
                files: files.merging(["Sources/Shop/S.swift": ""]) { $1 })
        }
        let before = try package(["Sources/Event/Old.swift": "import Shop"]).check(contract)
        let baseline = Baseline(accepting: before)
        let renamed = try package(["Sources/Event/New.swift": "import Shop"]).check(contract)
        let applied = baseline.apply(to: renamed, baselinePath: "baseline.json")
        #expect(applied.diagnostics == [])
        #expect(applied.acceptedCount == 1)

        let copied = try package(["Sources/Event/New.swift": "import Shop", "Sources/Event/Old.swift": "import Shop"])
            .check(contract)
        let second = baseline.apply(to: copied, baselinePath: "baseline.json")
        #expect(second.diagnostics.map(\.path) == ["Sources/Event/New.swift"])
    }
}
