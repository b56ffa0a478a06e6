import LayeringCheck

/// Three targets, two of them components that depend on each other, so every check has dependency
/// findings to place in the manifest.
private let checker = LayeringChecker(
    graph: PackageGraph(
        name: "Fuzz", path: "/fuzz",
        targets: [
            .init(name: "Shop", type: "library", path: "Components/Shop", sources: [], dependencies: ["Base"]),
            .init(name: "Event", type: "library", path: "Components/Event", sources: [], dependencies: ["Shop"]),
            .init(name: "Base", type: "library", path: "Sources/Base", sources: [], dependencies: ["Event"]),
        ]))

/// libFuzzer's entry: any text as `Package.swift`, read as the check reads a manifest (target
/// declarations, dependency entries, module aliases, compiler flags).
///
/// Properties, each a trap libFuzzer reports: every finding points inside the file, and the same file
/// moved down one line moves every finding the text placed down one line. A dependency finding the
/// text gives no place falls back to 1:1 and stays there; a placed one never lands on 1:1, as a
/// dependency entry always follows the `.target(name:` that opens its declaration.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lineCount = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    guard let report = check(text), let moved = check("\n" + text) else { fatalError("the check threw") }
    for diagnostic in report.diagnostics where !(1...lineCount).contains(diagnostic.line) || diagnostic.column < 1 {
        fatalError("a finding points outside the manifest: \(diagnostic.formatted)")
    }
    let expected = report.diagnostics.map { diagnostic in
        var shifted = diagnostic
        let isFallback =
            diagnostic.rule != .incompleteSources && (diagnostic.line, diagnostic.column) == (1, 1)
        shifted.line += isFallback ? 0 : 1
        return shifted.formatted
    }
    guard moved.diagnostics.map(\.formatted).sorted() == expected.sorted() else {
        fatalError("moving the manifest down a line moved its findings otherwise:\n\(report.text)\(moved.text)")
    }
    return 0
}

private func check(_ manifest: String) -> LayeringReport? {
    try? checker.check(manifests: [ManifestFile(path: "Package.swift", text: manifest)]) { _ in [] }
}
