import Foundation
import LayeringCheck
import MiddlewareTesting
import Testing

/// The names a manifest defines for `#if`, read as SwiftPM runs the manifest: an import of a module
/// declared for some platforms only is reported where the names around it let it be compiled, in
/// either configuration, and one that turns on a name the check cannot decide is said once, never
/// reported as an error.
@Suite("Defines")
struct DefineTests {
    /// The fixture `defines`, described and checked once: SwiftPM runs its manifest, which takes seconds.
    static let fixture = Result { () throws -> (graph: PackageGraph, report: LayeringReport) in
        let root = try Fixture.copy("defines")
        defer { try? FileManager.default.removeItem(at: root) }
        let graph = try Fixture.describe(packageAt: root)
        return (graph, try LayeringChecker.check(packageAt: root, graph: graph))
    }

    /// The findings about one target of the fixture.
    static func findings(of target: String) throws -> [String] {
        try fixture.get().report.diagnostics.filter { $0.target == target }.map(\.formatted)
    }

    /// The error for an import of `Linux` by `target` at `location`, compiled on `platforms`.
    static func error(_ location: String, _ target: String, compiledOn platforms: String = "macOS, Windows and 9 more")
        -> String
    {
        "\(location): error: '\(target)' imports 'Linux', which it declares only for Linux; the import is also "
            + "compiled on \(platforms), where the build fails with no such module 'Linux'; guard it with "
            + "#if os(Linux) or #if canImport(Linux), or declare the dependency for every platform [conditional-import]"
    }

    // MARK: A manifest as SwiftPM runs it

    /// The issue's case: `FLAG` is defined exactly where the dependency is declared, so the import
    /// under `#if FLAG` is never compiled where the module is missing.
    @Test func aFlagDefinedOnlyWhereTheDependencyIsDeclaredLeavesTheImportClean() throws {
        #expect(try Self.findings(of: "FlagForLinux") == [])
    }

