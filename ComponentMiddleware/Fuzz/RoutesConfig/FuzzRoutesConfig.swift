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
            // The scheme is case-insensitive (RFC 3986), so `HTTPS://` is as good as `https://`; what a
            // value must never do is change the scheme or the site.
            guard address.lowercased().hasPrefix("https://"), site(of: address) == site(of: template.text) else {
                fatalError("\(template.text) opened \(address)")
            }
        }
    }
    return 0
}

/// What follows `://` up to the first `/`, `?` or `#`.
private func site(of address: String) -> Substring {
    address.split(separator: "://", maxSplits: 1).last?.prefix { !"/?#".contains($0) } ?? ""
}
