import MiddlewareTesting
import Testing

@testable import ComponentScaffold

/// The declaration grammar and the list editor never trap: any input is parsed or refused, and an
/// accepted edit adds exactly the new entry and changes nothing else.
@Suite("Hostile input")
struct HostileInputTests {
    private static let baseTypes = BaseTypes(concrete: ["ShopID", "Screen"], hashable: ["ShopID"])

    @Test(arguments: [
        TestText(String(repeating: "[", count: 100_000) + "Int" + String(repeating: "]", count: 100_000)),
        TestText(
            "a(x: " + String(repeating: "Optional<", count: 100_000) + "Int" + String(repeating: ">", count: 100_000)
                + ")"),
        TestText("a(x: Int" + String(repeating: "?", count: 100_000) + ")"),
        TestText(String(repeating: "a", count: 1_000_000)),
        TestText("a(" + String(repeating: "x: Int, ", count: 10_000) + ")"),
        "a(x: \u{202E}Int)", "a(x: Int\u{0})", "\u{FEFF}a(x: Int)", "a(x: Int)\n",
        "a(x: Int", "a(x: Int))", "a((x: Int)", "a(x: [Int: ])", "a(x: Set<>)", "a(x: Int,)", "a(,)",
    ])
    func extremeDeclarationsAreRefusedWithoutTrapping(declaration: TestText) {
        #expect(throws: ScaffoldError.self) {
            try Signature(parsing: declaration.text, baseTypes: Self.baseTypes)
        }
    }

    @Test func randomDeclarationsAreParsedOrRefused() {
        var generator = SeededGenerator(seed: 11)
        let pieces = [
            "a", "b", "x", "Int", "String", "ShopID", "Screen", "Array", "Set", "Dictionary", "Optional",
            "(", ")", "[", "]", "<", ">", ":", ",", "?", " ", "throws", "async", "_", "é", "\u{0}", "->", ".",
        ]
        var accepted = 0
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            if let signature = try? Signature(parsing: text, baseTypes: Self.baseTypes, isRequire: true) {
                accepted += 1
                // What is accepted is normalised into a form the grammar accepts again, unchanged.
                let again = try? Signature(parsing: signature.written, baseTypes: Self.baseTypes, isRequire: true)
                #expect(again == signature, "\(text)")
            }
        }
        #expect(accepted > 50)
    }

    @Test func randomManifestsAreEditedExactlyOrRefused() {
        var generator = SeededGenerator(seed: 12)
        let pieces = [
            "let components = [", "let components: [(name: String, wiresTo: [String])] = [", "(\"Shop\", wiresTo: [])",
            "(\"Event\", wiresTo: [\"Shop\"])", "\"Shop\"", ",", "]", "\n",
            "    ", "// c\n", "/* ] */", "\"]\"", "#\"x\"#", "\"\"\"\n]\n\"\"\"", "[", "f(", ")", "+ x", ";",
        ]
        let coupon = try! ComponentName("Coupon")
        var accepted = 0
        for _ in 0..<20_000 {
            let manifest = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            guard let edited = try? Scaffolder.addComponent(coupon, toManifest: manifest) else { continue }
            accepted += 1
            let added = edited.count - manifest.count
            #expect(added > 0 && edited.contains("\"Coupon\""), "\(manifest)")
            // Removing the one inserted run of characters gives the manifest back.
            let difference = edited.difference(from: manifest)
            #expect(difference.removals.isEmpty, "\(manifest)")
            #expect(
                String(difference.insertions.map { if case .insert(_, let c, _) = $0 { c } else { " " } }).contains(
                    "Coupon"))
        }
        #expect(accepted > 50)
    }

    /// Random import sections: the router's import is added once, as one line of its own outside any
    /// `#if`, with no attribute line directly above it (which would apply to it), every other byte kept;
    /// adding it again changes nothing.
    @Test func randomImportSectionsGainTheImportExactlyOrAreRefused() {
        var generator = SeededGenerator(seed: 13)
        let pieces = [
            "import AppointmentRouter\n", "import EventRouter\r\n", "import ShopRouter", "@preconcurrency\n",
            "@preconcurrency import BRouter\n", "// a comment\n", "/* a\n b */\n", "\n", "\r\n", "#if DEBUG\n",
            "#endif\n", "let x = \"\"\"\nimport ARouter\n\"\"\"\n", "  ", "import CouponRouter;\n", "func f() {}\n",
        ]
        let line = "import CouponRouter"
        var accepted = 0
        for _ in 0..<20_000 {
            let source = (0..<Int.random(in: 1...10, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            guard let edited = try? ImportEdit.adding("CouponRouter", to: source, in: "Routers.swift") else { continue }
            #expect((try? ImportEdit.adding("CouponRouter", to: edited, in: "Routers.swift")) == edited, "\(source)")
            guard edited != source else { continue }
            accepted += 1
            let editedLines = edited.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            guard let index = editedLines.firstIndex(where: { $0 == line }) else {
                Issue.record("no line '\(line)' in \(edited.debugDescription) from \(source.debugDescription)")
                continue
            }
            let above = index > 0 ? editedLines[index - 1].drop { $0 == " " || $0 == "\t" } : ""
            #expect(!above.hasPrefix("@") || above.contains("import "), "\(source.debugDescription)")
            // Directives count wherever they stand on a line, as the compiler reads them after a `;`.
            let depth = editedLines[..<index].reduce(0) { depth, line in
                line.split(separator: " ").reduce(depth) { depth, word in
                    word.hasPrefix("#if") ? depth + 1 : word.hasPrefix("#endif") ? max(depth - 1, 0) : depth
                }
            }
            #expect(depth == 0, "\(source.debugDescription)")
            let added = edited.unicodeScalars.count - source.unicodeScalars.count
            #expect(added == line.count + 1 || added == line.count + 2, "\(source.debugDescription)")
            // Removing the one inserted run of characters gives the source back.
            let difference = edited.unicodeScalars.difference(from: source.unicodeScalars)
            #expect(difference.removals.isEmpty, "\(source.debugDescription)")
        }
        #expect(accepted > 500)
    }
}
