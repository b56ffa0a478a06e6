import Foundation
import Middleware

private let routes: [(pattern: String, parameters: [String])] = [
    ("mall://shop/detail", ["shopId"]), ("mall://appointment/booking", ["serialNo", "orderNo"]), ("mall://home", []),
]

/// libFuzzer's entry: a routes configuration file, checked whole and, when valid, every template
/// filled with hostile values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoutesConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let configuration = try? RouteConfiguration.parse(bytes, source: "fuzz.json", routes: routes) else {
        return 0
    }
    let values = ["s01", "../admin?x=1#y", "..", "@evil.example", "\u{202E}", ""]
    for (pattern, template) in configuration.downgrades {
        let names = routes.first { $0.pattern == pattern }?.parameters ?? []
        for value in values {
            let address = template.address(for: names.map { ($0, value) })
            guard address.hasPrefix("https://") else { fatalError("\(template.text) opened \(address)") }
        }
    }
    return 0
}
