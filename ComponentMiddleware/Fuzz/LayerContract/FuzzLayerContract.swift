import Foundation
import LayeringCheck

/// A small package the contracts are applied to.
private let graph = PackageGraph(
    name: "Fuzz", path: "/fuzz",
    targets: [
        .init(name: "App", type: "executable", path: "Shell", sources: ["App.swift"], dependencies: ["Shop", "Base"]),
        .init(name: "Shop", type: "library", path: "Components/Shop", sources: ["Shop.swift"], dependencies: ["Base"]),
        .init(name: "Event", type: "library", path: "Components/Event", sources: ["E.swift"], dependencies: ["Shop"]),
        .init(name: "Base", type: "library", path: "Sources/Base", sources: ["B.swift"], dependencies: []),
        .init(name: "ShopTests", type: "test", path: "Tests/ShopTests", sources: ["T.swift"], dependencies: ["Shop"]),
    ])

/// libFuzzer's entry: `layers.json` text, parsed and, when valid, applied to a small package.
///
/// Property, a trap libFuzzer reports: a contract that parses prints (``LayerContract/encoded()``) to
/// text that parses to the same contract, lines of ignore entries aside.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayerContract(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let contract = try? LayerContract.parse(Data(bytes: data, count: size)) else { return 0 }
    let printed = contract.encoded()
    let reparsed: LayerContract
    do {
        reparsed = try LayerContract.parse(printed)
    } catch {
        fatalError("the printed contract does not parse: \(error)\n\(String(decoding: printed, as: UTF8.self))")
    }
    guard withoutLines(reparsed) == withoutLines(contract) else {
        fatalError("the printed contract parses to another one:\n\(String(decoding: printed, as: UTF8.self))")
    }
    let checker = LayeringChecker(graph: graph, contract: contract)
    if let report = try? checker.check(manifest: nil, readFile: { _ in Array("import Base\nimport Shop\n".utf8) }) {
        _ = try? checker.layerGraph(for: report).rendered(.mermaid)
    }
    return 0
}

/// The contract with the positions that depend on its layout set to 1.
private func withoutLines(_ contract: LayerContract) -> LayerContract {
    var copy = contract
    for index in copy.ignore.indices {
        copy.ignore[index].line = 1
    }
    return copy
}
