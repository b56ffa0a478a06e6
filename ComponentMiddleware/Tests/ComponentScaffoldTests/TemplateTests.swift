import Foundation
import MiddlewareTesting
import Testing

@testable import ComponentScaffold

/// The app's templates: what a template renders, what it is refused for, and a whole component added
/// to an app laid out unlike the mall, from its own templates.
@Suite("Templates")
struct TemplateTests {
    static let layout = try! ComponentLayout.parse(Data(ComponentLayoutTests.minimal.utf8))

    static func render(
        _ text: String, requires: [String] = [], provides: [String] = []
    ) throws(ScaffoldError) -> String {
        try Scaffolder.render(
            template: text, component: "GiftCard", requires: requires, provides: provides, layout: layout)
    }

    @Test func namesListsAndFlagsRender() throws {
        let text = """
            {{Name}} {{name}} {{host}} {{screenType}}
            {{#requires}}
            {{member}}/{{Member}}: {{closureType}}{{#async}} later{{/async}}{{^last}},{{/last}}
            {{/requires}}
            {{^hasProvides}}
            no provides
            {{/hasProvides}}
            {{! a comment line leaves nothing }}
            end
            """
        let output = try Self.render(
            text, requires: ["cardDetail(cardId: String, count: Int)", "balance() async throws"])
        #expect(
            output == """
                GiftCard giftCard giftcard Page
                cardDetail/CardDetail: (_ cardId: String, _ count: Int) -> Page,
                balance/Balance: () async throws -> Page later
                no provides
                end
                """)
    }

    @Test func parametersAndSamplesRender() throws {
        let text =
            #"{{#provides}}{{member}}({{sampleCall}}) [{{#parameters}}"{{label}}: {{sampleText}}"{{^last}}, {{/last}}{{/parameters}}] "{{sampleCallInString}}"{{/provides}}"#
        let output = try Self.render(text, provides: ["detail(id: String, n: Int)"])
        #expect(output == #"detail(id: "sample-id", n: 1) ["id: sample-id", "n: 1"] "id: \"sample-id\", n: 1""#)
    }

    /// A template and the end of the message that refuses it, after `template:LINE: `.
    static let refused: [(TestText, TestText)] = TestText.pairs([
        ("{{Nmae}}", "template:1: 'Nmae' names nothing here; the names here are Name, hasDemonstrableRequires"),
        ("{{#requires}}\n{{member}}", "template:1: {{#requires}} is never closed; add {{/requires}}"),
        (
            "{{#requires}}{{/provides}}",
            "template:1: {{/provides}} closes {{#requires}} of line 1; close that one first"
        ),
        ("{{/requires}}", "template:1: {{/requires}} closes no section; remove it"),
        ("{{#Name}}{{/Name}}", "template:1: {{#Name}}: 'Name' is text, not a list or a flag; write {{Name}}"),
        ("{{requires}}", "template:1: {{requires}}: 'requires' is a list or a flag; write {{#requires}}…{{/requires}}"),
        ("{{member}}", "template:1: 'member' names nothing here"),
        ("ok\n{{Name", "template:2: a tag opens with {{ and does not close on its line; close it with }}"),
        ("{{Na\nme}}", "template:1: a tag opens with {{ and does not close on its line"),
        ("{{Na me}}", "template:1: {{Na me}} is not a tag; a tag holds a name, e.g. {{Name}}"),
        ("{{}}", "template:1: {{}} is not a tag"),
        ("{{{Name}}}", "template:1: {{{Name}} is not a tag"),
        ("{{Name\u{0}}}", "template:1: {{Name\\u{0}}} is not a tag"),
        (
            String(repeating: "{{#hasRequires}}", count: 17),
            "template:1: sections nest deeper than 16; flatten the template"
        ),
        (String(repeating: "{{#hasRequires}}", count: 100_000), "template:1: sections nest deeper than 16"),
    ])

    @Test(arguments: refused)
    func aTemplateItCannotReadIsRefusedAtItsLine(text: TestText, message: TestText) {
        do throws(ScaffoldError) {
            _ = try Self.render(text.text)
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix(message.text), "\(error.message)")
            #expect(error.message.hasSuffix("; nothing was written"))
        }
    }

    /// A name used only inside a section that renders nothing is still checked.
    @Test func aMisspeltNameInsideAnEmptySectionIsRefused() {
        #expect(throws: ScaffoldError.self) { try Self.render("{{#requires}}{{membr}}{{/requires}}") }
    }

    @Test func lineEndingsAreKeptAndStandaloneTagLinesLeftOut() throws {
        #expect(try Self.render("a\r\n{{#hasRequires}}\r\nb\r\n{{/hasRequires}}\r\nc\r\n") == "a\r\nc\r\n")
        #expect(try Self.render("  {{#hasRequires}}  \nx\n  {{/hasRequires}}\n", requires: ["r()"]) == "x\n")
        #expect(try Self.render("a {{#hasRequires}}b{{/hasRequires}} c\n") == "a  c\n")
    }

    @Test func importsAreSortedRunByRun() {
        let text = "import Zed\nimport Alpha\n\n@testable import B\nimport Mid\nimport Aa\nlet x = 1\n"
        #expect(
            ComponentTemplate.sortingImports(text)
                == "import Alpha\nimport Zed\n\n@testable import B\nimport Aa\nimport Mid\nlet x = 1\n")
    }
}

