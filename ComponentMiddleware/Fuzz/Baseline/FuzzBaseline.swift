import Foundation
import LayeringCheck

/// libFuzzer's entry: any bytes as a baseline file (`--baseline`).
///
/// Property, a trap libFuzzer reports: a baseline that is accepted prints (``Baseline/encoded()``, what
/// `--update-baseline` writes) to text that is accepted as the same baseline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let baseline = try? Baseline.parse(Data(bytes: data, count: size), path: "baseline.json") else { return 0 }
    let printed = baseline.encoded()
    guard let again = try? Baseline.parse(printed, path: "baseline.json"), again == baseline else {
        fatalError("the printed baseline does not read back the same:\n\(String(decoding: printed, as: UTF8.self))")
    }
    return 0
}
