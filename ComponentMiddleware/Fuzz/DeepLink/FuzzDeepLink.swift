import Middleware

private enum EventKind: String, CaseIterable {
    case workshop, sale
}

private struct ShopID: RawRepresentable, Hashable {
    var rawValue: String
}

/// A table with every kind of parameter.
@MainActor
private enum Fixture {
    static let table = RouteTable<String>(
        scheme: "mall",
        routes: [
            Route(
                "mall://shop/detail", exposure: .external, provide: "detail",
                parameters: .identifier("shopId", ShopID.self), example: ShopID(rawValue: "s01")
            ) { "detail \($0.rawValue)" }.erased,
            Route(
                "mall://event/detail", exposure: .external, provide: "event",
                parameters: Parameter<EventKind>.choice("type", EventKind.self),
                Parameter<Int>.integer("page", in: 1...99).optional(), example: EventKind.sale, Int?.some(2)
            ) { "event \($0) \(String(describing: $1))" }.erased,
            Route(
                "mall://shell/web", provide: "web", parameters: .webAddress("url"), .flag("full"),
                example: "https://example.com/a", true
            ) { "web \($0) \($1)" }.erased,
            Route(
                "mall://shell/note", exposure: .external, provide: "note", parameters: .text("text", maximumLength: 40),
                example: "a b"
            ) { "note \($0)" }.erased,
            Route("mall://home", exposure: .external, provide: "home") { "home" }.erased,
        ])
}

/// libFuzzer's entry: any text as a link from outside and from inside; a link that opens writes
/// back a canonical URL that opens the same route with the same values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    MainActor.assumeIsolated { open(text) }
    return 0
}

@MainActor
private func open(_ text: String) {
    _ = try? DeepLink.parse(text)
    for caller in [Caller.outside, .inside] {
        guard let (route, link) = try? Fixture.table.resolve(text, from: caller) else { continue }
        guard let (again, canonical) = try? Fixture.table.resolve(link.url, from: caller),
            again.pattern == route.pattern, canonical.url == link.url, canonical.open() == link.open()
        else {
            fatalError("the canonical URL \(link.url) of \(text) does not open the same")
        }
    }
}
