import Foundation
import Middleware
import MiddlewareTesting
import Testing

@testable import ComponentScaffold

/// `components.json`: what an app writes to say where its components are, read strictly.
@Suite("The component layout")
struct ComponentLayoutTests {
    static let minimal = """
        {
          "api": "Features/{Name}/{Name}API.swift",
          "generated": "Features/{Name}/{Name}+Generated.swift",
          "screen": { "type": "Page", "module": "NotesBase", "unavailable": "Page.missing" }
        }
        """

    @Test func aMinimalLayoutReadsAsWritten() throws {
        let layout = try ComponentLayout.parse(Data(Self.minimal.utf8))
        #expect(layout.api.path(for: "Notes") == "Features/Notes/NotesAPI.swift")
        #expect(layout.generated.path(for: "Notes") == "Features/Notes/Notes+Generated.swift")
        #expect(layout.screenType == "Page")
        #expect(layout.screenModule == "NotesBase")
        #expect(layout.unavailable == "Page.missing")
        #expect(layout.stubAnswers.isEmpty)
        #expect(layout.preview == nil)
    }

    @Test func theMallsLayoutNamesItsPreviews() throws {
        let text = """
            {"api": "Components/{Name}/{Name}.swift", "generated": "Components/{Name}/{Name}+Generated.swift",
             "screen": {"type": "Screen", "module": "MallBase", "unavailable": ".unavailable"},
             "stubAnswers": ["Sources/MallBase"],
             "preview": {"answers": "Components/{Name}/Preview/{Name}Preview+AnsweredBy.swift",
                         "type": "{Name}Preview", "router": "Shell/Wiring/{Name}/Router/{Name}Router.swift"}}
            """
        let layout = try ComponentLayout.parse(Data(text.utf8))
        #expect(layout.preview?.type.path(for: "Shop") == "ShopPreview")
        #expect(layout.preview?.router.path(for: "Shop") == "Shell/Wiring/Shop/Router/ShopRouter.swift")
        #expect(layout.stubAnswers == ["Sources/MallBase"])
    }

