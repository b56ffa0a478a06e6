import ComponentScaffold
import Foundation

private let baseTypes = BaseTypes(concrete: ["ShopID", "EventType", "Screen"], hashable: ["ShopID", "EventType"])

/// libFuzzer's entry: an interface document for `new-component --interface`, and each declaration in
/// it (or the input itself, as one declaration) parsed as a require or provide signature.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScaffoldInterface(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    var declarations = [String(decoding: bytes, as: UTF8.self)]
    if let (requires, provides) = try? InterfaceDocument.declarations(fromJSON: bytes, file: "fuzz.json") {
        declarations += requires + provides
    }
    for declaration in declarations {
        _ = try? Signature(parsing: declaration, baseTypes: baseTypes)
    }
    return 0
}
