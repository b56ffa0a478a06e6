import Foundation
import Testing

@testable import ComponentScaffold

/// `--regenerate` and `--check` in packages laid out by hostile or careless `components.json` files:
/// what is refused leaves every file as it was, and no hand-written file is ever replaced.
@Suite("Deriving in an app's own layout")
struct LayoutPackageTests {
    /// A throwaway package: a manifest, a layout file and two components, `Features/<Name>/<Name>.swift`.
    struct App {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layout-app-\(UUID())")
        static let api = """
            import NotesKit

            @MainActor
            public final class NAME {
                public static let shared = NAME()
                public var require_page: ((_ id: String) -> Page)?
                public func provide_page(id: String) -> Page { Page() }
            }

            """

        init(layout: String, components: [String] = ["Notes", "Tags"]) throws {
            try write("Package.swift", "// swift-tools-version: 6.1\n")
            try write("components.json", layout)
            for component in components {
                try write(
                    "Features/\(component)/\(component).swift",
                    Self.api.replacingOccurrences(of: "NAME", with: component))
            }
        }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        /// Every file's contents by path.
        func files() -> [String: Data] {
            var files: [String: Data] = [:]
            let prefix = root.standardizedFileURL.path + "/"
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if let data = FileManager.default.contents(atPath: url.path) {
                    files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = data
                }
            }
            return files
        }

        var scaffolder: Scaffolder { Scaffolder(packageRoot: root) }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func layout(api: String = "Features/{Name}/{Name}.swift", generated: String) -> String {
        """
        {"api": "\(api)", "generated": "\(generated)",
         "screen": {"type": "Page", "module": "NotesKit", "unavailable": "Page.unavailable"}}
        """
    }

    /// Runs `--regenerate`; expects a refusal starting with `message` and every file as it was.
    func expectRefusal(_ app: App, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = app.files()
        do {
            let written = try app.scaffolder.regenerate()
            Issue.record("wrote \(written)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)", sourceLocation: sourceLocation)
        }
        #expect(app.files() == before, "a refusal changed files", sourceLocation: sourceLocation)
    }

    @Test func aDerivedFileOnAnotherComponentsAPIFileIsRefused() throws {
        let app = try App(layout: Self.layout(generated: "Features/Notes/{Name}.swift"))
        defer { app.remove() }
        expectRefusal(app, "components.json would write Notes's derived file to Features/Notes/Notes.swift")
    }

    @Test func aHandWrittenFileWhereADerivedOneGoesIsNeverReplaced() throws {
        let app = try App(layout: Self.layout(generated: "Features/{Name}/Screens.swift"))
        defer { app.remove() }
        try app.write("Features/Notes/Screens.swift", "// the screens someone wrote\n")
        expectRefusal(app, "cannot write Features/Notes/Screens.swift: it is there and was not generated")
    }

