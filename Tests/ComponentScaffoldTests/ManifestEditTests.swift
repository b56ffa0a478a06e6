import Testing

@testable import ComponentScaffold

/// The scaffolder finds the components list and the router list whatever their layout, and refuses
/// what it cannot read with certainty.
@Suite("Manifest and registry edits")
struct ManifestEditTests {
    private static let coupon = try! ComponentName("Coupon")

    @Test(arguments: [
        (
            "let components = [\n    \"Shop\",\n    \"Event\",\n]\n",
            "let components = [\n    \"Shop\",\n    \"Event\",\n    \"Coupon\",\n]\n"
        ),
        (
            #"let components = ["Shop", "Event", "Groupbuy", "Appointment"]"#,
            #"let components = ["Shop", "Event", "Groupbuy", "Appointment", "Coupon"]"#
        ),
        (#"let components: [String] = ["Shop"]"#, #"let components: [String] = ["Shop", "Coupon"]"#),
        (#"let components = []"#, #"let components = ["Coupon"]"#),
        ("let components = [\n]", "let components = [\n    \"Coupon\",\n]"),
        (
            "let components = [\n  \"Shop\",  // the first\n  \"Event\"  // no comma\n]",
            "let components = [\n  \"Shop\",  // the first\n  \"Event\",\n  \"Coupon\",  // no comma\n]"
        ),
        (
            "let components = [\n    \"Shop\", \"Event\"]",
            "let components = [\n    \"Shop\", \"Event\", \"Coupon\"]"
        ),
        (
            "// let components = [\"Old\"]\n/* let components = [] */\nlet components = [\"Shop\" /* ] */]\nlet x = \"let components = [\"",
            "// let components = [\"Old\"]\n/* let components = [] */\nlet components = [\"Shop\", \"Coupon\" /* ] */]\nlet x = \"let components = [\""
        ),
        (
            "let components = [\n    \"Shop\", /* booked;\n       more to come */\n]",
            "let components = [\n    \"Shop\", /* booked;\n       more to come */\n    \"Coupon\",\n]"
        ),
        (
            "let components = [\r\n    \"Shop\",\r\n]\r\n",
            "let components = [\r\n    \"Shop\",\r\n    \"Coupon\",\r\n]\r\n"
        ),
        (
            "let components = [\r\n    \"Shop\"\r\n]",
            "let components = [\r\n    \"Shop\",\r\n    \"Coupon\",\r\n]"
        ),
    ])
    func theComponentsListGrowsInItsOwnLayout(manifest: String, expected: String) throws {
        #expect(try Scaffolder.addComponent(Self.coupon, toManifest: manifest) == expected)
    }

    @Test(arguments: [
        (
            #"let components = ["Shop"] + extra"#,
            "the `let components = [ … ]` list of Package.swift is not written as one array literal [ … ]; add the component by hand"
        ),
        (
            #"let components = ["Shop", "Ev\(ent)"]"#,
            #"the `let components = [ … ]` list of Package.swift holds '"Ev\(ent)"', which is not a plain entry; add the component by hand"#
        ),
        (
            "let components = [\"Shop\"]\nlet components = [\"Event\"]",
            "the `let components = [ … ]` list of Package.swift is declared 2 times; keep one, or add the component by hand"
        ),
        (
            #"let components = ["Shop", "Coupon"]"#,
            #""Coupon" is already in the `let components = [ … ]` list of Package.swift"#
        ),
        (
            #"let components = Array(["Shop"])"#,
            "the `let components = [ … ]` list of Package.swift is not written as one array literal [ … ]; add the component by hand"
        ),
        (
            #"let components = ["Shop""#,
            "the `let components = [ … ]` list of Package.swift is not written as one array literal [ … ]; add the component by hand"
        ),
        (
            #"let components = ["Shop", f(["x"])]"#,
            #"the `let components = [ … ]` list of Package.swift holds 'f(["x"])', which is not a plain entry; add the component by hand"#
        ),
    ])
    func aListItCannotReadIsRefused(manifest: String, message: String) {
        #expect(throws: ScaffoldError(message)) {
            try Scaffolder.addComponent(Self.coupon, toManifest: manifest)
        }
    }

    @Test(arguments: [
        (
            "    static func all(links: Links) -> [any ComponentRouter] {\n        [\n            ShopRouter(links: links),\n        ]\n    }",
            "    static func all(links: Links) -> [any ComponentRouter] {\n        [\n            ShopRouter(links: links),\n            CouponRouter(links: links),\n        ]\n    }"
        ),
        (
            "static func all(links: Links) -> [any ComponentRouter] {\n    [\n        ShopRouter(links: links), /* last\n for now */\n    ]\n}",
            "static func all(links: Links) -> [any ComponentRouter] {\n    [\n        ShopRouter(links: links), /* last\n for now */\n        CouponRouter(links: links),\n    ]\n}"
        ),
        (
            "static func all(links: Links) -> [any ComponentRouter] { return [ShopRouter(links: links), EventRouter(links: links)] }",
            "static func all(links: Links) -> [any ComponentRouter] { return [ShopRouter(links: links), EventRouter(links: links), CouponRouter(links: links)] }"
        ),
    ])
    func theRouterListGrowsInItsOwnLayout(registry: String, expected: String) throws {
        #expect(try Scaffolder.addRouter(Self.coupon, toRegistry: registry) == expected)
    }
}
