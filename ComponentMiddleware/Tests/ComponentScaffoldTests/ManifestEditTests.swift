import Foundation
import MiddlewareTesting
import Testing

@testable import ComponentScaffold

/// The scaffolder finds the components list and the router list whatever their layout, and refuses
/// what it cannot read with certainty.
@Suite("Manifest and registry edits")
struct ManifestEditTests {
    private static let coupon = try! ComponentName("Coupon")

    private static let growingComponentsLists: [(String, String)] = [
        (
            "let components = [\n    (\"Shop\", wiresTo: []),\n    (\"Event\", wiresTo: []),\n]\n",
            "let components = [\n    (\"Shop\", wiresTo: []),\n    (\"Event\", wiresTo: []),\n    (\"Coupon\", wiresTo: []),\n]\n"
        ),
        (
            #"let components = [("Shop", wiresTo: []), ("Event", wiresTo: []), ("Groupbuy", wiresTo: []), ("Appointment", wiresTo: [])]"#,
            #"let components = [("Shop", wiresTo: []), ("Event", wiresTo: []), ("Groupbuy", wiresTo: []), ("Appointment", wiresTo: []), ("Coupon", wiresTo: [])]"#
        ),
        (
            #"let components: [(name: String, wiresTo: [String])] = [("Shop", wiresTo: [])]"#,
            #"let components: [(name: String, wiresTo: [String])] = [("Shop", wiresTo: []), ("Coupon", wiresTo: [])]"#
        ),
        (
            "let components = [\n    (\"Shop\", wiresTo: [\"Event\", \"Groupbuy\",]),\n    (\"Event\",wiresTo:[\"Shop\"]),\n]",
            "let components = [\n    (\"Shop\", wiresTo: [\"Event\", \"Groupbuy\",]),\n    (\"Event\",wiresTo:[\"Shop\"]),\n"
                + "    (\"Coupon\", wiresTo: []),\n]"
        ),
        (#"let components = []"#, #"let components = [("Coupon", wiresTo: [])]"#),
        ("let components = [\n]", "let components = [\n    (\"Coupon\", wiresTo: []),\n]"),
        (
            "let components = [\n  (\"Shop\", wiresTo: []),  // the first\n  (\"Event\", wiresTo: [])  // no comma\n]",
            "let components = [\n  (\"Shop\", wiresTo: []),  // the first\n  (\"Event\", wiresTo: []),  // no comma\n  (\"Coupon\", wiresTo: []),\n]"
        ),
        (
            "let components = [\n    (\"Shop\", wiresTo: []), (\"Event\", wiresTo: [])]",
            "let components = [\n    (\"Shop\", wiresTo: []), (\"Event\", wiresTo: []), (\"Coupon\", wiresTo: [])]"
        ),
        (
            "// let components = [\"Old\"]\n/* let components = [] */\nlet components = [(\"Shop\", wiresTo: []) /* ] */]\nlet x = \"let components = [\"",
            "// let components = [\"Old\"]\n/* let components = [] */\nlet components = [(\"Shop\", wiresTo: []), (\"Coupon\", wiresTo: []) /* ] */]\nlet x = \"let components = [\""
        ),
        (
            "let components = [\n    (\"Shop\", wiresTo: []), /* booked;\n       more to come */\n]",
            "let components = [\n    (\"Shop\", wiresTo: []), /* booked;\n       more to come */\n    (\"Coupon\", wiresTo: []),\n]"
        ),
        (
            "let components = [\r\n    (\"Shop\", wiresTo: []),\r\n]\r\n",
            "let components = [\r\n    (\"Shop\", wiresTo: []),\r\n    (\"Coupon\", wiresTo: []),\r\n]\r\n"
        ),
        (
            "let components = [\r\n    (\"Shop\", wiresTo: [])\r\n]",
            "let components = [\r\n    (\"Shop\", wiresTo: []),\r\n    (\"Coupon\", wiresTo: []),\r\n]"
        ),
        // A file that mixes LF and CRLF lines: the new line ends as the last entry's, which keeps its own.
        (
            "// CRLF first\r\nlet components = [\n    (\"Shop\", wiresTo: []),\n]\n",
            "// CRLF first\r\nlet components = [\n    (\"Shop\", wiresTo: []),\n    (\"Coupon\", wiresTo: []),\n]\n"
        ),
        (
            "// LF first\nlet components = [\r\n    (\"Shop\", wiresTo: [])\r\n]\n",
            "// LF first\nlet components = [\r\n    (\"Shop\", wiresTo: []),\r\n    (\"Coupon\", wiresTo: []),\r\n]\n"
        ),
        (
            "// LF first\nlet components = [\r\n]",
            "// LF first\nlet components = [\r\n    (\"Coupon\", wiresTo: []),\r\n]"
        ),
        // A trailing comma on a line of its own is the list's: no second one is added.
        (
            "let components = [\n    (\"Shop\", wiresTo: [])\r\n    ,\n]\n",
            "let components = [\n    (\"Shop\", wiresTo: [])\r\n    ,\n    (\"Coupon\", wiresTo: []),\n]\n"
        ),
        (
            "let components = [\n    (\"Shop\", wiresTo: []) // booked\n    , ]",
            "let components = [\n    (\"Shop\", wiresTo: []), (\"Coupon\", wiresTo: []) // booked\n    , ]"
        ),
        // What follows the last entry or the `[` on its line stays there, its line ending too.
        (
            "let components = [\n    (\"Shop\", wiresTo: []) /* a\r\n   b */\n]",
            "let components = [\n    (\"Shop\", wiresTo: []), /* a\r\n   b */\n    (\"Coupon\", wiresTo: []),\n]"
        ),
        (
            "let components = [\n    (\"Shop\", wiresTo: []) // last\r\n]",
            "let components = [\n    (\"Shop\", wiresTo: []), // last\r\n    (\"Coupon\", wiresTo: []),\r\n]"
        ),
        (
            "let components = [ // none yet\r\n]",
            "let components = [ // none yet\r\n    (\"Coupon\", wiresTo: []),\r\n]"
        ),
        (
            "let x = 1\u{2028}let components = [(\"Shop\", wiresTo: [])]",
            "let x = 1\u{2028}let components = [(\"Shop\", wiresTo: []), (\"Coupon\", wiresTo: [])]"
        ),
    ]

    @Test(arguments: TestText.pairs(growingComponentsLists))
    func theComponentsListGrowsInItsOwnLayout(manifest: TestText, expected: TestText) throws {
        #expect(try Scaffolder.addComponent(Self.coupon, toManifest: manifest.text) == expected.text)
    }

    private static let unreadableComponentsLists: [(String, String)] = [
        (
            #"let components = [("Shop", wiresTo: [])] + extra"#,
            "the list `let components` of Package.swift is not written as one array literal [ … ]; add the component by hand"
        ),
        (
            #"let components = [("Shop", wiresTo: []), "Ev\(ent)"]"#,
            #"the list `let components` of Package.swift holds '"Ev\(ent)"', which is not an entry like ("{Name}", wiresTo: []); correct the entry in components.json's scaffold.lists, or add the component by hand"#
        ),
        (
            "let components = [(\"Shop\", wiresTo: [])]\nlet components = [(\"Event\", wiresTo: [])]",
            "the list `let components` of Package.swift is declared 2 times; keep one, or add the component by hand"
        ),
        (
            #"let components = [("Shop", wiresTo: []), ("Coupon", wiresTo: [])]"#,
            #"("Coupon", wiresTo: []) is already in the list `let components` of Package.swift; remove that entry if its component is gone, or choose another name"#
        ),
        (
            #"let components = Array([("Shop", wiresTo: [])])"#,
            "the list `let components` of Package.swift is not written as one array literal [ … ]; add the component by hand"
        ),
        (
            #"let components = [("Shop", wiresTo: [])"#,
            "the list `let components` of Package.swift is not written as one array literal [ … ]; add the component by hand"
        ),
        (
            #"let components = [("Shop", wiresTo: []), f(["x"])]"#,
            #"the list `let components` of Package.swift holds 'f(["x"])', which is not an entry like ("{Name}", wiresTo: []); correct the entry in components.json's scaffold.lists, or add the component by hand"#
        ),
        (
            // Lines a carriage return alone ends, in the list or after it, are named, not misread.
            "let components = [\r    (\"Shop\", wiresTo: []),\r]\r",
            "line 1 of Package.swift ends in a carriage return alone; convert the file's line endings to LF or"
                + " CRLF and run again, or add the component by hand"
        ),
        (
            "let components = [(\"Shop\", wiresTo: [])]\r\nlet x = 1\r",
            "line 2 of Package.swift ends in a carriage return alone; convert the file's line endings to LF or"
                + " CRLF and run again, or add the component by hand"
        ),
        (
            "  let components = [(\"Shop\", wiresTo: [])]\nlet x = 1 let components = []",
            "the list `let components` of Package.swift is declared 2 times; keep one, or add the component by hand"
        ),
    ]

    @Test(arguments: TestText.pairs(unreadableComponentsLists))
    func aListItCannotReadIsRefused(manifest: TestText, message: TestText) {
        #expect(throws: ScaffoldError(message.text)) {
            try Scaffolder.addComponent(Self.coupon, toManifest: manifest.text)
        }
    }