    /// A provide that waits or fails is a value too, an `AsyncProvide`, called with what it needs.
    @Test func asyncAndThrowingProvidesAreValues() throws {
        let app = try App(layout: Self.layout(generated: "Features/{Name}/{Name}+Generated.swift"), components: [])
        defer { app.remove() }
        try app.write(
            "Features/Notes/Notes.swift",
            """
            import NotesKit

            @MainActor
            public final class Notes {
                public static let shared = Notes()
                public func provide_count(id: String) async throws -> Int { 0 }
                public func provide_page(id: String) async -> Page { Page() }
                public func provide_check(id: String) throws -> Bool { true }
                public func provide_typed(id: String) throws(Failure) -> Bool { true }
                public func provide_plain(id: String) -> Page { Page() }
            }

            """)
        _ = try app.scaffolder.regenerate()
        let generated = String(
            decoding: app.files()["Features/Notes/Notes+Generated.swift"] ?? Data(), as: UTF8.self)
        #expect(generated.contains(#"public static let count = AsyncProvide<Int, String>("Notes.provide_count(id:)")"#))
        #expect(generated.contains("try await Notes.shared.provide_count(id: id)"))
        #expect(generated.contains(#"public static let page = AsyncProvide<Page, String>("Notes.provide_page(id:)")"#))
        #expect(generated.contains("    await Notes.shared.provide_page(id: id)"))
        #expect(
            generated.contains(#"public static let check = AsyncProvide<Bool, String>("Notes.provide_check(id:)")"#))
        #expect(generated.contains("    try Notes.shared.provide_check(id: id)"))
        #expect(generated.contains(#"public static let plain = Provide<Page, String>("Notes.provide_plain(id:)")"#))
        // A typed throw is not one a value's closure type can take.
        #expect(!generated.contains("provide_typed"))
    }

    @Test func inAFlatLayoutTheDerivedFilesAreNoComponents() throws {
        let app = try App(
            layout: Self.layout(api: "Features/{Name}.swift", generated: "Features/{Name}Generated.swift"))
        defer { app.remove() }
        try app.write("Features/Notes.swift", App.api.replacingOccurrences(of: "NAME", with: "Notes"))
        #expect(try app.scaffolder.regenerate() == ["Features/NotesGenerated.swift"])
        #expect(try app.scaffolder.components() == ["Notes"])
        #expect(try app.scaffolder.staleDerivedFiles().isEmpty)
        #expect(try app.scaffolder.regenerate() == [])
    }

    @Test func aComponentFolderThatLeadsOutsideThePackageIsNotWrittenInto() throws {
        let app = try App(layout: Self.layout(generated: "Features/{Name}/{Name}+Generated.swift"), components: [])
        defer { app.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID())")
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try App.api.replacingOccurrences(of: "NAME", with: "Evil").write(
            to: outside.appendingPathComponent("Evil.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: app.root.appendingPathComponent("Features"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: app.root.appendingPathComponent("Features/Evil"), withDestinationURL: outside)
        expectRefusal(app, "cannot write Features/Evil/Evil+Generated.swift: its folder leads outside the package")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["Evil.swift"])
    }

    @Test func aMatchThatIsNoComponentIsRefused() throws {
        let app = try App(
            layout: Self.layout(generated: "Features/{Name}/{Name}+Generated.swift"), components: ["Notes"])
        defer { app.remove() }
        try app.write("Features/class/class.swift", App.api.replacingOccurrences(of: "NAME", with: "Notes"))
        expectRefusal(app, "Features/class/class.swift: 'class' is where components.json's api names a component")
        try FileManager.default.removeItem(at: app.root.appendingPathComponent("Features/class"))
        try app.write("Features/Shared/Shared.swift", "// helpers\nstruct Helpers {}\n")
        expectRefusal(app, "Features/Shared/Shared.swift declares no class Shared")
    }

    @Test func aMissingStubAnswersFolderIsRefused() throws {
        let app = try App(
            layout: """
                {"api": "Features/{Name}/{Name}.swift", "generated": "Features/{Name}/{Name}+Generated.swift",
                 "screen": {"type": "Page", "module": "NotesKit", "unavailable": "Page.unavailable"},
                 "stubAnswers": ["Sources/NoteKit"]}
                """)
        defer { app.remove() }
        expectRefusal(app, "components.json: stubAnswers[0]: there is no folder 'Sources/NoteKit' in the package")
    }

    @Test func aFolderThatIsNoPackageRootIsToldSo() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID())")
        #expect(throws: ScaffoldError("there is no folder '\(missing.path)'; give the app's package root")) {
            try ComponentLayout.load(packageRoot: missing)
        }
        let app = try App(layout: Self.layout(generated: "Features/{Name}/{Name}+Generated.swift"))
        defer { app.remove() }
        do {
            _ = try ComponentLayout.load(packageRoot: app.root.appendingPathComponent("Features"))
            Issue.record("a folder without Package.swift was read")
        } catch {
            #expect(error.message.contains("has no Package.swift; run from the app's package root"))
        }
    }

    @Test func aLayoutInUTF16IsRefused() throws {
        let text = Self.layout(generated: "Features/{Name}/{Name}+Generated.swift")
        let utf16 = try #require(text.data(using: .utf16))
        #expect(throws: ScaffoldError("components.json: (file): not UTF-8 text; save it as UTF-8; nothing was written"))
        {
            try ComponentLayout.parse(utf16)
        }
    }
}