    /// A layout file and the start of the message that refuses it; every message ends "nothing was written".
    static let refused: [(TestText, TestText)] = TestText.pairs([
        ("", "components.json: (file): not a JSON object"),
        ("[]", "components.json: (file): not a JSON object"),
        ("{", "components.json: (file): not a JSON object"),
        (String(repeating: "[", count: 100_000), "components.json: (file): the file is over 65536 bytes"),
        (String(repeating: "[", count: 65_000), "components.json: (file): not a JSON object"),
        (String(repeating: "{\"a\":", count: 13_000), "components.json: (file): not a JSON object"),
        (String(repeating: " ", count: 70_000), "components.json: (file): the file is over 65536 bytes"),
        ("{}", "components.json: screen: missing"),
        (minimal.replacingOccurrences(of: "\"api\"", with: "\"apis\""), "components.json: apis: unknown key"),
        (
            minimal.replacingOccurrences(of: "\"module\"", with: "\"modul\""),
            "components.json: screen.modul: unknown key"
        ),
        (minimal.replacingOccurrences(of: "}\n}", with: "},\n}"), "components.json: (file): a comma before a closing"),
        (
            minimal.replacingOccurrences(of: "\"generated\"", with: "\"api\": \"x\",\n  \"generated\""),
            "components.json: api: the key appears twice in one object (line 3)"
        ),
        (
            minimal.replacingOccurrences(of: "Features/{Name}/{Name}API", with: "Features/API"),
            "components.json: api: 'Features/API.swift' does not name the component"
        ),
        (
            minimal.replacingOccurrences(of: "Features/{Name}/{Name}API", with: "/etc/{Name}"),
            "components.json: api: '/etc/{Name}.swift' must be a path inside the package"
        ),
        (
            minimal.replacingOccurrences(of: "Features/{Name}/{Name}API", with: "../{Name}"),
            "components.json: api: '../{Name}.swift' must be a path inside the package"
        ),
        (
            minimal.replacingOccurrences(of: "Features/{Name}/{Name}API", with: "A//{Name}"),
            "components.json: api: 'A//{Name}.swift' must be a path inside the package"
        ),
        (
            minimal.replacingOccurrences(of: "Features/{Name}/{Name}API", with: "F/{name}/{Name}"),
            "components.json: api: 'F/{name}/{Name}.swift' has a placeholder other than {Name}"
        ),
        (
            minimal.replacingOccurrences(of: "API.swift", with: "API.txt"),
            "components.json: api: 'Features/{Name}/{Name}API.txt' is not a .swift file"
        ),
        (
            minimal.replacingOccurrences(of: "{Name}+Generated", with: "{Name}API"),
            "components.json: generated: the derived files must each have a path of their own"
        ),
        (
            minimal.replacingOccurrences(of: "\"Page\"", with: "\"Page<Int>\""),
            "components.json: screen.type: 'Page<Int>' is not a Swift name"
        ),
        (minimal.replacingOccurrences(of: "\"Page\"", with: "\"\""), "components.json: screen.type: is empty"),
        (minimal.replacingOccurrences(of: "\"Page\"", with: "7"), "components.json: screen.type: must be a string"),
        (
            minimal.replacingOccurrences(of: "\"Page\"", with: "\"Pa\\u001bge\""),
            "components.json: screen.type: holds a control character (Pa\\u{1B}ge)"
        ),
        (
            minimal.replacingOccurrences(of: "Page.missing", with: "missing"),
            "components.json: screen.unavailable: 'missing' is not a function a screen comes from"
        ),
        (
            minimal.replacingOccurrences(of: "Page.missing", with: "Page.missing()"),
            "components.json: screen.unavailable: 'Page.missing()' is not a function"
        ),
        (
            minimal.replacingOccurrences(of: "\"NotesBase\"", with: "\"\(String(repeating: "a", count: 1_001))\""),
            "components.json: screen.module: is over 1,000 characters"
        ),
        (
            minimal.replacingOccurrences(of: "\n}", with: ", \"stubAnswers\": \"Sources\"\n}"),
            "components.json: stubAnswers: must be an array of folders"
        ),
        (
            minimal.replacingOccurrences(of: "\n}", with: ", \"stubAnswers\": [\"../Base\"]\n}"),
            "components.json: stubAnswers[0]: '../Base' must be a path inside the package"
        ),
        (
            minimal.replacingOccurrences(of: "\n}", with: ", \"preview\": {\"answers\": \"P/{Name}.swift\"}\n}"),
            "components.json: preview.type: missing"
        ),
        (
            minimal.replacingOccurrences(of: "\n}", with: ", \"preview\": []\n}"),
            "components.json: preview: must be an object"
        ),
        (withPackage(#"[]"#), "components.json: scaffold.package: must be an object"),
        (withPackage(#"{"move": {}}"#), "components.json: scaffold.package.move: unknown key"),
        (withPackage(#"{"moves": []}"#), "components.json: scaffold.package.moves: must be an object of folders"),
        (
            withPackage(#"{"moves": {"Tests": "F/{Name}/Tests"}}"#),
            "components.json: scaffold.package.moves.Tests: 'Tests' does not name the component"
        ),
        (
            withPackage(#"{"moves": {"T/{Name}": "F/Tests"}}"#),
            "components.json: scaffold.package.moves.T/{Name}: 'F/Tests' does not name the component"
        ),
        (
            withPackage(#"{"moves": {"T/{Name}": "../{Name}"}}"#),
            "components.json: scaffold.package.moves.T/{Name}: '../{Name}' must be a path inside the package"
        ),
        (
            withPackage(#"{"moves": {"T/{Name}": "F/{Name}/*"}}"#),
            "components.json: scaffold.package.moves.T/{Name}: 'F/{Name}/*' has a placeholder other than {Name}"
        ),
        (
            withPackage(#"{"moves": {"T/{Name}": "T/{Name}"}}"#),
            "components.json: scaffold.package.moves.T/{Name}: moves the folder to itself"
        ),
        (
            withPackage(#"{"moves": {"T/{Name}": 7}}"#),
            "components.json: scaffold.package.moves.T/{Name}: must be a string"
        ),
        (
            withPackage(#"{"moves": {"T/{Name}": "F/{Name}/T", "T/{Name}/A": "G/{Name}"}}"#),
            "components.json: scaffold.package.moves: 'T/{Name}/A' is inside 'T/{Name}', which moves already"
        ),
        (
            withPackage(#"{"lists": [{"file": "Package.swift", "list": "let p", "entry": "x"}]}"#),
            "components.json: scaffold.package.lists[0].entry: 'x' does not name the component"
        ),
    ])

    /// The minimal layout with a `scaffold` whose `package` is `package`.
    static func withPackage(_ package: String) -> String {
        minimal.replacingOccurrences(
            of: "\n}",
            with: #", "scaffold": {"templates": "T", "targets": ["{Name}"], "package": \#(package)}"# + "\n}")
    }

    @Test func aPackageSectionMovesFoldersAndAddsLists() throws {
        let text = Self.withPackage(
            #"{"moves": {"Tests/{Name}Tests": "Features/{Name}/Tests/{Name}Tests"},"#
                + #" "lists": [{"file": "Package.swift", "list": "let packages", "entry": "\"{Name}\""}]}"#)
        let package = try #require(try ComponentLayout.parse(Data(text.utf8)).scaffold?.ownPackage)
        let moved = package.moved(.init(text: "Tests/{Name}Tests/{Name}Tests.swift"))
        #expect(moved.path(for: "Notes") == "Features/Notes/Tests/NotesTests/NotesTests.swift")
        // Only the folder itself moves, not one whose name starts the same.
        #expect(package.moved(.init(text: "Tests/{Name}TestsMore/A.swift")).text == "Tests/{Name}TestsMore/A.swift")
        #expect(package.lists.map(\.declaration) == ["let packages"])
        #expect(package.lists.first?.entry.path(for: "Notes") == "\"Notes\"")
        #expect(try ComponentLayout.parse(Data(Self.minimal.utf8)).scaffold?.ownPackage == nil)
    }

    @Test(arguments: refused)
    func aLayoutItCannotUseIsRefusedNamingTheKey(text: TestText, message: TestText) {
        do {
            let layout = try ComponentLayout.parse(Data(text.text.utf8))
            Issue.record("accepted: \(layout)")
        } catch {
            #expect(error.message.hasPrefix(message.text), "\(error.message)")
            #expect(error.message.hasSuffix("; nothing was written"), "\(error.message)")
        }
    }

    @Test func invalidUTF8IsRefused() {
        var bytes = Array(Self.minimal.utf8)
        bytes.insert(0xFF, at: bytes.firstIndex(of: UInt8(ascii: "P"))!)
        #expect(throws: ScaffoldError.self) { try ComponentLayout.parse(Data(bytes)) }
    }

    @Test func aPackageWithoutALayoutIsToldWhatToWriteInOneLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("no-layout-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("// swift-tools-version: 6.1\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        do {
            _ = try ComponentLayout.load(packageRoot: root)
            Issue.record("a package without components.json was read")
        } catch {
            #expect(error.message.hasPrefix("no components.json in '\(root.path)'; write one"))
            #expect(error.message.contains(ComponentLayout.example))
            #expect(!error.message.contains("\n"))
            // What the message says to write is a layout this reads.
            #expect(throws: Never.self) { try ComponentLayout.parse(Data(ComponentLayout.example.utf8)) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["Package.swift"])
    }

    @Test func theComponentsAreTheNamesWhoseAPIFileExists() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        for path in [
            "Features/NotesFeature/API.swift", "Features/TagsFeature/API.swift", "Features/DraftFeature/Other.swift",
            "Features/Feature/API.swift", "Features/9Feature/API.swift", "Features/Loose.swift",
        ] {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        try manager.createDirectory(
            at: root.appendingPathComponent("Features/FolderFeature/API.swift"), withIntermediateDirectories: true)
        let layout = try ComponentLayout.parse(
            Data(Self.minimal.replacingOccurrences(of: "{Name}/{Name}API", with: "{Name}Feature/API").utf8))
        // A match that is no component's name ("9") is found, and refused when files are derived.
        #expect(layout.components(in: root) == ["9", "Notes", "Tags"])
        #expect(!ComponentLayout.isComponentName("9"))
        #expect(layout.components(in: root.appendingPathComponent("missing")) == [])
    }

    /// The generator accepts as answers exactly the standard library's types the middleware stubs.
    @Test func theStandardAnswersAreTheMiddlewaresConformances() {
        let conforming: [String: any StubAnswer.Type] = [
            "String": String.self, "Int": Int.self, "Double": Double.self, "Bool": Bool.self,
        ]
        #expect(Set(conforming.keys) == DerivedFiles.standardAnswers)
    }
}

/// The names a component may not take because the middleware's package has them.
@Suite("The middleware's own target names")
struct MiddlewareTargetNamesTests {
    /// This package's manifest.
    static let manifest = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Package.swift")

    @Test func theListIsEveryTargetTheManifestDeclares() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        let declared = Set(
            text.matches(of: #/\.(?:target|executableTarget|testTarget|plugin)\(\s*name: "([^"]+)"/#)
                .map { String($0.output.1) })
        #expect(declared.count > 10)
        #expect(declared == ComponentName.middlewareTargets)
    }

    @Test(arguments: ["Middleware", "LayeringCheck", "CheckLayering", "NewComponent", "ComponentScaffold"])
    func aComponentCannotTakeOne(name: String) {
        #expect(throws: ScaffoldError.self) { try ComponentName(name) }
    }

    @Test func theRefusalSaysWhyTheNameIsTaken() {
        do {
            _ = try ComponentName("MiddlewareSupport")
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix("'MiddlewareSupport' is a target of the middleware's package"))
        }
    }
}

/// The names a component's types may not take because the middleware's libraries declare them.
@Suite("The middleware's own type names")
struct MiddlewareTypeNamesTests {
    @Test func theListIsEveryPublicTopLevelTypeOfTheLibraries() throws {
        let sources = MiddlewareTargetNamesTests.manifest.deletingLastPathComponent().appendingPathComponent("Sources")
        var declared: Set<String> = []
        for library in ["Middleware", "MiddlewareTesting", "MiddlewareSupport"] {
            let folder = sources.appendingPathComponent(library)
            let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                declared.formUnion(
                    TopLevelTypes.declarations(in: text).filter { $0.header.contains("public ") }.map(\.name))
            }
        }
        #expect(declared.count > 30)
        #expect(declared == ComponentName.middlewareTypes)
    }
}
