import Foundation
import MallTestSupport
import Testing

@testable import ComponentScaffold

/// The files derived from each component's API file: current in this package, regenerated after a
/// change, and never derived from a declaration they cannot express.
@Suite("Derived files")
struct DerivedFilesTests {
    @Test func everyDerivedFileOfThisPackageIsCurrent() throws {
        let stale = try Scaffolder(packageRoot: PackageCopy.sourceRoot).staleDerivedFiles()
        #expect(stale.map(\.path) == [], "run 'swift run new-component --regenerate' and commit the result")
    }

    @Test func aRequireAddedByOneDeclarationIsDerivedEverywhereAfterRegenerating() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let api = copy.root.appendingPathComponent("Components/Shop/Shop.swift")
        let source = try String(contentsOf: api, encoding: .utf8)
        let declaration = """
                /// The valet desk's page for a shop.
                public var require_valetDesk: ((_ shopId: ShopID, _ level: Int) -> Screen)?

                // MARK: provide
            """
        try source.replacingOccurrences(of: "    // MARK: provide", with: declaration)
            .write(to: api, atomically: true, encoding: .utf8)
        let scaffolder = Scaffolder(packageRoot: copy.root)
        let derived = ["Components/Shop/Shop+Generated.swift", "Components/Shop/Preview/ShopPreview+AnsweredBy.swift"]
        #expect(try scaffolder.staleDerivedFiles().map(\.path) == derived)
        #expect(try scaffolder.regenerate() == derived)
        #expect(try scaffolder.staleDerivedFiles().isEmpty)
        let generated = try String(
            contentsOf: copy.root.appendingPathComponent("Components/Shop/Shop+Generated.swift"), encoding: .utf8)
        #expect(
            generated.contains(
                #"AnyRequire(Requires.valetDesk, labels: ["shopId", "level"]),"#))
        #expect(
            generated.contains(
                "    func valetDesk(_ shopId: ShopID, _ level: Int) -> Screen {\n"
                    + "        self.require_valetDesk?(shopId, level) ?? .unavailable(\"Shop.require_valetDesk\")\n"))
        let answers = try String(
            contentsOf: copy.root.appendingPathComponent("Components/Shop/Preview/ShopPreview+AnsweredBy.swift"),
            encoding: .utf8)
        let valetDesk = #""require_valetDesk": "nothing yet (wire it in Shell/Wiring/Shop/Router/ShopRouter.swift)","#
        #expect(answers.contains(valetDesk))
    }

    @Test func theCommandChecksAndRegenerates() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let generated = copy.root.appendingPathComponent("Components/Event/Event+Generated.swift")
        let original = try String(contentsOf: generated, encoding: .utf8)
        try (original + "// edited by hand\n").write(to: generated, atomically: true, encoding: .utf8)
        let tool = try PackageCopy.product("new-component")
        let check = try copy.run([tool, "--check"])
        #expect(check.status == 1)
        #expect(
            check.output == """
                Components/Event/Event+Generated.swift: stale
                1 derived file is stale; run 'swift run new-component --regenerate'.

                """)
        let regenerate = try copy.run([tool, "--regenerate"])
        #expect(regenerate.status == 0)
        #expect(regenerate.output == "Wrote Components/Event/Event+Generated.swift\n")
        #expect(try copy.run([tool, "--check"]) == (0, "Every derived file is up to date.\n"))
        #expect(try copy.run([tool, "--check", "Coupon"]).status == 2)

        // A file in a derived file's place that this tool did not write is someone's work: kept.
        try "// written by hand\n".write(to: generated, atomically: true, encoding: .utf8)
        let refused = try copy.run([tool, "--regenerate"])
        #expect(refused.status == 2)
        #expect(
            refused.output.hasPrefix(
                "Error: cannot write Components/Event/Event+Generated.swift: it is there and was not generated"))
        #expect(try String(contentsOf: generated, encoding: .utf8) == "// written by hand\n")
    }

    /// An API file that is not UTF-8 is refused with the line of its first bad byte (lines ending at an
    /// LF, a CRLF or a CR alone, as the compiler counts them), and nothing is written: repaired, it would
    /// be read as other text than the compiler refuses.
    @Test(arguments: [("// caf", 1), ("a\rb\r\nc\n// caf", 4), ("x\r", 2), ("x\r\r", 3)])
    func anAPIFileThatIsNotUTF8IsRefusedWithItsLine(before badByte: String, line: Int) throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let api = copy.root.appendingPathComponent("Components/Event/Event.swift")
        let original = try Data(contentsOf: api)
        try (Data(badByte.utf8) + Data([0xFF, 0x0A]) + original).write(to: api)
        let generated = copy.root.appendingPathComponent("Components/Event/Event+Generated.swift")
        let before = try Data(contentsOf: generated)
        #expect(
            throws: ScaffoldError(
                "Components/Event/Event.swift:\(line): this line is not UTF-8 text; save the file as UTF-8")
        ) {
            try Scaffolder(packageRoot: copy.root).regenerate()
        }
        #expect(try Data(contentsOf: generated) == before)
    }

    @Test func aDerivedFileThatIsAFolderStopsTheRegenerationBeforeAnythingIsWritten() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        // Shop's file is stale and comes first; Event's is a folder, which no rename can replace.
        try "// edited by hand\n".write(
            to: copy.root.appendingPathComponent("Components/Shop/Shop+Generated.swift"), atomically: true,
            encoding: .utf8)
        let event = copy.root.appendingPathComponent("Components/Event/Event+Generated.swift")
        try FileManager.default.removeItem(at: event)
        try FileManager.default.createDirectory(at: event, withIntermediateDirectories: false)
        let before = try copy.snapshot()
        let regenerate = try copy.run([try PackageCopy.product("new-component"), "--regenerate"])
        #expect(regenerate.status == 2)
        #expect(
            regenerate.output
                == "Error: cannot write Components/Event/Event+Generated.swift: it is a folder; remove it and run again;"
                + " nothing was written\n")
        #expect(try copy.snapshot() == before)
    }

    /// Each declaration and its refusal: one test, so the log stays short; a failure names the case.
    static let refusedDeclarations: [(declaration: String, message: String)] = [
        (
            "public var require_a: (_ x: Int) -> Screen",
            "Shop.swift:2: require_a is not an optional closure; write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public var require_a: ((Int) -> Screen)?",
            "Shop.swift:2: require_a: the parameter 'Int' needs a name after '_' (a closure type takes no argument labels); write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public var require_a: ((a: Int) -> Screen)?",
            "Shop.swift:2: require_a: the parameter 'a: Int' needs a name after '_' (a closure type takes no argument labels); write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public var require_a: ((_ _: Int) -> Screen)?",
            "Shop.swift:2: require_a: the parameter name '_' is '_', a keyword or not a plain lowerCamelCase identifier; name it like noteId"
        ),
        (
            "public var require_a: ((_ default: Int) -> Screen)?",
            "Shop.swift:2: require_a: the parameter name 'default' is '_', a keyword or not a plain lowerCamelCase identifier; name it like noteId"
        ),
        (
            "public var require_a: ((_ done: (Int) -> Void) -> Screen)?",
            "Shop.swift:2: require_a: the closure parameter 'done' must be '@escaping', e.g. _ done: @escaping @MainActor @Sendable (Bool) -> Void"
        ),
        (
            "public var require_a: ((_ x: Int) async -> Screen)?",
            "Shop.swift:2: require_a has 'async' before its arrow; a require's effects are none or 'async throws', e.g. ((_ noteId: String) async throws -> [String])?"
        ),
        (
            "public var require_a: ((_ x: Int) throws -> Screen)?",
            "Shop.swift:2: require_a has 'throws' before its arrow; a require's effects are none or 'async throws', e.g. ((_ noteId: String) async throws -> [String])?"
        ),
        (
            "public var require_a: ((_ x: Int) async throws(CancellationError) -> Screen)?",
            "Shop.swift:2: require_a has 'async throws(CancellationError)' before its arrow; a require's effects are none or 'async throws', e.g. ((_ noteId: String) async throws -> [String])?"
        ),
        (
            "public var require_a: ((_ x: Int) throws async -> Screen)?",
            "Shop.swift:2: require_a has 'throws async' before its arrow; a require's effects are none or 'async throws', e.g. ((_ noteId: String) async throws -> [String])?"
        ),
        (
            "public var require_a: (@MainActor (_ x: Int) -> Screen)?",
            "Shop.swift:2: require_a has '@MainActor' before its parameters; a require is a closure without attributes; write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public var require_a: ((_ x: Int))?",
            "Shop.swift:2: require_a has no return type; write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "var require_a: ((_ x: Int) -> Screen)?",
            "Shop.swift:2: require_a is not public; a require is a public instance property the app's router assigns; write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public let require_a: (() -> Screen)? = nil",
            "Shop.swift:2: require_a is a let; a require is a public instance property the app's router assigns; write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public static var require_a: ((_ x: Int) -> Screen)?",
            "Shop.swift:2: require_a is 'public static'; a require is a public instance property the app's router assigns; write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public private( set ) var require_a: ((_ x: Int) -> Screen)?",
            "Shop.swift:2: require_a is 'public private(set)'; the app's router assigns a require, so its setter cannot be private; write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public private(set) var require_a: ((_ x: Int) -> Screen)?",
            "Shop.swift:2: require_a is 'public private(set)'; the app's router assigns a require, so its setter cannot be private; write it as a public optional closure with named parameters, e.g. public var require_a: ((_ noteId: String) -> Page)?"
        ),
        (
            "public var require_a: ((_ x: Int) -> Screen)?\npublic var require_a: ((_ y: Int) -> Screen)?",
            "Shop.swift:3: require_a is declared twice; keep one"
        ),
        (
            "public var require_a: ((_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int) -> Screen)?",
            "Shop.swift:2: require_a takes 7 parameters; a require takes at most 6: pass a value type of the base layer instead"
        ),
        (
            "#if false\npublic var require_a: ((_ x: Int) -> Screen)?\n#endif",
            "Shop.swift:3: require_a stands inside #if; the derived list is the same on every platform, so a require is declared unconditionally"
        ),
        (
            "public var require_default: (() -> Screen)?",
            "Shop.swift:2: require_default: the name after require_ is the name of its calling function and of its stub's entry, so it is ASCII lowerCamelCase, at most 40 characters, and not a keyword"
        ),
        (
            "public var require_événement: (() -> Screen)?",
            "Shop.swift:2: require_\\u{E9}v\\u{E9}nement: the name after require_ is the name of its calling function and of its stub's entry, so it is ASCII lowerCamelCase, at most 40 characters, and not a keyword"
        ),
        (
            "public var require_a: ((_ x: inout Int) -> Screen)?",
            "Shop.swift:2: require_a: the parameter 'x' is 'inout', which a stored closure's calling function cannot pass on; take a plain value"
        ),
        (
            "public var require_a: ((_ x: Int...) -> Screen)?",
            "Shop.swift:2: require_a: the parameter 'x' is '...', which a stored closure's calling function cannot pass on; take a plain value"
        ),
        (
            "public var require_a: ((_ x: @autoclosure @escaping () -> Int) -> Screen)?",
            "Shop.swift:2: require_a: the parameter 'x' is '@autoclosure', which a stored closure's calling function cannot pass on; take a plain value"
        ),
        (
            "public var require_a: ((_ UnwiredRequire: Int) async throws -> Screen)?",
            "Shop.swift:2: require_a: the parameter name 'UnwiredRequire' is '_', a keyword or not a plain lowerCamelCase identifier; name it like noteId"
        ),
        (
            "public var require_a: ((_ x: Int) async throws(StubFailure) -> Screen)?",
            "Shop.swift:2: require_a has 'async throws(StubFailure)' before its arrow; a require's effects are none or 'async throws', e.g. ((_ noteId: String) async throws -> [String])?"
        ),
        (
            "public var require_a: ((_ x: Int, _ x: Int) -> Screen)?",
            "Shop.swift:2: require_a: two parameters are named 'x'; name each once"
        ),
        (
            "public var require_store: (() -> Screen)?",
            "Shop.swift:2: require_store would be called through a function named 'store', which the component already has; rename it"
        ),
        (
            // The generated audit's property: the calling function would redeclare it.
            "public var require_unwiredRequires: (() -> Screen)?",
            "Shop.swift:2: require_unwiredRequires would be called through a function named 'unwiredRequires', which the component already has; rename it"
        ),
        (
            // The generated function that names the holes, called without arguments as this one would be.
            "public var require_namesOfUnwiredRequires: (() -> Screen)?",
            "Shop.swift:2: require_namesOfUnwiredRequires would be called through a function named 'namesOfUnwiredRequires', which the component already has; rename it"
        ),
        (
            "public var require_recordDocuments: (() -> Screen)?",
            "Shop.swift:2: require_recordDocuments would be called through a function named 'recordDocuments', which the component already has; rename it"
        ),
        (
            "public var require_tick: (() -> Screen)?\nfunc tick() {}",
            "Shop.swift:2: require_tick would be called through a function named 'tick', which the component already has; rename it"
        ),
        (
            "public var `require_tick`: (() -> Screen)?",
            "Shop.swift:2: `require_tick` is written in backticks; a require's name is a plain identifier: write require_tick"
        ),
        (
            "struct Inner {\n    public var require_a: ((_ x: Int) -> Screen)?\n}",
            "Shop.swift:3: require_a is not a member of the component's class itself; declare requires in the class, and give other properties another name than require_"
        ),
        (
            "func f() {",
            "Shop.swift:1: the '{' on this line is never closed; close it"
        ),
        ("}", "Shop.swift:3: this '}' closes no '{'; remove it"),
        (
            "public var require_cp: ((_ a: Int) async throws -> Screen)? { nil }",
            "Shop.swift:2: require_cp has accessors; a require is a stored property the app's router assigns; write it as a public optional closure with named parameters, e.g. public var require_cp: ((_ noteId: String) -> Page)?"
        ),
        (
            "public\u{A0}var require_nb: ((_ a: Int) -> Screen)?",
            "Shop.swift:2: a no-break space (U+00A0) stands in the code; type a plain space"
        ),
        (
            "let s = \"abc {\npublic var require_a: ((_ x: Int) -> Screen)?",
            "Shop.swift:2: a string, regex literal or comment that starts here is never closed; close it"
        ),
        (
            "/* a /* */ {\npublic var require_a: ((_ x: Int) -> Screen)?",
            "Shop.swift:2: a string, regex literal or comment that starts here is never closed; close it"
        ),
        (
            "let s = \"\\(\"a\"\npublic var require_a: ((_ x: Int) -> Screen)?",
            "Shop.swift:2: a string, regex literal or comment that starts here is never closed; close it"
        ),
    ]

    @Test func aDeclarationTheListCannotExpressIsRefused() {
        for (declaration, message) in Self.refusedDeclarations {
            #expect(throws: ScaffoldError(message), "\(declaration)") {
                try Scaffolder.requires(inAPIFile: "class Shop {\n\(declaration)\n}\n", named: "Shop.swift")
            }
        }
    }

    /// A file that ends inside a literal, an escape its last byte, is refused, not read past its end
    /// (found by fuzz-scaffold-interface).
    @Test(arguments: ["class Shop {\nlet s = \"a\\", "class Shop {\nlet s = #\"a\\#", "class Shop {\nlet r = #/a\\"])
    func aFileEndingInAnEscapeIsRefused(source: String) {
        #expect(throws: ScaffoldError.self) { try Scaffolder.requires(inAPIFile: source, named: "Shop.swift") }
    }

    /// A nested comment left open at the end of the file is refused, though the file ends in `*/`.
    @Test func aNestedCommentOpenAtTheEndIsRefused() {
        #expect(
            throws: ScaffoldError(
                "Shop.swift:2: a string, regex literal or comment that starts here is never closed; close it")
        ) {
            try Scaffolder.requires(inAPIFile: "class Shop {}\n/* a /* b */", named: "Shop.swift")
        }
    }

    /// Regex literals are read as the compiler reads them (the layering check's lexer): a brace or a
    /// quote inside one is the literal's.
    @Test func aRegexLiteralWithABraceLeavesTheRequiresAsTheyAre() throws {
        let source = """
            class Shop {
                let pattern = #/\\{"/#
                let other = ##/a/#b/##
                let bare = /\\{/
                let quoted = "\\(pattern) }"
                public var require_a: ((_ x: Int) -> Screen)?
            }
            """
        #expect(try Scaffolder.requires(inAPIFile: source, named: "Shop.swift") == ["require_a"])
    }

    @Test(arguments: ["\r\n", "\r"])
    func anAPIFileWithOtherLineBreaksIsReadAsWithLineFeeds(lineBreak: String) throws {
        let source = try String(
            contentsOf: PackageCopy.sourceRoot.appendingPathComponent("Components/Shop/Shop.swift"), encoding: .utf8)
        let expected = try Scaffolder.requires(inAPIFile: source, named: "Shop.swift")
        #expect(expected.count > 5)
        let other = source.replacingOccurrences(of: "\n", with: lineBreak)
        #expect(try Scaffolder.requires(inAPIFile: other, named: "Shop.swift") == expected)
        // A refusal names the line the compiler would.
        let refused = "/// A note.\npublic final class Shop {\n    var require_a: ((_ x: Int) -> Screen)?\n}\n"
        #expect(throws: ScaffoldError.self) {
            try Scaffolder.requires(
                inAPIFile: refused.replacingOccurrences(of: "\n", with: lineBreak), named: "Shop.swift")
        }
        do {
            _ = try Scaffolder.requires(
                inAPIFile: refused.replacingOccurrences(of: "\n", with: lineBreak), named: "Shop.swift")
        } catch {
            #expect(error.message.hasPrefix("Shop.swift:3: require_a is not public"), "\(error.message)")
        }
    }

    @Test func aRequireNoStubCanAnswerIsRefused() throws {
        let source = "public final class Shop {\n    public var require_count: ((_ shopId: ShopID) -> Float)?\n}\n"
        let api = try ComponentAPIFile(source: source, file: "Components/Shop/Shop.swift")
        let derived = try Self.derived(source, file: "Components/Shop/Shop.swift")
        #expect(
            throws: ScaffoldError(
                "Components/Shop/Shop.swift:2: require_count answers 'Float', which no stub can answer; answer one"
                    + " of Screen, BookingSummary, Bool, Double, Int, String or an array of one, or make the type"
                    + " conform to StubAnswer in the base layer"
            )
        ) {
            try derived.files(answerable: ["BookingSummary"])
        }
        #expect(api.requires.count == 1)
        #expect(derived.isAnswerable("[BookingSummary]", by: ["BookingSummary"]))
        #expect(!derived.isAnswerable("[String: Screen]", by: []))
    }

    @Test func providesAreNamedWhateverTheirOrderAndOnlyWhatAValueCanCall() throws {
        let source = """
            public final class Shop {
                public func provide_detail(scanned: ShopID) -> Screen { fatalError() }
                public func provide_detail(shopId: ShopID) -> Screen { fatalError() }
                public func provide_list(for: String) -> Screen { fatalError() }
                public static func provide_static() -> Screen { fatalError() }
                private func provide_hidden() -> Screen { fatalError() }
                public func provide_opaque() -> some Sendable { 1 }
                struct Nested {
                    public var inner: ((_ x: Int) -> Screen)?
                }
            }
            """
        let api = try ComponentAPIFile(source: source, file: "Shop.swift")
        #expect(api.requires.isEmpty)
        let generated = try #require(try Self.derived(source).files(answerable: []).first)
        #expect(generated.contents.contains("public static let detailScanned = Provide<Screen, ShopID>"))
        #expect(generated.contents.contains("public static let detailShopId = Provide<Screen, ShopID>"))
        #expect(generated.contents.contains("{ `for` in\n            Shop.shared.provide_list(for: `for`)"))
        for skipped in ["provide_static", "provide_hidden", "provide_opaque"] {
            #expect(!generated.contents.contains(skipped))
        }
        let clash = source.replacingOccurrences(
            of: "    public func provide_list",
            with: "    public func provide_detailShopId() -> Screen { fatalError() }\n    public func provide_list")
        #expect(throws: ScaffoldError.self) {
            try Self.derived(clash).files(answerable: [])
        }
    }

    @Test func thePreviewSaysWhoAnswersEachRequireAsTheRouterWiresIt() throws {
        let source = """
            public final class Shop {
                public var require_a: ((_ x: Int) -> Screen)?
                public var require_b: ((_ x: Int) -> Screen)?
                public var require_c: ((_ x: Int) -> Screen)?
                public var require_d: ((_ x: Int) -> Screen)?
                public var require_e: ((_ x: Int) -> Screen)?
                public var require_f: ((_ x: Int) -> Screen)?
                public var require_native: ((_ x: Int) -> Screen)?
                public var require_g: ((_ x: Int) -> Screen)?
            }
            """
        let router = """
            // e: wiring.route(EventRoutes.detail),
            func wire(_ wiring: Wiring<Self>) -> Wired<Shop> {
                wiring.requires(
                    a: wiring.route(EventRoutes.detail),
                    b: wiring
                        .route(
                            ShopRoutes
                                .finder),
                    c:wiring.route( ShellRoutes.bill),
                    d: wiring.provide(atOnce: Groupbuy.Provides.list),
                    f: . unavailable,
                    g: Answer.unavailable,
                    native: wiring.route(ShopRoutes.detail, native: Shop.Provides.detail))
            }
            """
        let derived = try Self.derived(source, router: router)
        #expect(
            derived.answeredBy == [
                "a": "Event", "b": "Shop", "c": "the app's own page", "d": "Groupbuy",
                "f": "nothing: its router declares it unavailable", "native": "Shop",
                "g": "nothing: its router declares it unavailable",
            ])
        let file = try derived.files(answerable: [])[1].contents
        #expect(file.contains(#""require_e": "nothing yet (wire it in Shell/Wiring/Shop/Router/ShopRouter.swift)","#))
    }

    @Test func commentedOutAndStringDeclarationsAreNotRequires() throws {
        let source = """
            class Shop {
                // public var require_old: ((_ x: Int) -> Screen)?
                /* public var require_older: ((_ x: Int) -> Screen)? */
                let note = "public var require_quoted: ((_ x: Int) -> Screen)?"
                public var require_real: ((_ x: [String: Int]?) -> [Screen])?
            }
            """
        #expect(try Scaffolder.requires(inAPIFile: source, named: "Shop.swift") == ["require_real"])
    }

    /// The derived files of an API file `source` in the mall's layout, among the mall's components.
    static func derived(_ source: String, file: String = "Shop.swift", router: String? = nil) throws -> DerivedFiles {
        DerivedFiles(
            component: "Shop", api: try ComponentAPIFile(source: source, file: file), router: router,
            layout: try ComponentLayout.load(packageRoot: PackageCopy.sourceRoot),
            components: ["Shop", "Event", "Groupbuy", "Appointment"])
    }
}
