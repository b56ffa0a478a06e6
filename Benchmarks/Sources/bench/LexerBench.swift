import Foundation
import LayeringCheck

/// The import lexer on 400 KB of each shape an adversary would write, against 400 KB of this
/// package's own source: time per KB, each at most 3× real source (issue 9).
func lexerFigures(root: URL, quick: Bool) throws -> [Figure] {
    let size = 400 * 1_024
    let real = try realSource(under: root, bytes: size)
    func nested(_ open: String, _ middle: String, _ close: String) -> [UInt8] {
        let count = size / (open.utf8.count + close.utf8.count)
        return Array((String(repeating: open, count: count) + middle + String(repeating: close, count: count)).utf8)
    }
    let shapes: [(String, [UInt8])] = [
        ("runs of # without a quote", Array(String(repeating: "#", count: size).utf8)),
        ("\\( nested in strings", nested("\"\\(", "1", ")\"")),
        ("/* nested comments", nested("/*", " ", "*/")),
        ("one long string", Array(("\"" + String(repeating: "a", count: size - 2) + "\"").utf8)),
        ("one long identifier", Array(String(repeating: "a", count: size).utf8)),
    ]
    let rounds = quick ? 5 : 15
    let inputs = [real] + shapes.map(\.1)
    let times = interleaved(
        rounds: rounds,
        inputs.map { input in
            {
                let start = ContinuousClock.now
                blackHole(ImportScanner.imports(in: input).count)
                return (ContinuousClock.now - start).nanoseconds / 1_000 / (Double(input.count) / 1_024)
            }
        })
    let baseline = "this package's source"
    var figures = [
        Figure(section: "lexer", name: "real source, 400 KB", value: times[0], unit: "µs/KB")
    ]
    for (index, shape) in shapes.enumerated() {
        figures.append(
            Figure(
                section: "lexer", name: shape.0, value: times[index + 1], unit: "µs/KB", baseline: baseline,
                baselineValue: times[0], goal: 3))
    }
    return figures
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