    /// The same import with `FLAG` defined on every platform is compiled where the module is missing.
    @Test func aFlagDefinedOnEveryPlatformReportsTheImportAtItsLine() throws {
        #expect(
            try Self.findings(of: "FlagEverywhere") == [
                Self.error("Sources/FlagEverywhere/FlagEverywhere.swift:2:5", "FlagEverywhere")
            ])
    }

    /// `-D X` and `-DX` among `unsafeFlags` define Swift names, with their condition; a C define
    /// (`.define(_:to:)`, `-Xcc -DX`) does not, and a condition after literal flags is no expression.
    @Test func unsafeFlagsDefineSwiftNamesAndCDefinesDoNot() throws {
        let graph = try Self.fixture.get().graph
        #expect(
            graph.defines?["Flags"] == [
                SwiftDefine(name: "SPACED", platforms: ["linux"]), SwiftDefine(name: "JOINED", platforms: ["linux"]),
            ])
        #expect(try Self.findings(of: "Flags") == [])
    }

    /// `DEBUG` holds in debug builds, a define conditioned on a configuration in the builds of that
    /// configuration, and SwiftPM's `SWIFT_PACKAGE` always.
    @Test func debugAndConfigurationDefinesHoldInTheBuildsThatCompileThem() throws {
        #expect(
            try Self.findings(of: "Configurations") == [
                Self.error(
                    "Sources/Configurations/Debug.swift:2:5", "Configurations",
                    compiledOn: "macOS, Windows and 9 more in debug builds"),
                Self.error(
                    "Sources/Configurations/Release.swift:2:5", "Configurations",
                    compiledOn: "macOS, Windows and 9 more in release builds"),
            ])
    }

    /// A trait is enabled by whoever builds: an import that turns on it is said once per target, a
    /// warning that counts the others, and one compiled whichever way the trait goes is an error.
    @Test func aNameOfATraitIsSaidOnceAndNeverAnError() throws {
        #expect(
            try Self.findings(of: "Traits") == [
                "Sources/Traits/Defined.swift:2:5: warning: 'Traits' imports 'Linux', which it declares only for "
                    + "Linux, under a condition the check cannot decide on macOS, Windows and 9 more: 'WITH_EXTRA' is "
                    + "defined only with the trait 'Extra' enabled; the import is not reported (nor 1 more import of "
                    + "the target that turns on such a name); guard it with #if canImport(Linux), which the check "
                    + "reads, or make sure the name is defined only where 'Linux' is declared [incomplete-sources]",
                Self.error("Sources/Traits/EitherWay.swift:2:5", "Traits", compiledOn: "Windows"),
            ])
    }

    /// A define the manifest makes under its own `#if os(Linux)` is what SwiftPM reads on Linux only.
    @Test func aDefineUnderTheManifestsOwnIfIsUndecidedOnOtherPlatforms() throws {
        #if os(Linux)
            #expect(
                try Self.findings(of: "HostBranch") == [
                    "Sources/HostBranch/HostBranch.swift:2:5: warning: 'HostBranch' imports 'Linux', which it declares "
                        + "only for Linux, under a condition the check cannot decide on macOS, Windows and 9 more: "
                        + "'HOST_FLAG' may be defined at Package.swift:12, under an #if of the manifest that SwiftPM "
                        + "decides on the machine that runs it; the import is not reported; guard it with "
                        + "#if canImport(Linux), which the check reads, or make sure the name is defined only where "
                        + "'Linux' is declared [incomplete-sources]"
                ])
        #endif
    }

    /// Comments between tokens, a define over several lines, an interpolation, a raw string, both
    /// conditions, an empty platform list (every platform), a name defined twice and by `-D` too.
    @Test func oddlyWrittenDefinesAreReadAsSwiftPMRunsThem() throws {
        let graph = try Self.fixture.get().graph
        #expect(
            graph.defines?["Odd"] == [
                SwiftDefine(name: "COMMENTED"), SwiftDefine(name: "MULTILINE", platforms: ["linux"]),
                SwiftDefine(name: "INTERPOLATED"), SwiftDefine(name: "RAW"),
                SwiftDefine(name: "BOTH", platforms: ["linux"], configuration: .release), SwiftDefine(name: "EMPTY"),
                SwiftDefine(name: "TWICE"), SwiftDefine(name: "TWICE", platforms: ["linux"]),
                SwiftDefine(name: "ALSO_FLAG"), SwiftDefine(name: "ALSO_FLAG"),
            ])
        #expect(graph.defines?["Traits"] == [SwiftDefine(name: "WITH_EXTRA", traits: ["Extra"])])
        #expect(graph.traits == ["Extra"])
        #expect(try Self.findings(of: "Odd") == [])
    }

    // MARK: Names, platforms and configurations

    /// A target `A` that declares `Linux` for Linux only and imports it under `#if <condition>`.
    static func linuxOnly(_ condition: String, defines: [SwiftDefine]?, traits: [String] = []) -> MemoryPackage {
        var package = MemoryPackage(
            ["Linux@Sources/Linux:", "A@Sources/A: Linux"],
            files: ["Sources/Linux/Linux.swift": "", "Sources/A/A.swift": "#if \(condition)\nimport Linux\n#endif\n"])
        package.graph.declared = ["A": [DeclaredDependency(kind: .target, name: "Linux", platforms: ["linux"])]]
        package.graph.defines = defines.map { ["A": $0] }
        package.graph.traits = traits
        return package
    }

    /// Where an import under each condition is compiled though `Linux` is missing: the builds the
    /// error names (`""` for both), or `nil` for nowhere. A name nothing defines is not defined.
    @Test(
        arguments: [
            ("DEBUG", [], " in debug builds"), ("!DEBUG", [], " in release builds"), ("DEBUG || !DEBUG", [], ""),
            ("FLAG", [SwiftDefine(name: "FLAG", configuration: .release)], " in release builds"),
            ("FLAG", [SwiftDefine(name: "FLAG", platforms: ["linux"], configuration: .debug)], nil),
            ("FLAG && !DEBUG", [SwiftDefine(name: "FLAG", configuration: .debug)], nil),
            ("DEBUG", [SwiftDefine(name: "DEBUG")], ""), ("SWIFT_PACKAGE", [], ""), ("!SWIFT_PACKAGE", [], nil),
            ("NEVER_DEFINED", [], nil), ("FLAG", [SwiftDefine(name: "FLAG", platforms: [])], ""),
            // A compiler feature, which the check does not know: it may hold.
            ("$AsyncAwait", [], ""),
            ("FLAG || $NonescapableTypes", [SwiftDefine(name: "FLAG", platforms: ["linux"])], ""),
        ] as [(String, [SwiftDefine], String?)])
    func aNameHoldsWhereAndWhenSwiftPMDefinesIt(_ condition: String, _ defines: [SwiftDefine], _ builds: String?)
        throws
    {
        let messages = try Self.linuxOnly(condition, defines: defines).check(nil).diagnostics.map(\.message)
        guard let builds else {
            #expect(messages == [])
            return
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("compiled on macOS, Windows and 9 more\(builds), where") == true)
    }

    /// Without the manifest (a description read from a file), every name may hold, as before.
    @Test func withoutTheManifestEveryNameMayHold() throws {
        for condition in ["FLAG", "DEBUG", "!SWIFT_PACKAGE"] {
            let rules = try Self.linuxOnly(condition, defines: nil).check(nil).diagnostics.map(\.rule)
            #expect(rules == [.conditionalImport], "\(condition)")
        }
    }

    /// Whether a trait is enabled cannot be known: the imports that turn on one are said once, at the
    /// first, and the one compiled either way is reported where it is.
    @Test func theImportsThatTurnOnATraitAreSaidOnce() throws {
        var package = Self.linuxOnly("T", defines: [SwiftDefine(name: "WITH_T", traits: ["T"])], traits: ["T"])
        package.files["Sources/A/B.swift"] = "#if WITH_T && !os(Windows)\nimport Linux\n#endif\n"
        package.files["Sources/A/C.swift"] = "#if !T\nimport Linux\n#endif\n"
        package.files["Sources/A/D.swift"] = "#if T || os(Windows)\nimport Linux\n#endif\n"
        package.graph.targets[1].sources = ["A.swift", "B.swift", "C.swift", "D.swift"]
        let report = try package.check(nil)
        #expect(
            report.diagnostics.map { "\($0.path):\($0.line) \($0.severity.rawValue) \($0.rule.rawValue)" } == [
                "Sources/A/A.swift:2 warning incomplete-sources", "Sources/A/D.swift:2 error conditional-import",
            ])
        #expect(report.diagnostics.first?.message.contains("(nor 2 more imports of the target that turn on") == true)
        #expect(report.diagnostics.last?.message.contains("also compiled on Windows, where") == true)
    }

    /// A trait the package enables by default is defined in a plain `swift build`, which then fails
    /// where the import is compiled without its module: an error, not a name nobody can decide.
    @Test func aTraitEnabledByDefaultIsDefinedAsAPlainBuildDefinesIt() throws {
        var package = Self.linuxOnly(
            "T || WITH_U", defines: [SwiftDefine(name: "WITH_U", traits: ["U"])], traits: ["T"])
        package.graph.defaultTraits = ["U"]
        #expect(try package.check(nil).diagnostics.map(\.rule) == [.conditionalImport])
        package.graph.defaultTraits = []
        #expect(try package.check(nil).diagnostics.map(\.rule) == [.incompleteSources])
    }

    // MARK: Hostile manifests

    /// A manifest whose target `target` takes its settings from a closure that holds an `#if os(Linux)`.
    static func settingsInAClosure(of target: String) -> String {
        """
        let package = Package(name: "P", targets: [.target(name: "\(target)", swiftSettings: {
        #if os(Linux)
            return [.define("FLAG")]
        #else
            return []
        #endif
        }())])
        """
    }

    /// A manifest whose `#if`, decided by the machine that runs it, may define `FLAG`: the import under
    /// `#if FLAG` is then undecided on every other platform (`incomplete-sources`); where nothing there
    /// can define it, the defines read from SwiftPM stand (`conditional-import`). Nothing traps, and the
    /// reading stays linear.
    static let branchManifests: [(manifest: TestText, rule: Rule)] = [
        ("", Rule.conditionalImport),
        ("#if os(Linux)\nlet s: [SwiftSetting] = [.define(\"FLAG\")]\n#endif", .incompleteSources),
        ("#if os(Linux)\nlet s: [SwiftSetting] = [.define(\"OTHER\")]\n#endif", .conditionalImport),
        ("#if true\nlet s: [SwiftSetting] = [.define(\"FLAG\")]\n#endif", .conditionalImport),
        ("#if os(Linux) || !os(Linux)\nlet s: [SwiftSetting] = [.define(\"FLAG\")]\n#endif", .conditionalImport),
        ("#if compiler(>=6)\nlet s: [SwiftSetting] = [.define(\"FLAG\")]\n#endif", .incompleteSources),
        ("#if os(macOS)\n#else\nlet s = [SwiftSetting.define(\"FLAG\")]\n#endif", .incompleteSources),
        ("#if os(Linux)\nlet s = names.map { SwiftSetting.define($0) }\n#endif", .incompleteSources),
        (
            "#if canImport(Darwin)\nlet s: [SwiftSetting] = [.unsafeFlags([\"-DOTHER\"])]\n#endif",
            .conditionalImport
        ),
        (
            "#if canImport(Darwin)\nlet s: [SwiftSetting] = [.unsafeFlags([\"-D\", \"FLAG\"])]\n#endif",
            .incompleteSources
        ),
        (
            "#if os(macOS)\nlet s: [SwiftSetting] = [.unsafeFlags([\"-warnings-as-errors\"])]\n#endif",
            .conditionalImport
        ),
        (#"#if os(Linux)\#nlet s: [SwiftSetting] = [.define("FL\("A")G")]\#n#endif"#, .incompleteSources),
        ("#if os(Linux)\nlet s: [SwiftSetting] = [.define(#\"FLAG\"#)]\n#endif", .incompleteSources),
        ("#if os(Linux)\nlet s: [SwiftSetting] = [.define(#\"OTHER\"#)]\n#endif", .conditionalImport),
        (
            TestText(
                "#if os(Linux)\nlet s: [SwiftSetting] = [.define(\n  // why\n  \"FLAG\" /* here */,\n"
                    + "  .when(platforms: [], configuration: .debug))]\n#endif"), .incompleteSources
        ),
        ("#if os(Linux)\n.define(", .incompleteSources), ("#if os(Linux)\n.define(\"FLAG\"", .incompleteSources),
        ("#if os(Linux)\n.define", .incompleteSources), ("#if os(Linux)\n.define(\"FLAG\n\")", .incompleteSources),
        (
            TestText(
                "#if os(Linux)\n// .define(\"FLAG\")\n/* .define(\"FLAG\") */\n"
                    + "let s = \"\\(SwiftSetting.define(\"FLAG\"))\"\nlet t = [define(\"FLAG\"), .defines(\"FLAG\")]\n#endif"
            ),
            .conditionalImport
        ),
        ("#endif\n#else\n#elseif os(Linux)\nlet s: [SwiftSetting] = [.define(\"FLAG\")]", .conditionalImport),
        ("#if os(Linux)\nlet s: [SwiftSetting] = [.define(\"FLAG\")]", .incompleteSources),
        (TestText(Self.settingsInAClosure(of: "B")), .conditionalImport),
        (TestText(Self.settingsInAClosure(of: "A")), .incompleteSources),
        (
            TestText(
                String(repeating: "#if os(Linux)\n", count: 20_000) + "let s = [SwiftSetting.define(\"FLAG\")]"),
            .incompleteSources
        ),
        (
            TestText(
                "#if os(Linux)\n" + String(repeating: "let s: [SwiftSetting] = [.define(\"X\")]\n", count: 50_000)
                    + "#endif"), .conditionalImport
        ),
        (
            TestText(
                String(repeating: "#if os(Linux)\n.define(", count: 20_000) + String(repeating: ")", count: 20_000)),
            .incompleteSources
        ),
        (
            TestText(
                String(
                    decoding: Array("#if os(Linux)\nlet s = [SwiftSetting.define(\"".utf8) + [0xFF, 0xC0]
                        + Array("FLAG\")]\n#endif".utf8), as: UTF8.self)), .conditionalImport
        ),
    ]

    @Test func aDefineTheManifestsOwnIfChoosesIsUndecidedElsewhere() throws {
        let package = Self.linuxOnly("FLAG", defines: [SwiftDefine(name: "FLAG")])
        for (manifest, rule) in Self.branchManifests {
            let report = try package.check(nil, manifest: manifest.text)
            #if os(Linux)
                #expect(report.diagnostics.map(\.rule) == [rule], "\(manifest.testDescription)")
            #endif
        }
    }
}
