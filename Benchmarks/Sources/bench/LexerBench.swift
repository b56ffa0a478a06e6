import Foundation
import LayeringCheck

/// The import lexer on 400 KB of each shape an adversary would write against 400 KB of this package's
/// own source, and on 4 MB of the shapes that once grew faster than their size against 4 MB of it:
/// time per KB, each at most 3× real source (issues 9 and 22). The manifest reader is measured the
/// same way on a 4 MB manifest, the contract parser on a 1 MB `layers.json` (against 400 KB).
func lexerFigures(root: URL, quick: Bool) throws -> [Figure] {
    let size = 400 * 1_024
    let large = 4 * 1_024 * 1_024
    let real = try realSource(under: root, bytes: size)
    // The 4 MB shapes are measured against 4 MB of real source (the package's source, repeated): a
    // file that size no longer fits in the caches, which slows any reading of it.
    let realLarge = try realSource(under: root, bytes: large, repeating: true)
    func nested(_ open: String, _ middle: String, _ close: String) -> [UInt8] {
        let count = size / (open.utf8.count + close.utf8.count)
        return Array((String(repeating: open, count: count) + middle + String(repeating: close, count: count)).utf8)
    }
    func repeated(_ unit: String, to bytes: Int) -> String {
        String(repeating: unit, count: bytes / unit.utf8.count)
    }
    let scan: ([UInt8]) -> Void = { blackHole(ImportScanner.imports(in: $0).count) }
    // Each shape has the 3× goal but the two marked `false`: linear, but each import or `#if` carries
    // bookkeeping (a declaration, its place, its conditions) that real source spreads over many
    // bytes; reported, not a goal (the README's Performance section has the figures).
    var shapes: [(name: String, input: [UInt8], run: ([UInt8]) -> Void, hasGoal: Bool)] = [
        ("runs of # without a quote", Array(String(repeating: "#", count: size).utf8), scan, true),
        ("\\( nested in strings", nested("\"\\(", "1", ")\""), scan, true),
        ("/* nested comments", nested("/*", " ", "*/"), scan, true),
        ("one long string", Array(("\"" + String(repeating: "a", count: size - 2) + "\"").utf8), scan, true),
        ("one long identifier", Array(String(repeating: "a", count: size).utf8), scan, true),
        ("4 MB: unclosed #/ after a table of closers", Array(regexClosersTable(bytes: large).utf8), scan, true),
        ("4 MB: import a.a.a…", Array(("import " + repeated("a.", to: large) + "a").utf8), scan, true),
        ("4 MB: @( repeated", Array(repeated("@(", to: large).utf8), scan, true),
        ("4 MB: only backslashes", Array(repeated("\\", to: large).utf8), scan, true),
        ("4 MB: an import on every line", Array(repeated("import B\n", to: large).utf8), scan, false),
        (
            "4 MB: #if nested 200,000 deep",
            Array(
                (repeated("#if os(Linux)\n", to: large / 2) + "import B\n"
                    + repeated("#endif\n", to: large / 2)).utf8), scan, false
        ),
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
            }, true
        ))
    // A contract with one object of many keys: refused, as over the contract's strings, before any parse.
    var keys = "{\"layers\": [[\"T\"]]"
    var index = 0
    while keys.utf8.count < LayerContract.maximumSize - 20 {
        keys += ",\n\"key\(index)\": 1"
        index += 1
    }
    shapes.append(
        (
            "1 MB layers.json: \(index) keys in one object", Array((keys + "}").utf8),
            { bytes in blackHole((try? LayerContract.parse(Data(bytes)))?.layers.count ?? -1) }, true
        ))
    let rounds = quick ? 5 : 15
    let times = interleaved(
        rounds: rounds,
        [{ measure(scan, on: real) }, { measure(scan, on: realLarge) }]
            + shapes.map { shape in { measure(shape.run, on: shape.input) } })
    var figures = [
        Figure(section: "lexer", name: "real source, 400 KB", value: times[0], unit: "µs/KB"),
        Figure(section: "lexer", name: "real source, 4 MB", value: times[1], unit: "µs/KB"),
    ]
    for (index, shape) in shapes.enumerated() {
        let isLarge = shape.input.count > 2 * 1_024 * 1_024
        figures.append(
            Figure(
                section: "lexer", name: shape.name, value: times[index + 2], unit: "µs/KB",
                baseline: isLarge ? "real source, 4 MB" : "real source, 400 KB",
                baselineValue: times[isLarge ? 1 : 0], goal: shape.hasGoal ? 3 : nil))
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

/// The repository's own Swift files (the mall's and the middleware's), concatenated (and, with
/// `repeating`, repeated) and cut to `bytes`.
private func realSource(under root: URL, bytes: Int, repeating: Bool = false) throws -> [UInt8] {
    var source: [UInt8] = []
    for folder in [
        "Sources", "ComponentMiddleware/Sources", "ComponentMiddleware/Tools", "Shell", "Components", "Tests",
        "ComponentMiddleware/Tests",
    ] {
        let files = FileManager.default.enumerator(
            at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL, source.count < bytes {
            guard file.pathExtension == "swift", !file.path.contains("/Fixtures/") else { continue }
            source += try Data(contentsOf: file)
        }
    }
    if repeating, !source.isEmpty {
        let once = source
        while source.count < bytes { source += once }
    }
    guard source.count >= bytes else {
        throw ChildRun.Failure(description: "found only \(source.count) bytes of Swift under \(root.path)")
    }
    return Array(source.prefix(bytes))
}