/// `new-component Name` in an app laid out its own way: the files its templates say, the entries its
/// lists take, and every refusal leaving the app as it was.
@Suite("Adding a component from an app's templates")
struct AppTemplateTests {
    static let layout = """
        {
          "api": "Features/{Name}/{Name}.swift",
          "generated": "Features/{Name}/{Name}+Generated.swift",
          "screen": {"type": "Page", "module": "NotesKit", "unavailable": "Page.unavailable"},
          "scaffold": {
            "templates": "Templates",
            "targets": ["{Name}", "{Name}Tests"],
            "lists": [
              {"file": "Package.swift", "list": "let features", "entry": "\\"{Name}\\""},
              {"file": "App/Routers.swift", "list": "let routers", "entry": "{Name}Router()", "import": "{Name}"}
            ],
            "next": ["Added {{Name}}.", "{{#hasRequires}}Wire {{#requires}}{{member}}{{/requires}}.{{/hasRequires}}"]
          }
        }
        """

    static let api = """
        import NotesKit

        @MainActor
        public final class {{Name}} {
            public static let shared = {{Name}}()
        {{#requires}}
            public var require_{{member}}: ({{closureType}})?
        {{/requires}}
            public func provide_{{name}}Page() -> Page { Page() }
        }

        """

    /// An app with one feature, its lists and its templates.
    static func app(layout: String = layout) throws -> LayoutPackageTests.App {
        let app = try LayoutPackageTests.App(layout: layout, components: ["Notes"])
        try app.write("Package.swift", "// swift-tools-version: 6.1\nlet features = [\"Notes\"]\n")
        try app.write(
            "App/Routers.swift", "import Middleware\nimport Notes\n\nlet routers: [any Router] = [NotesRouter()]\n")
        try app.write("Templates/Features/{Name}/{Name}.swift.template", api)
        try app.write("Templates/App/{Name}Router.swift.template", "import {{Name}}\nstruct {{Name}}Router {}\n")
        return app
    }

    @Test func theTemplatesFilesAndTheListsEntriesAreWritten() throws {
        let app = try Self.app()
        defer { app.remove() }
        let plan = try app.scaffolder.plan(
            name: "Reminders", requires: ["noteTitle(noteId: String)"], existingNames: [])
        #expect(
            plan.paths == [
                "App/RemindersRouter.swift", "App/Routers.swift", "Features/Reminders/Reminders+Generated.swift",
                "Features/Reminders/Reminders.swift", "Package.swift",
            ])
        #expect(plan.movedItems == ["App/RemindersRouter.swift", "Features/Reminders"])
        #expect(plan.addedTargets == ["Reminders", "RemindersTests"])
        #expect(plan.next == "Added Reminders.\nWire noteTitle.")
        try app.scaffolder.apply(plan)
        let files = app.files()
        #expect(
            files["Package.swift"].map { String(decoding: $0, as: UTF8.self) }?.contains(#"["Notes", "Reminders"]"#)
                == true)
        let routers = files["App/Routers.swift"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(
            routers
                == "import Middleware\nimport Notes\nimport Reminders\n\nlet routers: [any Router] = [NotesRouter(), RemindersRouter()]\n"
        )
        let api = files["Features/Reminders/Reminders.swift"].map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(api.contains("public var require_noteTitle: ((_ noteId: String) -> Page)?"))
        // Notes's derived file was never written; the new component's is current.
        #expect(try app.scaffolder.staleDerivedFiles().map(\.path) == ["Features/Notes/Notes+Generated.swift"])
    }

