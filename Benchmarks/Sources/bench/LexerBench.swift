import Foundation
import LayeringCheck

/// The import lexer on 400 KB of each shape an adversary would write, and on 4 MB of the shapes that
/// once grew faster than their size, against 400 KB of this package's own source: time per KB, each
/// at most 3× real source (issues 9 and 22). The manifest reader and the contract parser are measured
/// the same way, on a 4 MB manifest and a 1 MB `layers.json`.
func lexerFigures(root: URL, quick: Bool) throws -> [Figure] {
    let size = 400 * 1_024
    let large = 4 * 1_024 * 1_024
    let real = try realSource(under: root, bytes: size)
    func nested(_ open: String, _ middle: String, _ close: String) -> [UInt8] {
        let count = size / (open.utf8.count + close.utf8.count)
        return Array((String(repeating: open, count: count) + middle + String(repeating: close, count: count)).utf8)
    }
    func repeated(_ unit: String, to bytes: Int) -> String {
        String(repeating: unit, count: bytes / unit.utf8.count)
    }
    let scan: ([UInt8]) -> Void = { blackHole(ImportScanner.imports(in: $0).count) }
    var shapes: [(name: String, input: [UInt8], run: ([UInt8]) -> Void)] = [
        ("runs of # without a quote", Array(String(repeating: "#", count: size).utf8), scan),
        ("\\( nested in strings", nested("\"\\(", "1", ")\""), scan),
        ("/* nested comments", nested("/*", " ", "*/"), scan),
        ("one long string", Array(("\"" + String(repeating: "a", count: size - 2) + "\"").utf8), scan),
        ("one long identifier", Array(String(repeating: "a", count: size).utf8), scan),
        ("4 MB: unclosed #/ after a table of closers", Array(regexClosersTable(bytes: large).utf8), scan),
        ("4 MB: import a.a.a…", Array(("import " + repeated("a.", to: large) + "a").utf8), scan),
        ("4 MB: @( repeated", Array(repeated("@(", to: large).utf8), scan),
        ("4 MB: only backslashes", Array(repeated("\\", to: large).utf8), scan),
    ]
    // A manifest whose every line gives a module alias, read as the check reads Package.swift.
    let aliasLine = "        .product(name: \"P\", package: \"p\", moduleAliases: [\"A\": \"B\"]),\n"
    let manifest = ".target(name: \"T\", dependencies: [\n" + repeated(aliasLine, to: large) + "])\n"
    let checker = LayeringChecker(
        graph: PackageGraph(
            name: "P", path: "/p",
            targets: [.init(name: "T", type: "library", path: "Sources/T", sources: [], dependencies: [])]))
    shapes.append(
        (
            "4 MB manifest: moduleAliases on every line", Array(manifest.utf8),
            { bytes in
                let text = String(decoding: bytes, as: UTF8.self)
                blackHole(
                    (try? checker.check(manifests: [ManifestFile(path: "Package.swift", text: text)]) { _ in [] })?
                        .diagnostics.count ?? -1)
            }
        ))
    // A contract with one object of many keys: refused for the unknown keys, after reading them all.
    var keys = "{\"layers\": [[\"T\"]]"
    var index = 0
    while keys.utf8.count < LayerContract.maximumSize - 20 {
        keys += ",\n\"key\(index)\": 1"
        index += 1
    }
    shapes.append(
        (
            "1 MB layers.json: \(index) keys in one object", Array((keys + "}").utf8),
            { bytes in blackHole((try? LayerContract.parse(Data(bytes)))?.layers.count ?? -1) }
        ))
    let rounds = quick ? 5 : 15
    let times = interleaved(
        rounds: rounds,
        [{ measure(scan, on: real) }] + shapes.map { shape in { measure(shape.run, on: shape.input) } })
    let baseline = "this package's source"
    var figures = [
        Figure(section: "lexer", name: "real source, 400 KB", value: times[0], unit: "µs/KB")
    ]
    for (index, shape) in shapes.enumerated() {
        figures.append(
            Figure(
                section: "lexer", name: shape.name, value: times[index + 1], unit: "µs/KB", baseline: baseline,
                baselineValue: times[0], goal: 3))
    }
    return figures
}

/// Microseconds per KB for one run of `body` on `input`.
private func measure(_ body: ([UInt8]) -> Void, on input: [UInt8]) -> Double {
    let start = ContinuousClock.now
    body(input)
    return (ContinuousClock.now - start).nanoseconds / 1_000 / (Double(input.count) / 1_024)
}

/// The regex shape of issue 22: an unclosed `#…#/` with k `#`s, a comment holding closers with 1 to
/// k - 1 `#`s (none closes it), then an unclosed `#/` on every line, k ≈ √bytes.
private func regexClosersTable(bytes: Int) -> String {
    let k = Int(Double(bytes).squareRoot())
    var text = String(repeating: "#", count: k) + "/\n// "
    for hashes in 1..<k {
        text += "/" + String(repeating: "#", count: hashes) + " "
    }
    text += "\n"
    let line = "#/\n"
    text += String(repeating: line, count: max(0, bytes - text.utf8.count) / line.utf8.count)
    return text
}

/// The package's own Swift files, concatenated and cut to `bytes`.
private func realSource(under root: URL, bytes: Int) throws -> [UInt8] {
    var source: [UInt8] = []
    for folder in ["Sources", "Tools", "Shell", "Components", "Tests"] {
        let files = FileManager.default.enumerator(
            at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL, source.count < bytes {
            guard file.pathExtension == "swift", !file.path.contains("/Fixtures/") else { continue }
            source += try Data(contentsOf: file)
        }
    }
    guard source.count >= bytes else {
        throw ChildRun.Failure(description: "found only \(source.count) bytes of Swift under \(root.path)")
    }
    return Array(source.prefix(bytes))
}
