import Foundation
import LayeringCheck

/// libFuzzer's entry: a package description as `swift package describe` or the plugin writes it,
/// decoded and, when it decodes, checked against the folder contract (chains, cycles, odd names).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPackageDescription(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let graph = try? PackageLoader.decode(Data(bytes: data, count: size)) else { return 0 }
    let checker = LayeringChecker(graph: graph, contract: .folders)
    let report = try? checker.check(manifest: nil) { path in Array(path.utf8) }
    if let report {
        _ = try? checker.layerGraph(for: report).rendered(.dot)
    }
    return 0
}
