import LayeringCheck

/// Three targets, two of them components that depend on each other, so every check has dependency
/// findings to place in the manifest; and `Probe`, which declares `Linux` for Linux only, defines
/// `FLAG` everywhere and imports `Linux` under `#if FLAG`, so a define the text makes under an `#if`
/// of its own turns the import's error into a warning that names the define's line.
private let checker: LayeringChecker = {
    var graph = PackageGraph(
        name: "Fuzz", path: "/fuzz",
        targets: [
            .init(name: "Shop", type: "library", path: "Components/Shop", sources: [], dependencies: ["Base"]),
            .init(name: "Event", type: "library", path: "Components/Event", sources: [], dependencies: ["Shop"]),
            .init(name: "Base", type: "library", path: "Sources/Base", sources: [], dependencies: ["Event"]),
            .init(name: "Linux", type: "library", path: "Sources/Linux", sources: [], dependencies: []),
            .init(name: "Probe", type: "library", path: "Sources/Probe", sources: [probe], dependencies: ["Linux"]),
        ])
    graph.declared = ["Probe": [DeclaredDependency(kind: .target, name: "Linux", platforms: ["linux"])]]
    graph.defines = ["Probe": [SwiftDefine(name: "FLAG")]]
    return LayeringChecker(graph: graph)
}()

private let probe = "Probe.swift"

/// libFuzzer's entry: any text as `Package.swift`, read as the check reads a manifest (target
/// declarations, dependency entries, module aliases, compiler flags, defines under its own `#if`).
///
/// Properties, each a trap libFuzzer reports: every finding points inside the file, and the same file
/// moved down one line moves every finding the text placed down one line. A dependency finding the
/// text gives no place falls back to 1:1 and stays there; a placed one never lands on 1:1, as a
/// dependency entry always follows the `.target(name:` that opens its declaration. The finding about
/// `Probe`'s import stays where the import is, and the manifest line it names moves down one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lineCount = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    guard let report = check(text), let moved = check("\n" + text) else { fatalError("the check threw") }
    for diagnostic in report.diagnostics where diagnostic.path == "Package.swift" {
        guard (1...lineCount).contains(diagnostic.line), diagnostic.column >= 1 else {
            fatalError("a finding points outside the manifest: \(diagnostic.formatted)")
        }
    }
    let expected = report.diagnostics.map { diagnostic in
        var shifted = diagnostic
        guard diagnostic.path == "Package.swift" else {
            shifted.message = movingNamedLine(in: diagnostic.message, within: lineCount)
            return shifted.formatted
        }
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
    try? checker.check(manifests: [ManifestFile(path: "Package.swift", text: manifest)]) { path in
        path == "Sources/Probe/\(probe)" ? Array("#if FLAG\nimport Linux\n#endif\n".utf8) : []
    }
}

/// `message` with the manifest line it names (`defined at Package.swift:12,`) one line lower; that line
/// must be inside the manifest.
private func movingNamedLine(in message: String, within lineCount: Int) -> String {
    let marker = "at Package.swift:"
    guard let range = message.firstRange(of: marker) else { return message }
    let digits = message[range.upperBound...].prefix { $0.isNumber }
    guard let line = Int(digits), (1...lineCount).contains(line) else {
        fatalError("a finding names a line outside the manifest: \(message)")
    }
    return message[..<range.upperBound] + String(line + 1) + message[digits.endIndex...]
}
