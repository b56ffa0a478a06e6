import Foundation
import LayeringCheck
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A package held in memory: targets written `Name@Path: Dependency, …` and their files' text.
struct MemoryPackage {
    var graph: PackageGraph
    var files: [String: String]

    /// - Parameter targets: e.g. `"Shop@Components/Shop: Base"`; a name ending in `Tests` is a test target.
    init(_ targets: [String], files: [String: String]) {
        self.files = files
        graph = PackageGraph(
            name: "Memory", path: "/memory",
            targets: targets.map { line in
                let (head, dependencyList) = line.split(separator: ":", maxSplits: 1).map(String.init).splitPair
                let parts = head.split(separator: "@").map(String.init)
                let path = parts[1]
                return PackageGraph.Target(
                    name: parts[0], type: parts[0].hasSuffix("Tests") ? "test" : "library", path: path,
                    sources: files.keys.filter { $0.hasPrefix(path + "/") }.map { String($0.dropFirst(path.count + 1)) }
                        .filter { !$0.contains("/") }.sorted(),
                    dependencies: dependencyList.split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }.filter { !$0.isEmpty })
            })
    }

    func check(_ contract: String?, manifest: String? = nil) throws -> LayeringReport {
        let parsed = try contract.map { try LayerContract.parse(Data($0.utf8)) } ?? .folders
        return try LayeringChecker(graph: graph, contract: parsed).check(manifest: manifest) { path in
            Array((files[path] ?? "").utf8)
        }
    }

    func lines(_ contract: String?, manifest: String? = nil) throws -> [String] {
        try check(contract, manifest: manifest).diagnostics.map(\.formatted)
    }
}

extension Array where Element == String {
    fileprivate var splitPair: (String, String) { (self[0], count > 1 ? self[1] : "") }
}

/// The app of the issue: Trunk < Base < Business (independent components) < App, every target under
/// `Sources/` as another package might lay it out.
@Suite("Layer contracts")
struct ContractTests {
    static let contract = """
        {"layers": [["Mall"], {"name": "Business", "targets": ["Shop", "Event"]}, ["MallBase"],
                    {"name": "Trunk", "targets": ["Middleware"]}],
         "independence": [["Shop", "Event"]]}
        """

    static func package(_ files: [String: String] = [:], extra: [String] = []) -> MemoryPackage {
        MemoryPackage(
            [
                "Middleware@Sources/Middleware:", "MallBase@Sources/MallBase: Middleware",
                "Shop@Sources/Shop: MallBase", "Event@Sources/Event: MallBase",
                "Mall@Sources/Mall: Shop, Event, MallBase",
            ] + extra,
            files: [
                "Sources/Middleware/Router.swift": "", "Sources/MallBase/Screen.swift": "import Middleware",
                "Sources/Shop/Shop.swift": "import MallBase", "Sources/Event/Event.swift": "import MallBase",
                "Sources/Mall/main.swift": "import Shop\nimport Event",
            ].merging(files) { $1 })
    }

    @Test func theIssuesExampleIsAcceptedAsWrittenAndTheAppIsClean() throws {
        #expect(try Self.package().lines(Self.contract) == [])
    }

