import LayeringCheck
import Testing

@Suite("Import scanner")
struct ImportScannerTests {
    /// One source snippet and the imports it must yield, as `module@line:column`.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let forms: [Case] = [
        Case(name: "plain", source: "import Shop", expected: ["Shop@1:1"]),
        Case(name: "submodule", source: "import Shop.Sub", expected: ["Shop@1:1"]),
        Case(name: "struct", source: "import struct Shop.Detail", expected: ["Shop@1:1"]),
        Case(name: "class", source: "import class Shop.Store", expected: ["Shop@1:1"]),
        Case(name: "enum", source: "import enum Shop.Kind", expected: ["Shop@1:1"]),
        Case(name: "protocol", source: "import protocol Shop.Provider", expected: ["Shop@1:1"]),
        Case(name: "typealias", source: "import typealias Shop.Alias", expected: ["Shop@1:1"]),
        Case(name: "func", source: "import func Shop.make", expected: ["Shop@1:1"]),
        Case(name: "operator func", source: "import func Shop.+", expected: ["Shop@1:1"]),
        Case(name: "let", source: "import let Shop.constant", expected: ["Shop@1:1"]),
        Case(name: "var", source: "import var Shop.variable", expected: ["Shop@1:1"]),
        Case(name: "public", source: "public import Shop", expected: ["Shop@1:1"]),
        Case(name: "package", source: "package import Shop", expected: ["Shop@1:1"]),
        Case(name: "internal", source: "internal import Shop", expected: ["Shop@1:1"]),
        Case(name: "fileprivate", source: "fileprivate import Shop", expected: ["Shop@1:1"]),
        Case(name: "private", source: "private import Shop", expected: ["Shop@1:1"]),
        Case(name: "@testable", source: "@testable import Shop", expected: ["Shop@1:1"]),
        Case(name: "@_exported", source: "@_exported import Shop", expected: ["Shop@1:1"]),
        Case(name: "@_implementationOnly", source: "@_implementationOnly import Shop", expected: ["Shop@1:1"]),
        Case(name: "@preconcurrency", source: "@preconcurrency import Shop", expected: ["Shop@1:1"]),
        Case(name: "@_spi", source: "@_spi(Internal) import Shop", expected: ["Shop@1:1"]),
        Case(name: "@_spiOnly", source: "@_spiOnly import Shop", expected: ["Shop@1:1"]),
        Case(name: "@_weakLinked", source: "@_weakLinked import Shop", expected: ["Shop@1:1"]),
        Case(
            name: "attributes combined", source: "@testable @preconcurrency public import Shop", expected: ["Shop@1:1"]),
        Case(name: "attribute on its own line", source: "@testable\nimport Shop", expected: ["Shop@1:1"]),
        Case(name: "semicolons", source: "import Foundation; import Shop", expected: ["Foundation@1:1", "Shop@1:20"]),
        Case(name: "line break before the name", source: "import\n    Shop", expected: ["Shop@1:1"]),
        Case(name: "comment before the name", source: "import /* why */ Shop", expected: ["Shop@1:1"]),
        Case(name: "backticked module", source: "import `Shop`", expected: ["Shop@1:1"]),
        Case(name: "indented", source: "    import Shop", expected: ["Shop@1:5"]),
        Case(name: "after a shebang-free header", source: "// header\n\nimport Shop\n", expected: ["Shop@3:1"]),
        Case(
            name: "every #if branch",
            source:
                "#if os(macOS)\nimport Shop\n#elseif canImport(Glibc)\n  import Event\n#else\nimport Groupbuy\n#endif",
            expected: ["Shop@2:1", "Event@4:3", "Groupbuy@6:1"]
        ),
        Case(name: "after a declaration", source: "let x = 1\nimport Shop", expected: ["Shop@2:1"]),
        Case(name: "after a multi-byte character", source: "let é = 1; import Shop", expected: ["Shop@1:13"]),
    ]

    static let traps: [Case] = [
        Case(name: "line comment", source: "// import Shop", expected: []),
        Case(name: "doc comment", source: "/// import Shop\nlet x = 1", expected: []),
        Case(name: "block comment", source: "/* import Shop */", expected: []),
        Case(
            name: "nested block comment", source: "/* /* inner */ import Shop */ import Event", expected: ["Event@1:31"]
        ),
        Case(name: "string", source: "let s = \"import Shop\"", expected: []),
        Case(name: "escaped quote in string", source: "let s = \"\\\" import Shop\"", expected: []),
        Case(name: "multi-line string", source: "let s = \"\"\"\nimport Shop\n\"\"\"", expected: []),
        Case(
            name: "quotes inside multi-line string", source: "let s = \"\"\"\n\"a\" \"\" import Shop\n\"\"\"",
            expected: []),
        Case(name: "raw string", source: "let s = #\"import Shop \" import Shop\"#", expected: []),
        Case(name: "raw multi-line string", source: "let s = ##\"\"\"\nimport Shop \"\"\"# \n\"\"\"##", expected: []),
        Case(name: "interpolation with a string", source: "let s = \"\\(\"import Shop\") import Event\"", expected: []),
        Case(name: "interpolation with parentheses", source: "let s = \"\\((1 + (2))) import Shop\"", expected: []),
        Case(name: "raw interpolation", source: "let s = #\"\\#(\"x\") import Shop\"#", expected: []),
        Case(name: "identifier importer", source: "let importer = 1\nimporter.run()", expected: []),
        Case(name: "backticked import", source: "let `import` = 1", expected: []),
        Case(name: "member named import", source: "value.import(1)", expected: []),
        Case(name: "argument label", source: "f(import: 1)", expected: []),
        Case(name: "parameter label", source: "func f(import value: Int) {}", expected: []),
        Case(name: "canImport condition", source: "#if canImport(Shop)\n#endif", expected: []),
        Case(
            name: "unterminated string ends at the line", source: "let s = \"import Shop\nimport Event",
            expected: ["Event@2:1"]),
        Case(name: "number then import", source: "let x = 1.5; import Shop", expected: ["Shop@1:14"]),
        Case(name: "empty file", source: "", expected: []),
        Case(name: "dangling import", source: "import", expected: []),
    ]

    /// Regex literals, checked against the compiler (`swiftc -frontend -emit-imported-modules`).
    static let regexes: [Case] = [
        Case(name: "extended regex with quotes", source: "let p = #/\"\"\"/#\nimport Shop", expected: ["Shop@2:1"]),
        Case(name: "bare regex holding an import", source: "let r = /import Shop/", expected: []),
        Case(name: "bare regex with a quote", source: "let r = /a\"b/\nimport Shop", expected: ["Shop@2:1"]),
        Case(name: "regex bound to nothing", source: "let x = 4 /2/ 1; import Shop", expected: ["Shop@1:18"]),
        Case(name: "division", source: "let x = a / b / c; import Shop", expected: ["Shop@1:20"]),
        Case(name: "division without spaces", source: "let x = a/b/c; import Shop", expected: ["Shop@1:16"]),
        Case(
            name: "multi-line extended regex", source: "let m = #/\n  import Shop\n  /#\nimport Event",
            expected: ["Event@4:1"]),
        Case(name: "two hashes", source: "let m = ##/a/#\"/##; import Shop", expected: ["Shop@1:21"]),
        Case(name: "escaped slash", source: "let r = /a\\/\"/\nimport Shop", expected: ["Shop@2:1"]),
        Case(name: "unapplied operator", source: "let f = (/); import Shop", expected: ["Shop@1:14"]),
        Case(name: "unbalanced parenthesis", source: "f(/, /); import Shop", expected: ["Shop@1:10"]),
        Case(name: "space after the opening", source: "let x = / 2/; import Shop", expected: ["Shop@1:15"]),
        Case(
            name: "operator declaration", source: "func /(a: A, b: A) -> A { a }\nimport Shop", expected: ["Shop@2:1"]),
        Case(name: "no regex in an interpolation", source: "let s = \"\\(#/\"/#)\"; import Shop", expected: []),
        Case(
            name: "division in an interpolation", source: "let s = \"\\(a / b)\"; import Shop", expected: ["Shop@1:21"]),
        Case(name: "unterminated single-line extended", source: "let r = #/abc\nimport Shop", expected: ["Shop@2:1"]),
        Case(
            name: "unterminated multi-line extended", source: "let r = #/\nimport Shop\nimport Event",
            expected: ["Shop@2:1", "Event@3:1"]),
    ]

    /// What an adversarial run found hiding an import the compiler sees, or inventing one it does not.
    static let nearMisses: [Case] = [
        Case(
            name: "regex ending in an escaped space",
            source: "let r = /\"\"\"\\ /; import Shop\nlet t = \"\"\"\n\"\"\"",
            expected: ["Shop@1:18"]),
        Case(name: "escaped parenthesis and space", source: "let r = /\\(\\ /\nimport Shop", expected: ["Shop@2:1"]),
        Case(
            name: "regex after a prefix operator", source: "let n = ^^/\"\"\"/\nimport Shop\nlet t = \"\"\"\n\"\"\"",
            expected: ["Shop@2:1"]),
        Case(
            name: "compound division beside a division", source: "func f() { x /= 2 }; import Shop; let y = x/2",
            expected: ["Shop@1:22"]),
        Case(name: "regex after an opening parenthesis", source: "foo(/= 2/); import Shop", expected: ["Shop@1:13"]),
        Case(
            name: "carriage return ends a comment", source: "import Base // note\rimport Shop",
            expected: ["Base@1:1", "Shop@2:1"]),
        Case(name: "no-break space", source: "import\u{A0}Shop", expected: ["Shop@1:1"]),
        Case(
            name: "unbalanced bracket in a skipped branch",
            source: "#if compiler(>=99)\nlet future = (\n#endif\nimport Shop",
            expected: ["Shop@4:1"]),
        Case(
            name: "import inside a regex ending in an escaped space", source: "let r = /a; import Shop\\ /",
            expected: []),
    ]

    @Test(arguments: nearMisses)
    func findsWhatTheCompilerFindsInNearMisses(_ testCase: Case) {
        #expect(Self.describe(ImportScanner.imports(in: testCase.source)) == testCase.expected)
    }

    @Test(arguments: regexes)
    func readsRegexLiteralsAsTheCompilerDoes(_ testCase: Case) {
        #expect(Self.describe(ImportScanner.imports(in: testCase.source)) == testCase.expected)
    }

    @Test func skipsALeadingByteOrderMarkAndCountsItInColumns() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("import Shop\n import Event".utf8)
        #expect(Self.describe(ImportScanner.imports(in: bytes)) == ["Shop@1:4", "Event@2:2"])
        #expect(Self.describe(ImportScanner.imports(in: "\u{FEFF}// x\nimport Shop")) == ["Shop@2:1"])
    }

    /// A large input named by what it repeats, so a test run prints its name, not its megabyte.
    struct Pathological: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var testDescription: String { "\(name) (\(text.utf8.count) bytes)" }
    }

    /// Inputs that once overflowed the stack or took quadratic time; each must finish and still find
    /// the import before them.
    @Test(arguments: [
        Pathological(name: "block comments", text: String(repeating: "/*", count: 100_000)),
        Pathological(name: "hashes", text: String(repeating: "#", count: 400_000)),
        Pathological(name: "interpolations", text: String(repeating: "\"\\(", count: 100_000)),
        Pathological(name: "parentheses", text: String(repeating: "(", count: 200_000)),
        Pathological(name: "slashes", text: String(repeating: " /a", count: 100_000)),
        Pathological(name: "unclosed regexes", text: String(repeating: "#/\n", count: 50_000)),
    ])
    func pathologicalInputEndsAndKeepsEarlierImports(_ input: Pathological) {
        let found = ImportScanner.imports(in: "import Shop\n" + input.text)
        #expect(found.first?.module == "Shop")
    }

    @Test(arguments: forms)
    func recognisesEveryImportForm(_ testCase: Case) {
        #expect(Self.describe(ImportScanner.imports(in: testCase.source)) == testCase.expected)
    }

    @Test(arguments: traps)
    func neverMistakesOtherTextForAnImport(_ testCase: Case) {
        #expect(Self.describe(ImportScanner.imports(in: testCase.source)) == testCase.expected)
    }

    @Test func recordsPathAndKind() {
        let declaration = ImportScanner.imports(in: "@testable import struct Shop.Detail").first
        #expect(
            declaration == ImportDeclaration(module: "Shop", path: "Shop.Detail", kind: "struct", line: 1, column: 1))
    }

    /// The path is the parts without backticks, joined by dots, whatever stands between them.
    @Test(arguments: [
        ("import A.B.C", "A.B.C"), ("import A . B .C", "A.B.C"), ("import A./* c */B.// c\nC", "A.B.C"),
        ("import `A`.B.C", "A.B.C"), ("import A.`B`.C", "A.B.C"), ("import A.B.`C`", "A.B.C"),
        ("import func A.+", "A.+"), ("import A.B.", "A.B"),
    ])
    func recordsThePathWhateverSeparatesItsParts(_ source: String, _ path: String) {
        #expect(ImportScanner.imports(in: source).first?.path == path, "\(source)")
    }

    @Test func readsThePartsOfInvalidUTF8ThatItCan() {
        let bytes: [UInt8] = Array("import Base\n// ".utf8) + [0xFF, 0xFE, 0x0A] + Array("import Shop\n".utf8)
        #expect(Self.describe(ImportScanner.imports(in: bytes)) == ["Base@1:1", "Shop@3:1"])
    }

    static func describe(_ declarations: [ImportDeclaration]) -> [String] {
        declarations.map { "\($0.module)@\($0.line):\($0.column)" }
    }
}