    /// A scaffold section or a template that cannot be used, and the start of the refusal.
    static let refusals: [(TestText, TestText)] = TestText.pairs([
        (
            layout.replacingOccurrences(of: #""templates": "Templates""#, with: #""templates": "Missing""#),
            "components.json: scaffold.templates: there is no folder 'Missing'"
        ),
        (
            layout.replacingOccurrences(of: #""let features""#, with: #""let feature""#),
            "cannot find the list `let feature` of Package.swift"
        ),
        (
            layout.replacingOccurrences(of: #""{Name}Router()""#, with: #""Router()""#),
            "components.json: scaffold.lists[1].entry: 'Router()' does not name the component"
        ),
        (
            layout.replacingOccurrences(
                of: #""targets": ["{Name}", "{Name}Tests"]"#, with: #""targets": ["{Name}Tests"]"#),
            "components.json: scaffold.targets: has no \"{Name}\""
        ),
        (
            layout.replacingOccurrences(of: #""list": "let routers""#, with: #""list": "let routers = x""#),
            "components.json: scaffold.lists[1].list: 'let routers = x' is not a declaration's words"
        ),
        (
            layout.replacingOccurrences(of: #""next": ["#, with: #""next": ["{{Nam}}", "#),
            "components.json: scaffold.next[0]:1: 'Nam' names nothing here"
        ),
        (
            layout.replacingOccurrences(of: #""templates": "Templates""#, with: #""templates": "../x""#),
            "components.json: scaffold.templates: '../x' must be a path inside the package"
        ),
        (
            layout.replacingOccurrences(of: #""scaffold": {"#, with: #""scaffold": {"extra": 1, "#),
            "components.json: scaffold.extra: unknown key"
        ),
    ])

    @Test(arguments: refusals)
    func aScaffoldItCannotUseIsRefusedAndChangesNothing(layout: TestText, message: TestText) throws {
        let app = try Self.app(layout: layout.text)
        defer { app.remove() }
        let before = app.files()
        #expect {
            try app.scaffolder.plan(name: "Reminders", existingNames: [])
        } throws: { error in
            (error as? ScaffoldError)?.message.hasPrefix(message.text) == true
        }
        #expect(app.files() == before)
    }

    @Test func aTemplateThatDoesNotNameTheComponentIsRefused() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write("Templates/App/Shared.swift", "// every component would write here\n")
        #expect {
            try app.scaffolder.plan(name: "Reminders", existingNames: [])
        } throws: { error in
            (error as? ScaffoldError)?.message.hasPrefix(
                "Templates/App/Shared.swift: the path does not name the component") == true
        }
    }

    @Test func aTemplateWithAnUnknownNameIsRefusedAtItsLine() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write(
            "Templates/App/{Name}Router.swift.template", "import {{Name}}\n\n{{#requires}}{{membr}}{{/requires}}\n")
        #expect(throws: ScaffoldError.self) { try app.scaffolder.plan(name: "Reminders", existingNames: []) }
        do {
            _ = try app.scaffolder.plan(name: "Reminders", existingNames: [])
        } catch {
            #expect(error.message.hasPrefix("Templates/App/{Name}Router.swift.template:3: 'membr' names nothing here"))
        }
    }

    @Test func withoutAScaffoldNothingIsWrittenAndTheMessageSaysWhatToAdd() throws {
        let app = try LayoutPackageTests.App(layout: ComponentLayoutTests.minimal, components: ["Notes"])
        defer { app.remove() }
        #expect {
            try app.scaffolder.plan(name: "Reminders", existingNames: [])
        } throws: { error in
            (error as? ScaffoldError)?.message.hasPrefix("components.json has no \"scaffold\"") == true
        }
    }

    @Test func aTemplateThatWritesNoAPIFileIsRefused() throws {
        let app = try Self.app()
        defer { app.remove() }
        try FileManager.default.removeItem(at: app.root.appendingPathComponent("Templates/Features"))
        #expect {
            try app.scaffolder.plan(name: "Reminders", existingNames: [])
        } throws: { error in
            (error as? ScaffoldError)?.message.hasPrefix("the templates write no Features/Reminders/Reminders.swift")
                == true
        }
    }

    /// Plans `name` and expects a refusal starting with `message`, and every file as it was.
    func expectRefusal(
        _ app: LayoutPackageTests.App, name: String = "Reminders", _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = app.files()
        do {
            let plan = try app.scaffolder.plan(name: name, existingNames: [])
            try app.scaffolder.apply(plan)
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)", sourceLocation: sourceLocation)
        }
        #expect(app.files() == before, "a refusal changed files", sourceLocation: sourceLocation)
    }

    @Test func twoTemplatesOfOneFileAreRefused() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write("Templates/Features/{Name}/{Name}.swift", "// another\n")
        expectRefusal(
            app,
            "Templates/Features/{Name}/{Name}.swift and Templates/Features/{Name}/{Name}.swift.template both write"
                + " Features/{Name}/{Name}.swift; keep one")
    }

