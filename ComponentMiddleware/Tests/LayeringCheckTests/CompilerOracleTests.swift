import Foundation
import LayeringCheck
import MiddlewareSupport
import Testing

/// Compares the import scanner with the compiler itself (`swiftc -frontend -emit-imported-modules`) on
/// random files built from fragments that mix imports with look-alikes: regex literals, divisions,
/// strings, interpolations and comments. On a difference it prints the file, which reproduces it.
@Suite("Import scanner agrees with the compiler")
struct CompilerOracleTests {
    /// How many random files to compare; `ORACLE_CASES=500 swift test --filter CompilerOracle` tries more.
    static let caseCount = Int(ProcessInfo.processInfo.environment["ORACLE_CASES"] ?? "") ?? 40

    /// Each fragment is valid Swift; `M` stands for a fresh module name.
    static let fragments: [String] = [
        "import M",
        "@testable import M",
        "let a = #/\"\"\"/#",
        "let b = /import M/",
        "let c = x / y / z",
        "let d = \"\\(x / 2) import M\"",
        "let e = #/\n  import M\n  /#",
        "/* import M */",
        "// import M",
        "let g = \"\"\"\n  import M\n  \"\"\"",
        "let h = xs.map { $0 / 2 }",
        "let i = #/a\\/b/#",
        "let j = /a\\/\"/",
        "let l = (/)",
        "let m = ##/a/#\"/##",
        "let n = #\"import M \\#(x)\"#",
        "let o = [1, 2].reduce(0, +) / 3",
        "let q = /(a)\"/",
        "let r = /[)]/",
        "let s = \"\\(\"import M\")\"",
        "let t = \"a\\\"b\" /* c */ + \"/\"",
        "let u = a/b/c",
        "let v = #/\n  \"\n  /#",
        "func f(_ x: Int) -> Int { x /2 }",
        "let w = /\"\\ /",
        "func k() { x /= 2 }",
        "let z = x/2",
        "import\u{A0}M",
        "#if compiler(>=99)\nlet future = (\n#endif",
        "let p = ^^/\"/",
        "foo(/= 2/)",
        "// note\rimport M",
    ]

    @Test func randomFilesYieldTheCompilersImports() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Random.swift")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<Self.caseCount {
            let source = Self.randomSource(using: &generator)
            try Data(source.utf8).write(to: file)
            let outcome = try Subprocess.run(
                ["swiftc", "-frontend", "-emit-imported-modules", file.path, "-o", "-", "-enable-bare-slash-regex"]
            )
            let compiler = Set(String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").map(String.init))
            let scanner = Set(ImportScanner.imports(in: source).map(\.module))
            #expect(scanner == compiler, "for this file:\n\(source)")
        }
    }

    static func randomSource(using generator: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 1...8, using: &generator)).map { index in
            let fragment = fragments.randomElement(using: &generator) ?? ""
            return fragment.replacingOccurrences(of: "M", with: "Module\(index)")
        }.joined(separator: "\n")
    }
}