    /// A list is still read (as `--check` and `--regenerate` read it) where a carriage return alone ends
    /// a line: only adding to it is refused, since the new line would follow another style.
    @Test(arguments: [
        "// A comment\rlet components = [(\"Shop\", wiresTo: [])]\n",
        "let components = [\r    (\"Shop\", wiresTo: []),\r    (\"Event\", wiresTo: []),\r]\rlet x = 1\r",
    ])
    func aListWithCarriageReturnsAloneIsStillRead(manifest: String) throws {
        let entries = try Scaffolder.componentsList.entries(in: manifest)
        #expect(entries.count == (manifest.contains("Event") ? 2 : 1))
        #expect(entries.first == #"("Shop", wiresTo: [])"#)
    }

    private static let growingRouterLists: [(String, String)] = [
        (
            "import ShopRouter\n\n    static let entries: [RouterEntry] = [\n        RouterEntry(\"Shop\") { ShopRouter(links: $0) },\n    ]",
            "import CouponRouter\nimport ShopRouter\n\n    static let entries: [RouterEntry] = [\n        RouterEntry(\"Shop\") { ShopRouter(links: $0) },\n        RouterEntry(\"Coupon\") { CouponRouter(links: $0) },\n    ]"
        ),
        (
            "import Alpha\n// import Zeta\nstatic let entries: [RouterEntry] = [\n    RouterEntry( \"Shop\" ) {\n        ShopRouter(links: $0)\n    }, /* last\n for now */\n]",
            "import Alpha\nimport CouponRouter\n// import Zeta\nstatic let entries: [RouterEntry] = [\n    RouterEntry( \"Shop\" ) {\n        ShopRouter(links: $0)\n    }, /* last\n for now */\n    RouterEntry(\"Coupon\") { CouponRouter(links: $0) },\n]"
        ),
        (
            "import AppointmentRouter\r\nimport MallRouting\r\nstatic let entries:[RouterEntry]=[RouterEntry(\"Shop\"){ShopRouter(links:$0)}, RouterEntry(\"Event\") { EventRouter(links: $0) }]",
            "import AppointmentRouter\r\nimport CouponRouter\r\nimport MallRouting\r\nstatic let entries:[RouterEntry]=[RouterEntry(\"Shop\"){ShopRouter(links:$0)}, RouterEntry(\"Event\") { EventRouter(links: $0) }, RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        // Mixed LF and CRLF lines: each new line ends as the line it is put after does.
        (
            "// header\r\nimport ShopRouter\n\n    static let entries: [RouterEntry] = [\n        RouterEntry(\"Shop\") { ShopRouter(links: $0) },\n    ]",
            "// header\r\nimport CouponRouter\nimport ShopRouter\n\n    static let entries: [RouterEntry] = [\n        RouterEntry(\"Shop\") { ShopRouter(links: $0) },\n        RouterEntry(\"Coupon\") { CouponRouter(links: $0) },\n    ]"
        ),
        (
            "import AppointmentRouter\nimport EventRouter\r\nstatic let entries: [RouterEntry] = []\n",
            "import AppointmentRouter\nimport CouponRouter\nimport EventRouter\r\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]\n"
        ),
        // An import inside #if holds only where its condition does: the new one goes among the others.
        (
            "import AppointmentRouter\n#if DEBUG\nimport BDebug\n#endif\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n#if DEBUG\nimport BDebug\n#endif\n"
                + "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "import AppointmentRouter\n#if DEBUG\nimport DebugMenu\n#endif\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n#if DEBUG\nimport DebugMenu\n#endif\nimport EventRouter\n"
                + "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        // An attribute on a line of its own stays with its import.
        (
            "import AppointmentRouter\n@preconcurrency\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n@preconcurrency\nimport EventRouter\n"
                + "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        // A comment or an attribute directly above an import stays with it; a file's header stays above.
        (
            "import AppointmentRouter\n// Events, for the calendar\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n// Events, for the calendar\nimport EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "import AppointmentRouter\n@preconcurrency\n// still older code\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n@preconcurrency\n// still older code\nimport EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "import AppointmentRouter\n\n/* Events,\n   for the calendar */\r\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n\n/* Events,\n   for the calendar */\r\nimport EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "// Routers.swift: the list of routers\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "// Routers.swift: the list of routers\nimport CouponRouter\nimport EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "@preconcurrency import AppointmentRouter\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "@preconcurrency import AppointmentRouter\nimport CouponRouter\nimport EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        // The new import follows the one it sorts after, so nothing above the next import is taken from it.
        (
            "import AppointmentRouter\nlet onLaunch:\n    @Sendable () -> Void = {}\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\nlet onLaunch:\n    @Sendable () -> Void = {}\nimport EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "import AppointmentRouter\n@preconcurrency\n\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n@preconcurrency\n\nimport EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "import AppointmentRouter\n#if compiler(>=6.0)\n@preconcurrency\n#endif\nimport EventRouter\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n#if compiler(>=6.0)\n@preconcurrency\n#endif\nimport EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        // Imports spelled with an access level or an attribute sort by their module.
        (
            "public import AppointmentRouter\n@preconcurrency import EventRouter\nstatic let entries: [RouterEntry] = []",
            "public import AppointmentRouter\nimport CouponRouter\n@preconcurrency import EventRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        // A directive counts wherever the compiler reads one: after a comment, a form feed, a byte order mark.
        (
            "import AppointmentRouter\n/* Windows builds only,\n   see the port notes */ #if os(Windows)\nimport WinSDK\n#endif\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n/* Windows builds only,\n   see the port notes */ #if os(Windows)\nimport WinSDK\n#endif\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "import AppointmentRouter\n\u{0C}#if os(Windows)\nimport WinSDK\n#endif\nstatic let entries: [RouterEntry] = []",
            "import AppointmentRouter\nimport CouponRouter\n\u{0C}#if os(Windows)\nimport WinSDK\n#endif\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "\u{FEFF}#if os(Windows)\nimport AWinSDK\n#endif\nimport AppointmentRouter\nstatic let entries: [RouterEntry] = []",
            "\u{FEFF}#if os(Windows)\nimport AWinSDK\n#endif\nimport AppointmentRouter\nimport CouponRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        // First in order: after the code above the first import, unless that code may be an attribute waiting for it.
        (
            "static let entries: [RouterEntry] = []\n// The routers\nimport EventRouter",
            "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]\nimport CouponRouter\n// The routers\nimport EventRouter"
        ),
        (
            "static let entries: [RouterEntry] = []\n@_spi(\n    Internal)\nimport EventRouter",
            "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]\n@_spi(\n    Internal)\nimport EventRouter\nimport CouponRouter"
        ),
        (
            "static let entries: [RouterEntry] = []\nimport AppointmentRouter; @preconcurrency\nimport EventRouter",
            "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]\nimport AppointmentRouter; @preconcurrency\nimport EventRouter\nimport CouponRouter"
        ),
        (
            // The last import ends with no break: the new one ends as the line before it does.
            "// header\r\nstatic let entries: [RouterEntry] = []\nimport AppointmentRouter\nimport ShopRouter",
            "// header\r\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]\n"
                + "import AppointmentRouter\nimport CouponRouter\nimport ShopRouter"
        ),
        (
            // An import of the router already there, a comment after it, is not added again.
            "import CouponRouter  // the new one\nstatic let entries: [RouterEntry] = []",
            "import CouponRouter  // the new one\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            "static let entries: [RouterEntry] = []\r\nimport ShopRouter",
            "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]\r\nimport CouponRouter\r\nimport ShopRouter"
        ),
        // An empty list written over lines gets its first entry one level deeper than the line that opens it.
        (
            "import ShopRouter\nenum Routers {\n    static let entries: [RouterEntry] = [\n    ]\n}",
            "import CouponRouter\nimport ShopRouter\nenum Routers {\n    static let entries: [RouterEntry] = [\n"
                + "        RouterEntry(\"Coupon\") { CouponRouter(links: $0) },\n    ]\n}"
        ),
        (
            "import ShopRouter\n    /* The registry,\n       empty for now. */ static let entries: [RouterEntry] = [\n    ]",
            "import CouponRouter\nimport ShopRouter\n    /* The registry,\n       empty for now. */ static let entries: [RouterEntry] = [\n"
                + "        RouterEntry(\"Coupon\") { CouponRouter(links: $0) },\n    ]"
        ),
        (
            "import ShopRouter\n\tstatic let entries: [RouterEntry] = [ // none yet\r\n\t]",
            "import CouponRouter\nimport ShopRouter\n\tstatic let entries: [RouterEntry] = [ // none yet\r\n"
                + "\t\tRouterEntry(\"Coupon\") { CouponRouter(links: $0) },\r\n\t]"
        ),
        (
            "import CouponRouter\nstatic let entries: [RouterEntry] = []",
            "import CouponRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
        (
            // The list's words after a prepended mark, inside a raw identifier, are not the list.
            "import ShopRouter\nstatic func `\u{D4E}static let entries: [RouterEntry] = [`() {}\n"
                + "static let entries: [RouterEntry] = []",
            "import CouponRouter\nimport ShopRouter\nstatic func `\u{D4E}static let entries: [RouterEntry] = [`() {}\n"
                + "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]"
        ),
    ]

    @Test(arguments: TestText.pairs(growingRouterLists))
    func theRouterListGrowsInItsOwnLayout(registry: TestText, expected: TestText) throws {
        #expect(try Scaffolder.addRouter(Self.coupon, toRegistry: registry.text) == expected.text)
    }

    @Test func aRegistryWithALineThatACarriageReturnAloneEndsIsNamedByItsPath() {
        #expect(
            throws: ScaffoldError(
                "line 2 of Shell/Launch/Routers.swift ends in a carriage return alone; convert the file's line"
                    + " endings to LF or CRLF and run again, or add the component by hand")
        ) {
            try Scaffolder.addRouter(
                Self.coupon, toRegistry: "import ShopRouter\nstatic let entries: [RouterEntry] = []\r")
        }
    }

    /// However the router's import is spelled, it is not added a second time.
    @Test(arguments: [
        "import CouponRouter;", "import\tCouponRouter", "import  CouponRouter", "public import CouponRouter",
        "@_exported import CouponRouter", "@preconcurrency import CouponRouter /* here */",
    ])
    func anImportAlreadyThereIsNotAddedAgain(spelling: String) throws {
        let registry = "import AppointmentRouter\n\(spelling)\nstatic let entries: [RouterEntry] = []"
        #expect(
            try Scaffolder.addRouter(Self.coupon, toRegistry: registry)
                == "import AppointmentRouter\n\(spelling)\n"
                + "static let entries: [RouterEntry] = [RouterEntry(\"Coupon\") { CouponRouter(links: $0) }]")
    }

    @Test func anEntryOfTheSameNameSpelledAnotherWayIsRefused() {
        #expect(
            throws: ScaffoldError(
                "RouterEntry(\"Coupon\") { CouponRouter(links: $0) } is already in the list `static let entries`"
                    + " of Shell/Launch/Routers.swift; remove that entry if its component is gone, or choose another name"
            )
        ) {
            try Scaffolder.addRouter(
                Self.coupon,
                toRegistry:
                    "import ShopRouter\nstatic let entries: [RouterEntry] = [RouterEntry(\"Coupon\") {CouponRouter(links:$0)}]"
            )
        }
    }

    @Test func aRegistryWithoutImportsIsRefused() {
        // An import in a comment or a string is not one.
        let registry = """
            /*
            import ShopRouter
            */ let x = \"""
            import EventRouter
            \"""
            static let entries: [RouterEntry] = []
            """
        #expect(
            throws: ScaffoldError(
                "Shell/Launch/Routers.swift has no import lines outside an #if block to add 'import CouponRouter' to;"
                    + " add an import line to it, or add the component by hand")
        ) {
            try Scaffolder.addRouter(Self.coupon, toRegistry: registry)
        }
    }
}

/// The entries of the mall's two lists, as its components.json describes them.
extension Scaffolder {
    static let manifestList = ComponentLayout.Scaffold.List(
        file: "Package.swift", declaration: "let components", entry: .init(text: #"("{Name}", wiresTo: [])"#),
        module: nil)
    static let registryList = ComponentLayout.Scaffold.List(
        file: "Shell/Launch/Routers.swift", declaration: "static let entries",
        entry: .init(text: #"RouterEntry("{Name}") { {Name}Router(links: $0) }"#), module: .init(text: "{Name}Router"))

    static var componentsList: ArrayLiteralEdit { edit(of: manifestList) }

    static func addComponent(_ component: ComponentName, toManifest manifest: String) throws(ScaffoldError) -> String {
        try add(component, to: manifestList, in: manifest)
    }

    static func addRouter(_ component: ComponentName, toRegistry registry: String) throws(ScaffoldError) -> String {
        try add(component, to: registryList, in: registry)
    }
}

/// How a list's entries name their components, learnt from the entry the scaffolder adds.
@Suite("List entries")
struct EntryPatternTests {
    @Test(arguments: [
        (#"("{Name}", wiresTo: [])"#, #"("Shop", wiresTo: [])"#, "Shop"),
        (#"("{Name}", wiresTo: [])"#, #"("Area0001", wiresTo: ["Area0002","Area0003"])"#, "Area0001"),
        (#"("{Name}", wiresTo: [])"#, "( \"Shop\" ,wiresTo : [ \"Event\" , ] )", "Shop"),
        (#"("{Name}", wiresTo: [])"#, "(\n\t\"Shop\",\n\twiresTo: [])", "Shop"),
        (
            #"RouterEntry("{Name}") { {Name}Router(links: $0) }"#, #"RouterEntry("Shop") { ShopRouter(links: $0) }"#,
            "Shop"
        ),
        (
            #"RouterEntry("{Name}") { {Name}Router(links: $0) }"#, #"RouterEntry ( "Shop" ){ShopRouter( links:$0 )}"#,
            "Shop"
        ),
        (#"{Name}Router()"#, "NotesRouter()", "Notes"),
        (#""{Name}""#, #""Tags""#, "Tags"),
    ])
    func anEntryNamesItsComponent(pattern: String, entry: String, name: String) {
        #expect(EntryPattern(entry: pattern).name(in: Substring(entry)) == Substring(name))
    }

    @Test(arguments: [
        (#"("{Name}", wiresTo: [])"#, #"["Shop", wiresTo: []]"#),
        (#"("{Name}", wiresTo: [])"#, #"(Shop, wiresTo: [])"#),
        (#"("{Name}", wiresTo: [])"#, #"("", wiresTo: [])"#),
        (#"("{Name}", wiresTo: [])"#, #"("1Shop", wiresTo: [])"#),
        (#"RouterEntry("{Name}") { {Name}Router(links: $0) }"#, #"Entry("Shop") { ShopRouter(links: $0) }"#),
        (#"{Name}Router()"#, "Router()"),
        (#"{Name}Router()"#, "Notes()"),
        (#""{Name}""#, "Tags"),
        (#""{Name}""#, ""),
    ])
    func anEntryOfAnotherShapeNamesNone(pattern: String, entry: String) {
        #expect(EntryPattern(entry: pattern).name(in: Substring(entry)) == nil)
    }

    /// Every entry the scaffolder writes, of any name, reads back as that name.
    @Test func theEntryWrittenReadsBack() {
        var generator = SystemRandomNumberGenerator()
        let patterns = [
            #"("{Name}", wiresTo: [])"#, #"RouterEntry("{Name}") { {Name}Router(links: $0) }"#, "{Name}Router()",
            #""{Name}""#, "{Name}.self",
        ]
        let letters = Array("ABCXYZabcxyz019_")
        for _ in 0..<2_000 {
            let name =
                "Q"
                + String(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in letters.randomElement(using: &generator)!
                    })
            for pattern in patterns {
                let entry = pattern.replacingOccurrences(of: "{Name}", with: name)
                #expect(EntryPattern(entry: pattern).name(in: Substring(entry)) == Substring(name), "\(entry)")
            }
        }
    }
}
