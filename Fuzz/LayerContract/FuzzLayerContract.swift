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
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayerContract(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let contract = try? LayerContract.parse(Data(bytes: data, count: size)) else { return 0 }
    let checker = LayeringChecker(graph: graph, contract: contract)
    if let report = try? checker.check(manifest: nil, readFile: { _ in Array("import Base\nimport Shop\n".utf8) }) {
        _ = try? checker.layerGraph(for: report).rendered(.mermaid)
    }
    return 0
}