    @Test func twoTemplatesThatNameOneFileForThisComponentAreRefused() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write("Templates/Docs/Ab{Name}.md", "first\n")
        try app.write("Templates/Docs/{Name}Ab.md", "second\n")
        expectRefusal(
            app, name: "Ab", "Templates/Docs/Ab{Name}.md and Templates/Docs/{Name}Ab.md both write Docs/AbAb.md for Ab")
    }

    @Test func aDerivedFileOutsideTheTemplatesFoldersIsWritten() throws {
        let app = try Self.app(
            layout: Self.layout.replacingOccurrences(
                of: "Features/{Name}/{Name}+Generated.swift", with: "Gen/{Name}+Generated.swift"))
        defer { app.remove() }
        try app.scaffolder.apply(try app.scaffolder.plan(name: "Reminders", existingNames: []))
        #expect(app.files()["Gen/Reminders+Generated.swift"] != nil)
    }

    @Test func aTemplateThatRendersEmptyInAFolderOfItsOwnLeavesNothing() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write("Templates/Docs/Deep/{Name}.md", "{{#hasRequires}}\nrequires\n{{/hasRequires}}\n")
        try app.scaffolder.apply(try app.scaffolder.plan(name: "Reminders", existingNames: []))
        #expect(!FileManager.default.fileExists(atPath: app.root.appendingPathComponent("Docs").path))
    }

    @Test func aFailedReportLeavesNoFolderBehind() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write("Templates/Docs/Deep/{Name}/README.md", "{{Name}}\n")
        let before = app.files()
        let plan = try app.scaffolder.plan(name: "Reminders", existingNames: [])
        #expect(throws: ScaffoldError.self) {
            try app.scaffolder.apply(plan, report: { throw ScaffoldError("no room") })
        }
        #expect(app.files() == before)
        #expect(!FileManager.default.fileExists(atPath: app.root.appendingPathComponent("Docs").path))
    }

    @Test func aListInsideItselfIsRefused() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write(
            "Templates/App/{Name}B.txt",
            String(repeating: "{{#requires}}", count: 2) + "x" + String(repeating: "{{/requires}}", count: 2))
        expectRefusal(
            app, "Templates/App/{Name}B.txt:1: {{#requires}} inside {{#requires}} of line 1 repeats every item")
    }

    @Test func aFolderThatIsASymbolicLinkIsNotWrittenThrough() throws {
        let app = try Self.app()
        defer { app.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID())")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.removeItem(at: app.root.appendingPathComponent("App"))
        try FileManager.default.createSymbolicLink(
            at: app.root.appendingPathComponent("App"), withDestinationURL: outside)
        expectRefusal(
            app, "'App' is a symbolic link, and the new component's App/RemindersRouter.swift would go through it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func aListFileThatIsASymbolicLinkIsRefused() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write(
            "Shared/Routers.swift", "import Middleware\nimport Notes\n\nlet routers: [any Router] = [NotesRouter()]\n")
        try FileManager.default.removeItem(at: app.root.appendingPathComponent("App/Routers.swift"))
        try FileManager.default.createSymbolicLink(
            atPath: app.root.appendingPathComponent("App/Routers.swift").path,
            withDestinationPath: "../Shared/Routers.swift")
        expectRefusal(app, "components.json: scaffold.lists[1].file: 'App/Routers.swift' is a symbolic link")
    }

    @Test func aMissingListFileIsNamedByItsKey() throws {
        let app = try Self.app(
            layout: Self.layout.replacingOccurrences(of: "App/Routers.swift", with: "App/Nope.swift"))
        defer { app.remove() }
        expectRefusal(app, "components.json: scaffold.lists[1].file: there is no file 'App/Nope.swift' in the package")
    }

    @Test(arguments: [
        ("Wiring", "the component would declare 'Wiring', which the middleware declares too"),
        ("Router", "the component would declare 'Router', which the middleware declares too"),
        ("ComponentAPI", "the component would declare 'ComponentAPI', which the middleware declares too"),
        ("Component", "'Component' is reserved: in every router, Component is the type of the router's component"),
    ])
    func aNameTheMiddlewareUsesIsRefused(name: String, message: String) throws {
        let app = try Self.app()
        defer { app.remove() }
        expectRefusal(app, name: name, message)
    }

    @Test(arguments: [
        (#""{Name}" /* x"#, "the entry "), (#""{Name}"]"#, "the entry "), (#""{Name}"; let y = ["#, "the entry "),
        (
            #""{Name}", "X{Name}""#,
            "components.json: scaffold.lists[0].entry: '\"{Name}\", \"X{Name}\"' has a string literal"
        ),
        (#""{Name}\\""#, "components.json: scaffold.lists[0].entry: '\"{Name}\\\\\"' has a string literal"),
        (#""{Name}" + ")""#, "components.json: scaffold.lists[0].entry: '\"{Name}\" + \")\"' has a string literal"),
    ])
    func anEntryThatIsNotOneElementIsRefused(entry: String, message: String) throws {
        let escaped = entry.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let app = try Self.app(
            layout: Self.layout.replacingOccurrences(of: #""entry": "\"{Name}\"""#, with: "\"entry\": \"\(escaped)\""))
        defer { app.remove() }
        expectRefusal(app, message)
    }

    @Test func hiddenFilesAreNoTemplates() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write("Templates/.DS_Store", "\u{0}\u{1}")
        try app.write("Templates/Features/.hidden/{Name}.swift", "nothing\n")
        let plan = try app.scaffolder.plan(name: "Reminders", existingNames: [])
        #expect(!plan.paths.contains { $0.contains(".") && $0.split(separator: "/").contains { $0.hasPrefix(".") } })
    }

    @Test func aTemplatePathWithAQuoteIsRefused() throws {
        let app = try Self.app()
        defer { app.remove() }
        try app.write("Templates/App/{Name}\"Evil.swift", "x\n")
        expectRefusal(app, "Templates/App/{Name}\"Evil.swift: a control character, a quote or a backslash in the path")
    }

    @Test func aTypesFolderThatIsNotThereIsRefused() throws {
        let app = try Self.app(
            layout: Self.layout.replacingOccurrences(
                of: #""targets": ["#, with: #""visibleTypes": ["Nowhere"], "targets": ["#))
        defer { app.remove() }
        expectRefusal(app, "components.json: scaffold.visibleTypes[0]: there is no folder 'Nowhere' in the package")
    }
}

/// A require that returns data, not a screen: `--require 'tags(noteId: String) async throws -> [String]'`.
@Suite("Requires that return data")
struct ReturnedDataTests {
    static let none = BaseTypes(concrete: ["NoteID"], hashable: ["NoteID"])

    @Test(arguments: [
        ("tags(noteId: String) async throws -> [String]", "tags(noteId: String) async throws -> [String]", "[String]"),
        ("count(n:Int)->Int", "count(n: Int) -> Int", "Int"),
        ("ids() -> Array<NoteID>", "ids() -> [NoteID]", "[NoteID]"),
        ("flag -> Bool?", "flag() -> Bool?", "Bool?"),
    ])
    func aReturnTypeIsReadLikeAParameterType(text: String, written: String, type: String) throws {
        let signature = try Signature(parsing: text, baseTypes: Self.none, isRequire: true)
        #expect(signature.written == written)
        #expect(signature.returnType == type)
        #expect(signature.closureType(returning: "Page").hasSuffix("-> \(type)"))
    }

    @Test(arguments: [
        ("a() -> Nope", "unknown type 'Nope' in 'a() -> Nope'"),
        ("a() - Int", "'a() - Int' needs '>' after '-', not 'Int'"),
        ("a() ->", "'a() ->' has the end where a type should be"),
        ("a() -> Int async throws", "'a() -> Int async throws' has 'async' after the declaration"),
        ("a() -> Int -> Int", "'a() -> Int -> Int' has '-' after the declaration"),
    ])
    func aBadReturnTypeIsRefused(text: String, message: String) {
        #expect {
            try Signature(parsing: text, baseTypes: Self.none, isRequire: true)
        } throws: { error in
            (error as? ScaffoldError)?.message.hasPrefix(message) == true
        }
    }

    @Test func aProvideReturnsNoType() {
        #expect {
            try Signature(parsing: "page(id: String) -> Int", baseTypes: Self.none)
        } throws: { error in
            (error as? ScaffoldError)?.message.contains("is a provide, which returns a screen") == true
        }
    }

    @Test func theTemplateKnowsWhatARequireReturns() throws {
        let text =
            "{{#requires}}{{member}}: {{returnType}}{{#returnsScreen}} screen{{/returnsScreen}}{{#demonstrable}} shown{{/demonstrable}}\n{{/requires}}{{#hasDemonstrableRequires}}some shown{{/hasDemonstrableRequires}}"
        let output = try TemplateTests.render(
            text, requires: ["a(id: String) -> [String]", "b(id: String)", "c(x: [Int])"])
        #expect(output == "a: [String]\nb: Page screen shown\nc: Page screen\nsome shown")
    }

    /// A return type no stub answers is refused by its declaration, before any file is written.
    @Test(arguments: ["a -> String?", "a -> Set<String>", "a -> [String: Int]", "a(x: Int) async throws -> Float"])
    func aReturnTypeNoStubAnswersIsRefusedByItsDeclaration(declaration: String) throws {
        let app = try AppTemplateTests.app()
        defer { app.remove() }
        let before = app.files()
        #expect {
            try app.scaffolder.plan(name: "Reminders", requires: [declaration], existingNames: [])
        } throws: { error in
            let message = (error as? ScaffoldError)?.message ?? ""
            return message.contains("which no stub can answer") && message.hasSuffix("nothing was written")
                && !message.contains(".swift:")
        }
        #expect(app.files() == before)
    }

    /// Only a conformance the compiler sees makes a type answerable: not one inside `#if`, not a nested
    /// type's of the same name.
    @Test func aConformanceTheCompilerMaySkipDoesNotCount() throws {
        let app = try AppTemplateTests.app(
            layout: AppTemplateTests.layout.replacingOccurrences(
                of: #""scaffold": {"#, with: #""stubAnswers": ["Sources/NotesKit"], "scaffold": {"#))
        defer { app.remove() }
        try app.write(
            "Sources/NotesKit/Kinds.swift",
            """
            public struct Ghost: Sendable {}
            #if NEVER_DEFINED
            extension Ghost: StubAnswer {}
            #endif
            public struct Label: Sendable {}
            public enum Space {
                public struct Label: StubAnswer {}
            }
            public struct Row: Sendable {}
            extension Row: StubAnswer {}

            """)
        #expect(app.scaffolder.answerableTypes(in: try app.scaffolder.layout()) == ["Row"])
    }
}
