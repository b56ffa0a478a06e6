import Foundation
import LayeringCheck

/// libFuzzer's entry: a package description as `swift package describe` or the plugin writes it,
/// decoded and, when it decodes, checked against a contract of folder layers and independent components
/// (chains, cycles, odd names).
///
/// Property, a trap libFuzzer reports: a description that decodes encodes to JSON that decodes and
/// encodes to the same JSON (what the description cache stores must read back unchanged).
/// Layers by top-level folder, the components in the middle independent of each other.
private let contract = try! LayerContract.parse(
    Data(
        #"{"layers": [["App/**"], ["Features/**"], ["Sources/**"]], "independence": [{"targets": ["Features/**"], "components": true}]}"#
            .utf8))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackageDescription(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let graph = try? PackageLoader.decode(Data(bytes: data, count: size)) else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let first = try? encoder.encode(graph) else { fatalError("a decoded description does not encode") }
    guard let again = try? PackageLoader.decode(first), let second = try? encoder.encode(again), second == first
    else {
        fatalError("a cached description does not read back as written: \(String(decoding: first, as: UTF8.self))")
    }
    let checker = LayeringChecker(graph: graph, contract: contract)
    let report = try? checker.check(manifest: nil) { path in Array(path.utf8) }
    if let report {
        _ = try? checker.layerGraph(for: report).rendered(.dot)
    }
    return 0
}
