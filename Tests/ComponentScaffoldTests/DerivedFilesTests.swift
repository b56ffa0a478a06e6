import ComponentScaffold
import Foundation
import Testing

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
                /// The mall's parking page for a shop.
                public var require_parking: ((_ shopId: ShopID, _ level: Int) -> Screen)?

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
        #expect(generated.contains(#"Requirement("require_parking", \.require_parking, labels: ["shopId", "level"]),"#))
        #expect(
            generated.contains(
                "    func parking(_ shopId: ShopID, _ level: Int) -> Screen {\n"
                    + "        require_parking?(shopId, level) ?? .unavailable(\"Shop.require_parking\")\n"))
        let answers = try String(
            contentsOf: copy.root.appendingPathComponent("Components/Shop/Preview/ShopPreview+AnsweredBy.swift"),
            encoding: .utf8)
        #expect(
            answers.contains(#""require_parking": "nothing yet: Shell/Routers/ShopRouter.swift does not wire it","#))
    }

    @Test func theCommandChecksAndRegenerates() throws {
        let copy = try PackageCopy()
        defer { copy.remove() }
        let generated = copy.root.appendingPathComponent("Components/Event/Event+Generated.swift")
        try "// edited by hand\n".write(to: generated, atomically: true, encoding: .utf8)
        let tool = PackageCopy.sourceRoot.appendingPathComponent(".build/debug/new-component").path
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
    }

    @Test(arguments: [
        (
            "public var require_a: (_ x: Int) -> Screen",
            "Shop.swift: require_a is not an optional closure; write it as an optional closure with named parameters, e.g. public var require_a: ((_ shopId: ShopID) -> Screen)?"
        ),
        (
            "public var require_a: ((Int) -> Screen)?",
            "Shop.swift: the parameter 'Int' of require_a has no name; write it as an optional closure with named parameters, e.g. public var require_a: ((_ shopId: ShopID) -> Screen)?"
        ),
        (
            "public var require_a: ((_ x: Int) async -> Screen)?",
            "Shop.swift: require_a has 'async' before its arrow; a require is a plain closure, without async, throws or attributes; write it as an optional closure with named parameters, e.g. public var require_a: ((_ shopId: ShopID) -> Screen)?"
        ),
        (
            "public var require_a: ((_ x: Int) -> Screen)?\npublic var require_a: ((_ y: Int) -> Screen)?",
            "Shop.swift declares require_a twice; keep one"
        ),
        (
            "public var require_a: ((_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int) -> Screen)?",
            "Shop.swift: require_a takes 7 parameters; a require takes at most 6: pass a value type of the base layer instead"
        ),
    ])
    func aDeclarationTheListCannotExpressIsRefused(declaration: String, message: String) {
        #expect(throws: ScaffoldError(message)) {
            try Scaffolder.requires(inAPIFile: "class Shop {\n\(declaration)\n}\n", named: "Shop.swift")
        }
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
}