    @Test func trunkImportingBaseIsAnUpwardImport() throws {
        let lines = try Self.package(["Sources/Middleware/Router.swift": "import MallBase"]).lines(Self.contract)
        #expect(
            lines == [
                "Sources/Middleware/Router.swift:1:1: error: 'Middleware' in layer 'Trunk' imports 'MallBase' in layer "
                    + "'MallBase' above it; a layer may reach only the layers below it; move what both need down into "
                    + "'Trunk' or below [upward-import]"
            ])
    }

    @Test func trunkDependingOnBaseIsAnUpwardDependencyAtItsManifestLine() throws {
        var package = Self.package()
        package.graph.targets[0].dependencies = ["MallBase"]
        let manifest =
            "let package = Package(\n  targets: [\n    .target(name: \"Middleware\", dependencies: [\"MallBase\"]),"
        let lines = try package.lines(Self.contract, manifest: manifest)
        #expect(
            lines == [
                "Package.swift:3:48: error: 'Middleware' in layer 'Trunk' depends on 'MallBase' in layer 'MallBase' "
                    + "above it; a layer may reach only the layers below it; move what both need down into 'Trunk' or "
                    + "below [upward-dependency]"
            ])
    }

    /// A target in no layer that re-exports Shop lets Event call Shop: the chain is reported at Event's
    /// dependency on the bridge, and the import of the bridge alone is no finding.
    @Test func aLaunderingChainIsReportedAsAChain() throws {
        let package = Self.package(
            ["Sources/Bridge/Bridge.swift": "@_exported import Shop", "Sources/Event/Event.swift": "import Bridge"],
            extra: ["Bridge@Sources/Bridge: Shop"])
        var target = package
        target.graph.targets[3].dependencies = ["MallBase", "Bridge"]
        let report = try target.check(Self.contract)
        #expect(report.diagnostics.map(\.rule) == [.horizontalDependency])
        #expect(report.diagnostics.first?.chain == ["Event", "Bridge", "Shop"])
        #expect(
            report.diagnostics.first?.message
                == "'Event' reaches 'Shop' through Event → Bridge → Shop, which independence[0] keeps apart from it")
    }

    @Test func forbiddenPairsAreCheckedAlongChains() throws {
        let contract = """
            {"layers": [["Mall"], ["Shop", "Event"], ["MallBase"], ["Middleware"]],
             "forbidden": [{"from": ["Shop"], "to": ["Middleware"], "reason": "components talk to the trunk only through the base"}]}
            """
        let report = try Self.package().check(contract)
        #expect(
            report.diagnostics.map(\.formatted) == [
                "Package.swift:1:1: error: 'Shop' reaches 'Middleware' through Shop → MallBase → Middleware, which "
                    + "the contract forbids; components talk to the trunk only through the base [forbidden-dependency]"
            ])
    }

    @Test func anIgnoreAcceptsAFindingAndAnUnusedOneIsReported() throws {
        let contract = """
            {"layers": [["Mall"], ["Shop", "Event"], ["MallBase"], ["Middleware"]],
             "ignore": [
               {"from": "Middleware", "to": "MallBase", "rule": "upward-import", "reason": "migrating, see #12"},
               {"from": "Shop", "to": "Event", "reason": "nothing to accept"}
             ]}
            """
        let package = Self.package(["Sources/Middleware/Router.swift": "import MallBase"])
        #expect(
            try package.lines(contract) == [
                "layers.json:4:1: warning: ignore[1] (nothing to accept) matches no finding; remove it: what it "
                    + "accepted is gone [unused-ignore]"
            ])
    }

    @Test func aComponentsTestsMayNotReachASiblingThroughTheApp() throws {
        let package = Self.package(
            ["Tests/ShopTests/ShopTests.swift": "import Shop\nimport Mall"],
            extra: ["ShopTests@Tests/ShopTests: Shop, Mall"])
        let report = try package.check(Self.contract)
        #expect(report.diagnostics.map(\.rule) == [.testIsolation])
        #expect(report.diagnostics.first?.chain == ["ShopTests", "Mall", "Event"])
    }

    @Test func importsOnlyReachedThroughDependenciesAreWarningsAndUnreachedOnesErrors() throws {
        let package = Self.package(
            ["Sources/Shop/Shop.swift": "import MallBase\nimport Middleware\n#if os(macOS)\nimport Middleware\n#endif"],
            extra: ["Loose@Sources/Loose:"])
        var loose = package
        loose.files["Sources/Loose/Loose.swift"] = "import Shop"
        loose.graph.targets[5].sources = ["Loose.swift"]
        let report = try loose.check(Self.contract)
        #expect(report.diagnostics.map(\.rule) == [.undeclaredImport, .transitiveImport])
        #expect(report.diagnostics.map(\.path) == ["Sources/Loose/Loose.swift", "Sources/Shop/Shop.swift"])
    }

    /// Each malformed contract is refused, naming the key at fault.
    @Test(arguments: [
        ("{", "(file)"),
        ("[]", "(file)"),
        ("{}", "layers"),
        ("{\"layers\": []}", "layers"),
        ("{\"layers\": [[\"Mall\"]], \"layer\": 1}", "layer"),
        ("{\"layers\": [[\"Mal\"]]}", "layers[0]"),
        ("{\"layers\": [[\"Mall\"], [\"Mall\"]]}", "layers[1]"),
        ("{\"layers\": [[\"Mall\"], [\"M*\"]]}", "layers[1]"),
        (
            "{\"layers\": [{\"name\": \"A\", \"targets\": [\"Mall\"]}, {\"name\": \"A\", \"targets\": [\"Shop\"]}]}",
            "layers[1]"
        ),
        ("{\"layers\": [{\"targets\": [\"Mall\"]}]}", "layers[0].name"),
        ("{\"layers\": [[\"Mall\", 3]]}", "layers[0][1]"),
        ("{\"layers\": [[\"\"]]}", "layers[0][0]"),
        ("{\"layers\": [[\"Mall\"]], \"independence\": [[\"Shopp\"]]}", "independence[0]"),
        ("{\"layers\": [[\"Mall\"]], \"forbidden\": [{\"from\": \"Mall\"}]}", "forbidden[0].to"),
        ("{\"layers\": [[\"Mall\"]], \"ignore\": [{\"from\": \"Mall\", \"to\": \"Shop\"}]}", "ignore[0].reason"),
        (
            "{\"layers\": [[\"Mall\"]], \"ignore\": [{\"from\": \"Mall\", \"to\": \"Shop\", \"rule\": \"nope\", \"reason\": \"x\"}]}",
            "ignore[0].rule"
        ),
        ("{\"layers\": [[\"Mall\"]], \"layers\": [[\"Shop\"]]}", "layers"),
        ("{\"layers\": [[\"Mall\"]], \"independence\": [\"Shop\", \"Event\"]}", "independence[0]"),
        ("{\"layers\": [[\"Mall\"]], \"independence\": [[\"Shop\"]]}", "independence[0]"),
        (
            "{\"layers\": [[\"Mall\"]], \"independence\": [[\"Shop\", \"Event\"]], \"independenc\\u0065\": []}",
            "independence"
        ),
        ("{\"layers\": [[\"Mall\"],]}", "(file)"),
        (
            "{\"layers\": [[\"Mall\"]], \"forbidden\": [{\"from\": \"Mall\", \"to\": \"Shop\", \"reason\": \"a\\nb\"}]}",
            "forbidden[0].reason"
        ),
        ("{\"layers\": [{\"name\": \"\\u001b[31mRed\", \"targets\": [\"Mall\"]}]}", "layers[0].name"),
        (
            "{\"layers\": [[\"Mall\"]], \"dependencyHints\": [{\"from\": [\"Mal\"], \"to\": [\"Shop\"], \"hint\": \"x\"}]}",
            "dependencyHints[0].from"
        ),
        (
            "{\"layers\": [[\"Mall\"]], \"dependencyHints\": [{\"from\": [\"Mall\"], \"to\": [\"Shop\"]}]}",
            "dependencyHints[0].hint"
        ),
        (
            "{\"layers\": [[\"Mall\"]], \"dependencyHints\": [{\"from\": [\"Mall\"], \"to\": [\"Shop\"], \"hint\": \"ask {router}\"}]}",
            "dependencyHints[0].hint"
        ),
        ("{\"layers\": [{\"name\": \"A\", \"targets\": [\"Mall\"], \"hint\": \"{folder}\"}]}", "layers[0].hint"),
        (
            "{\"layers\": [[\"Mall\"]], \"independence\": [{\"targets\": [\"Shop\", \"Event\"], \"router\": \"{router}.swift\"}]}",
            "independence[0].router"
        ),
        (
            "{\"layers\": [[\"Mall\"]], \"independence\": [{\"targets\": [\"Shop\", \"Event\"], \"components\": \"yes\"}]}",
            "independence[0].components"
        ),
    ])
    func aMalformedContractIsRefusedNamingTheKey(_ contract: String, _ key: String) throws {
        #expect {
            try Self.package().check(contract)
        } throws: { error in
            guard case .invalidContract(_, let reported, _) = error as? LayeringCheckError else { return false }
            return reported == key
        }
    }

    /// A contract that is a dangling link, a folder or a FIFO is refused before it is read.
    @Test func aContractThatIsNotARegularFileIsRefused() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let contract = root.appendingPathComponent("layers.json")
        try FileManager.default.createSymbolicLink(atPath: contract.path, withDestinationPath: "missing.json")
        #expect(throws: LayeringCheckError.self) { try LayerContract.load(packageRoot: root) }
        try FileManager.default.removeItem(at: contract)
        try FileManager.default.createDirectory(at: contract, withIntermediateDirectories: true)
        #expect(
            throws: LayeringCheckError.unreadableFile(path: "layers.json", reason: "it is a folder")
        ) { try LayerContract.load(packageRoot: root) }
        try FileManager.default.removeItem(at: contract)
        #expect(mkfifo(contract.path, 0o600) == 0)
        #expect(
            throws: LayeringCheckError.unreadableFile(path: "layers.json", reason: "it is not a regular file")
        ) { try LayerContract.load(packageRoot: root) }
    }

    @Test func aNearMissNameGetsASuggestion() throws {
        #expect {
            try Self.package().check("{\"layers\": [[\"Mal\"]]}")
        } throws: { error in
            (error as? LayeringCheckError)?.description
                == "layers.json: layers[0]: 'Mal' matches no target; did you mean 'Mall'?"
        }
    }

    @Test func hostileContractsAreRefusedWithoutACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let inputs = [
            deep, "{\"layers\": \(deep)}", String(repeating: "{\"a\":", count: 50_000), "\u{FEFF}{}", "\0",
            "{\"layers\": [[\"\(String(repeating: "*", count: 5_000))\"]]}", "{\"layers\": [[\"Shop\\u0000\"]]}",
        ]
        for input in inputs {
            #expect(throws: LayeringCheckError.self) { try Self.package().check(input) }
        }
        #expect(throws: LayeringCheckError.self) {
            try LayerContract.parse(Data([0xFF, 0xFE, 0x7B]))
        }
        #expect(throws: LayeringCheckError.self) {
            try LayerContract.parse(Data(repeating: UInt8(ascii: " "), count: LayerContract.maximumSize + 1))
        }
    }

    @Test func globsMatchNamesAndFolders() throws {
        let shop = PackageGraph.Target(
            name: "ShopPreview", type: "executable", path: "Components/Shop/Preview", sources: [], dependencies: [])
        #expect(TargetPattern("*Preview")?.matches(shop) == true)
        #expect(TargetPattern("Components/*")?.matches(shop) == false)
        #expect(TargetPattern("Components/*/Preview")?.matches(shop) == true)
        #expect(TargetPattern("Components/**")?.matches(shop) == true)
        #expect(TargetPattern("Shell/**")?.matches("Shell") == true)
        #expect(TargetPattern("Sho?Preview")?.matches(shop) == true)
        #expect(TargetPattern("") == nil)
        #expect(TargetPattern("a//b") == nil)
        let many = String(repeating: "*a", count: 100)
        #expect(TargetPattern(many)?.matches(String(repeating: "a", count: 2_000) + "b") == false)
    }

    /// A hint's `{folder}` is the folder a pattern's wildcard stands for, wherever it sits in the path.
    @Test func aWildcardNamesTheFolderItStandsFor() {
        #expect(TargetPattern("Wiring/*/Routes")?.wildcardFolder(in: "Wiring/Notes/Routes") == "Notes")
        #expect(TargetPattern("Features/*")?.wildcardFolder(in: "Features/Notes") == "Notes")
        #expect(TargetPattern("Features/N*")?.wildcardFolder(in: "Features/Notes") == "Notes")
        // Not matched, not a folder pattern, no wildcard, or `**` before it: no one folder is meant.
        #expect(TargetPattern("Wiring/*/Routes")?.wildcardFolder(in: "Wiring/Notes/Router") == nil)
        #expect(TargetPattern("*Routes")?.wildcardFolder(in: "NotesRoutes") == nil)
        #expect(TargetPattern("Wiring/Notes")?.wildcardFolder(in: "Wiring/Notes") == nil)
        #expect(TargetPattern("**/Routes")?.wildcardFolder(in: "Wiring/Notes/Routes") == nil)
    }

    /// A group of components speaks of components and names the router its `router` says.
    @Test func aGroupOfComponentsSpeaksOfComponentsAndTheirRouter() throws {
        let contract = """
            {"layers": [["Mall"], ["Shop", "Event"], ["MallBase"], ["Middleware"]],
             "independence": [{"targets": ["Shop", "Event"], "components": true, "router": "App/{owner}Router.swift"}]}
            """
        let lines = try Self.package(["Sources/Event/Event.swift": "import MallBase\nimport Shop"]).lines(contract)
        #expect(
            lines == [
                "Sources/Event/Event.swift:2:1: error: component 'Event' imports sibling component 'Shop'; route it"
                    + " through a require wired in App/EventRouter.swift [horizontal-import]"
            ])
    }

    /// An app's own words for an undeclared import, with the folders filled in.
    @Test func aDependencyHintGivesTheAppsWords() throws {
        let contract = """
            {"layers": [["Mall"], ["Shop", "Event"], ["MallBase"], ["Middleware"]],
             "dependencyHints": [{"from": ["Mall"], "to": ["Middleware"], "hint": "{target} in {folder} gets {other} of {otherFolder} through its list"}]}
            """
        let lines = try Self.package(["Sources/Mall/main.swift": "import Shop\nimport Event\nimport Middleware"])
            .lines(contract)
        #expect(
            lines == [
                "Sources/Mall/main.swift:3:1: warning: 'Mall' imports 'Middleware', which it reaches only through its"
                    + " dependencies; Mall in Mall gets Middleware of Middleware through its list [transitive-import]"
            ])
    }

    /// Without a contract, an import the imported target could not be declared for (it depends on the
    /// importer) is told so, not told to declare a dependency that would make a cycle.
    @Test func anImportBackAlongTheDependenciesIsNotToldToMakeACycle() throws {
        let package = Self.package(["Sources/MallBase/Screen.swift": "import Middleware\nimport Shop"])
        let lines = try LayeringChecker(graph: package.graph, contract: .empty).check(manifest: nil) { path in
            Array((package.files[path] ?? "").utf8)
        }.diagnostics.map(\.formatted)
        #expect(
            lines == [
                "Sources/MallBase/Screen.swift:2:1: error: 'MallBase' imports 'Shop', a module of this package that"
                    + " none of its dependencies brings in; 'Shop' depends on 'MallBase', so declaring it would make a"
                    + " cycle; move what 'MallBase' needs of it into 'MallBase' or a target both depend on"
                    + " [undeclared-import]"
            ])
    }
}
