import Foundation
import MiddlewareTesting
import Testing

@testable import Middleware

/// A value of a string enumeration, as routes take them.
private enum Size: String, CaseIterable {
    case small, large
}

/// A typed identifier, as the base layer declares them.
private struct TicketID: RawRepresentable, Hashable {
    var rawValue: String
}

/// A small table whose destinations are strings naming what would open.
@MainActor
private enum Sample {
    static let ticket = Route<String, TicketID, Size>(
        "demo://ticket/detail",
        exposure: .external,
        provide: "Ticket.provide_detail(ticketId:size:)",
        parameters: .identifier("ticketId", TicketID.self), .choice("size", Size.self),
        example: TicketID(rawValue: "t-1"), .large
    ) { ticketId, size in "ticket \(ticketId.rawValue) \(size.rawValue)" }

    static let refund = Route<String, Int>(
        "demo://ticket/refund",
        provide: "Ticket.provide_refund(amount:)",
        parameters: .integer("amount", in: 1...500),
        example: 20
    ) { amount in "refund \(amount)" }

    static let search = Route<String, String?, Bool>(
        "demo://ticket/search",
        exposure: .external,
        provide: "Ticket.provide_search(text:open:)",
        parameters: Parameter<String>.text("text", maximumLength: 8).optional(), .flag("open"),
        example: nil, true
    ) { text, isOpen in "search \(text ?? "-") \(isOpen)" }

    static let home = Route<String>("demo://home", exposure: .external, provide: "Home.provide_home()") { "home" }

    static var table: RouteTable<String> {
        RouteTable(scheme: "demo", routes: [ticket.erased, refund.erased, search.erased, home.erased])
    }

    static func open(_ url: String, from caller: Caller = .outside) throws(RouteError) -> String {
        try table.resolve(url, from: caller).link.open()
    }
}

@MainActor
@Suite("Routes")
struct RouteTableTests {
    @Test(arguments: [
        ("demo://ticket/detail?ticketId=t-1&size=small", "ticket t-1 small"),
        ("DEMO://TICKET/detail?size=large&ticketId=A_9", "ticket A_9 large"),
        ("demo://ticket/search?open=false", "search - false"),
        ("demo://ticket/search?text=caf%C3%A9%20au&open=true", "search café au true"),
        ("demo://home", "home"),
    ])
    func wellFormedLinksOpenTheirTypedValues(url: String, opened: String) throws {
        #expect(try Sample.open(url) == opened)
    }

    @Test(arguments: [
        ("", "Error: the URL is empty; links look like scheme://host/path?name=value"),
        (
            "http://ticket/detail",
            "Error: 'http://' links do not open in this app; links to this app start with demo://"
        ),
        (
            "ticket/detail",
            "Error: 'ticket/detail' does not start with a scheme and '://'; links look like scheme://host/path?name=value"
        ),
        (
            "demo://ticket/detial?ticketId=t",
            "Error: no route 'demo://ticket/detial'; did you mean 'demo://ticket/detail'?"
        ),
        ("demo://nowhere/at/all", "Error: no route 'demo://nowhere/at/all'; check the link's host and path"),
        (
            "demo://ticket/refund?amount=5",
            "Error: 'demo://ticket/refund' opens only from inside the app, never from a link; a link opens only the routes the app lets links open"
        ),
        (
            "demo://ticket/detail?size=small",
            "Error: parameter 'ticketId' is missing; ticketId is 1–64 letters, digits, '-' or '_'"
        ),
        (
            "demo://ticket/detail?ticketId=a&ticketId=b&size=small",
            "Error: parameter 'ticketId' is given twice; give each parameter once"
        ),
        (
            "demo://ticket/detail?ticketID=a&size=small",
            "Error: 'demo://ticket/detail' takes no parameter 'ticketID'; did you mean 'ticketId'?"
        ),
        ("demo://home?x=1", "Error: 'demo://home' takes no parameter 'x'; it takes no parameters"),
        ("demo://ticket/detail?ticketId=a&size=huge", "Error: 'huge' is not a valid size; size is one of small, large"),
        (
            "demo://ticket/detail?ticketId=a/b&size=small",
            "Error: 'a/b' is not a valid ticketId; ticketId is 1–64 letters, digits, '-' or '_'"
        ),
        (
            "demo://ticket/detail?ticketId=&size=small",
            "Error: '' is not a valid ticketId; ticketId is 1–64 letters, digits, '-' or '_'"
        ),
        ("demo://ticket/search?open=yes", "Error: 'yes' is not a valid open; open is true or false"),
        (
            "demo://ticket/search?open=true&text=123456789",
            "Error: '123456789' is not a valid text; text is text of 1–8 characters"
        ),
        (
            "demo://ticket/detail?ticketId=%4&size=small",
            "Error: the value of 'ticketId' has bad percent-encoding; write '%' as %25, and escape bytes as %XX with two hex digits forming UTF-8"
        ),
        (
            "demo://ticket/detail?ticketId=%FF&size=small",
            "Error: the value of 'ticketId' has bad percent-encoding; write '%' as %25, and escape bytes as %XX with two hex digits forming UTF-8"
        ),
        (
            "demo://ticket/detail?ticketId=%0A&size=small",
            "Error: the value of 'ticketId' contains the control character U+000A; links are printable text; control characters are never accepted, even percent-encoded"
        ),
        (
            "demo://ticket/detail?ticketId=%E2%80%AE&size=small",
            "Error: the value of 'ticketId' contains the control character U+202E; links are printable text; control characters are never accepted, even percent-encoded"
        ),
        (
            "demo://home\u{7}",
            "Error: the URL contains the control character U+0007; links are printable text; control characters are never accepted, even percent-encoded"
        ),
        ("demo://ti cket", "Error: the URL contains a space; percent-encode spaces as %20"),
        (
            "demo://café",
            "Error: the URL contains 'é' (U+00E9), which is not percent-encoded; in a value, write it as %C3%A9; schemes, hosts and paths are ASCII"
        ),
        (
            "demo://ticket/detail?ticketId=%E3%85%A4&size=small",
            "Error: '%E3%85%A4' is not a valid ticketId; ticketId is 1–64 letters, digits, '-' or '_'"
        ),
        (
            "DEMO://TICKET/DETAIL?ticketId=t&size=small",
            "Error: no route 'demo://ticket/DETAIL'; did you mean 'demo://ticket/detail'?"
        ),
        (
            "demo://home#top",
            "Error: a fragment ('#top') is not part of any route; links look like scheme://host/path?name=value"
        ),
        (
            "demo://user@home",
            "Error: user information ('…@') is not part of any route; links look like scheme://host/path?name=value"
        ),
        (
            "demo://[::1]/x",
            "Error: an IP address ('[::1]') is not a host of any route; links look like scheme://host/path?name=value"
        ),
        (
            "demo://home:80",
            "Error: a port (':…') is not part of any route; links look like scheme://host/path?name=value"
        ),
        (
            "demo://home?",
            "Error: the URL ends in '?' with no parameters; links look like scheme://host/path?name=value"
        ),
        (
            "demo://ticket/search?open=true&&text=a",
            "Error: the query has an empty parameter ('&&', or '&' at an end); links look like scheme://host/path?name=value"
        ),
        (
            "demo://ticket/search?open",
            "Error: parameter 'open' has no '=value'; links look like scheme://host/path?name=value"
        ),
        (
            "demo:///home",
            "Error: the URL names no host; links look like scheme://host/path?name=value"
        ),
    ])
    func everyBadLinkIsRefusedWithOneLine(url: String, message: TestText) {
        #expect(throws: RouteError.self) { try Sample.open(url) }
        do {
            _ = try Sample.open(url)
        } catch {
            #expect(error.message == message.text)
        }
    }

    /// The trunk names no app: an app's own example link and way to list routes come from its help.
    @Test func theHintsThatPointPastTheErrorAreWordedByTheApp() {
        let help = RouteHelp(exampleLink: "demo://home", listRoutes: "run 'demo routes'")
        let cases: [(url: String, hint: String, inSession: String)] = [
            ("", "links look like demo://home; run 'demo routes' to list them", "links look like demo://home"),
            (
                "demo://nowhere/at/all", "run 'demo routes' to list the routes",
                "check the link, or choose an action on this screen"
            ),
            (
                "demo://ticket/refund?amount=5", "run 'demo routes' to list the routes a link may open",
                "choose an action on a screen to get there"
            ),
        ]
        for (url, hint, inSession) in cases {
            #expect(throws: RouteError.self) { try Sample.open(url) }
            guard case .failure(let error as RouteError) = Result(catching: { try Sample.open(url) }) else { continue }
            #expect(error.hint(help: help) == hint, "\(url)")
            #expect(error.hint(inSession: true, help: help) == inSession, "\(url)")
            #expect(error.message(help: help) == "Error: \(error.problem); \(hint)")
        }
    }

    @Test func lengthLimitsAreEnforced() {
        let long = "demo://home?" + String(repeating: "a", count: DeepLink.maximumLength)
        #expect(throws: RouteError.tooLong(long.utf8.count)) { try Sample.open(long) }
        let value = String(repeating: "b", count: DeepLink.maximumValueLength + 1)
        #expect(throws: RouteError.valueTooLong(name: "text", length: value.count)) {
            try Sample.open("demo://ticket/search?open=true&text=\(value)")
        }
        let many = (0...DeepLink.maximumParameterCount).map { "p\($0)=1" }.joined(separator: "&")
        #expect(throws: RouteError.malformed("the URL has 33 parameters, more than 32")) {
            try Sample.open("demo://home?\(many)")
        }
    }

    @Test func internalRoutesOpenFromInside() throws {
        #expect(try Sample.open("demo://ticket/refund?amount=500", from: .inside) == "refund 500")
        #expect(throws: RouteError.invalidValue("501", parameter: Sample.refund.parameterDescriptions[0])) {
            try Sample.open("demo://ticket/refund?amount=501", from: .inside)
        }
        // Numbers are written one way only, so a URL and its canonical form agree.
        #expect(throws: RouteError.self) { try Sample.open("demo://ticket/refund?amount=+5", from: .inside) }
        #expect(throws: RouteError.self) { try Sample.open("demo://ticket/refund?amount=05", from: .inside) }
    }

    @Test func everyRouteWritesItsURLBackFromTypedValues() throws {
        #expect(Sample.ticket.url(TicketID(rawValue: "t-9"), .small) == "demo://ticket/detail?ticketId=t-9&size=small")
        #expect(Sample.search.url("a b/?", false) == "demo://ticket/search?text=a%20b%2F%3F&open=false")
        #expect(Sample.search.url(nil, true) == "demo://ticket/search?open=true")
        for route in Sample.table.routes {
            let resolved = try Sample.table.resolve(route.exampleURL, from: .inside)
            #expect(resolved.route.pattern == route.pattern)
            #expect(resolved.link.url == route.exampleURL)
        }
        // A value with reserved characters survives the round trip through its URL.
        let url = Sample.search.url("&=#%", true)
        #expect(try Sample.open(url) == "search &=#% true")
    }

    @Test func aSoundTableHasNoProblems() {
        #expect(Sample.table.problems == [])
    }

    @Test func theWholeTableCheckFindsEveryKindOfMistake() {
        let twin = Route<String>("demo://home", exposure: .external, provide: "Twin.provide()") { "twin" }
        let slashed = Route<String>("demo://home/", provide: "Slash.provide()") { "slash" }
        let upper = Route<String>("demo://Ticket", provide: "Upper.provide()") { "upper" }
        let foreign = Route<String>("web://page", provide: "Web.provide()") { "web" }
        let doubled = Route<String, Int, Int>(
            "demo://pair", provide: "Pair.provide(a:b:)",
            parameters: .integer("n", in: 0...9), .integer("n", in: 0...9), example: 1, 2
        ) { a, b in "\(a)\(b)" }
        let badExample = Route<String, Int>(
            "demo://bad", provide: "Bad.provide(n:)", parameters: .integer("n", in: 0...9), example: 10
        ) { "\($0)" }
        let table = RouteTable(
            scheme: "demo",
            routes: [
                Sample.home.erased, twin.erased, slashed.erased, upper.erased, foreign.erased, doubled.erased,
                badExample.erased,
            ]
        )
        #expect(
            table.problems == [
                "'demo://home' is declared twice",
                "'demo://home/': a pattern is demo://host/path, without an empty segment or a trailing '/'",
                "'demo://home/' and 'demo://home' are ambiguous",
                "'demo://Ticket': a pattern uses lowercase letters, digits, '-' and '/' only",
                "the example 'demo://Ticket' does not open: no route 'demo://ticket'",
                "'web://page': a pattern starts with demo://",
                "the example 'web://page' does not open: 'web://' links do not open in this app",
                "'demo://pair' declares parameter 'n' twice",
                "the example 'demo://pair?n=1&n=2' does not open: parameter 'n' is given twice",
                "the example 'demo://bad?n=10' does not open: '10' is not a valid n",
            ]
        )
    }

    @Test func aLookupIsOneDictionaryProbe() throws {
        let routes = (0..<2_000).map { number in
            Route<String, Int>(
                "demo://r\(number)/page", exposure: .external, provide: "R.provide(n:)",
                parameters: .integer("n", in: 0...9), example: 1
            ) { "r\(number) \($0)" }.erased
        }
        let table = RouteTable(scheme: "demo", routes: routes)
        #expect(try table.resolve("demo://r1999/page?n=3", from: .outside).link.open() == "r1999 3")
        #expect(table.problems == [])
    }
}

@Suite("Web templates and the routes configuration")
struct RouteConfigurationTests {
    private static let routes: [(pattern: String, parameters: [String])] = [
        ("demo://ticket/detail", ["ticketId", "size"]), ("demo://home", []),
    ]

    private func parse(_ text: String) throws(RouteConfigurationError) -> RouteConfiguration {
        try RouteConfiguration.parse(Data(text.utf8), source: "routes.json", routes: Self.routes)
    }

    @Test func valuesAreEncodedSoTheyCannotInjectAPathQueryOrHost() throws {
        let template = try WebTemplate("https://m.example.com/t/{ticketId}?s={size}", parameters: ["ticketId", "size"])
        let attempts = [
            ("../../admin", "%2E%2E%2F%2E%2E%2Fadmin"), ("..", "%2E%2E"), ("x?admin=1#frag", "x%3Fadmin%3D1%23frag"),
            ("@evil.example", "%40evil%2Eexample"), ("//evil.example", "%2F%2Fevil%2Eexample"), ("a b", "a%20b"),
            ("é", "%C3%A9"), ("%2F", "%252F"), ("", ""),
        ]
        for (value, encoded) in attempts {
            #expect(
                template.address(for: [("ticketId", value), ("size", "large")])
                    == "https://m.example.com/t/\(encoded)?s=large")
        }
    }

    @Test func aConfigurationNamesEachDowngradedRoute() throws {
        let configuration = try parse(#"{"downgrade": {"demo://ticket/detail": "https://m.example.com/t/{ticketId}"}}"#)
        #expect(configuration.downgrades.keys.sorted() == ["demo://ticket/detail"])
        #expect(try parse(#"{}"#).downgrades.isEmpty)
        #expect(try parse(#"{"downgrade": {}}"#).downgrades.isEmpty)
    }

    @Test(arguments: [
        (
            #"{"downgrade": {"demo://ticket/detial": "https://a.example"}}"#,
            "downgrade['demo://ticket/detial']: no such route; did you mean 'demo://ticket/detail'?"
        ),
        (
            #"{"downgrade": {"demo://nope/nothing/here": "https://a.example"}}"#,
            "downgrade['demo://nope/nothing/here']: no such route; check the pattern against the app's routes"
        ),
        (
            #"{"downgrade": {"demo://ticket/detail": "https://a.example/{ticketid}"}}"#,
            "downgrade['demo://ticket/detail']: unknown placeholder {ticketid}; the route takes {ticketId}, {size}"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example/{x}"}}"#,
            "downgrade['demo://home']: unknown placeholder {x}; the route takes no parameters"
        ),
        (
            #"{"downgrade": {"demo://home": "http://a.example/"}}"#,
            "downgrade['demo://home']: it is not an https:// address"
        ),
        (
            #"{"downgrade": {"demo://home": "javascript:alert(1)"}}"#,
            "downgrade['demo://home']: it is not an https:// address"
        ),
        (
            #"{"downgrade": {"demo://ticket/detail": "https://{ticketId}.example/"}}"#,
            "downgrade['demo://ticket/detail']: a placeholder in the host would let a link choose the site; write the host out"
        ),
        (
            #"{"downgrade": {"demo://home": "https://user@a.example/"}}"#,
            "downgrade['demo://home']: 'user@a.example' is not a plain host (letters, digits, '-' and '.'; no user or port)"
        ),
        (
            #"{"downgrade": {"demo://home": "https:///path"}}"#,
            "downgrade['demo://home']: '' is not a plain host (letters, digits, '-' and '.'; no user or port)"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example/{"}}"#,
            "downgrade['demo://home']: it has an unmatched '{'; placeholders are written {name}"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example/}"}}"#,
            "downgrade['demo://home']: it has an unmatched '}'; placeholders are written {name}"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example/a b"}}"#,
            "downgrade['demo://home']: it contains a space; percent-encode it"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example/<x>"}}"#,
            "downgrade['demo://home']: '<' may not appear in a web address; percent-encode it"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example/%zz"}}"#,
            "downgrade['demo://home']: '%zz' is not a percent escape; write '%' as %25"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example/%4"}}"#,
            "downgrade['demo://home']: '%4' is not a percent escape; write '%' as %25"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example/\u0000"}}"#,
            "downgrade['demo://home']: it contains U+0000; percent-encode it"
        ),
        (
            #"{"downgrade": {"demo://home": 5}}"#,
            #"downgrade['demo://home']: the template must be a string, e.g. "https://app.example/…""#
        ),
        (#"{"downgrade": ["demo://home"]}"#, #"downgrade: must be an object: {"<route pattern>": "<https template>"}"#),
        (#"{"downgrad": {}}"#, "'downgrad': unknown key; did you mean 'downgrade'?"),
        (#"{"routes": {}}"#, "'routes': unknown key; the only key is 'downgrade'"),
        (#"{"\u001b[2J\nx": 1}"#, "'\\u{1b}[2J\\u{a}x': unknown key; the only key is 'downgrade'"),
        (#"{"downgrade": {"demo://home": "https://a.example",}}"#, "'downgrade': a trailing comma before '}'"),
        (#"{"downgrade": {},}"#, "a trailing comma before '}'"),
        (#"[]"#, #"the file must be a JSON object: {"downgrade": {"<route>": "<https template>"}}"#),
        (
            #"{"downgrade": {"demo://home": "https://a.example", "demo://home": "https://b.example"}}"#,
            "'downgrade': the key 'demo://home' is given twice; give it once"
        ),
        (
            #"{"downgrade": {"demo://home": "https://a.example", "demo:\/\/home": "https://b.example"}}"#,
            "'downgrade': the key 'demo://home' is given twice; give it once"
        ),
        (#"{"downgrade": {}, "downgrade": {}}"#, "the key 'downgrade' is given twice; give it once"),
        ("{\"downgrade\": {}}\u{0}", "it is not UTF-8 text; save it as UTF-8"),
    ])
    func badConfigurationsAreRefusedNamingTheKey(text: String, message: TestText) {
        #expect(throws: RouteConfigurationError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.description == "Error: routes config 'routes.json': " + message.text)
        }
    }

    @Test func aConfigurationInAnotherEncodingIsRefused() throws {
        let text = #"{"downgrade": {"demo://home": "https://a.example", "demo://home": "https://b.example"}}"#
        for encoding in [String.Encoding.utf16, .utf16LittleEndian, .utf32] {
            let data = try #require(text.data(using: encoding))
            #expect(
                throws: RouteConfigurationError(
                    source: "x", key: nil, problem: "it is not UTF-8 text; save it as UTF-8")
            ) {
                try RouteConfiguration.parse(data, source: "x", routes: Self.routes)
            }
        }
    }

    @Test(arguments: ["", "{", #"{"downgrade": "#, TestText(String(repeating: "[", count: 100_000)), "\u{FF}\u{FE}"])
    func malformedJSONIsRefusedWithoutCrashing(text: TestText) {
        #expect(throws: RouteConfigurationError.self) { try parse(text.text) }
        do {
            _ = try parse(text.text)
        } catch {
            #expect(error.key == nil)
            #expect(error.problem.hasPrefix("not valid JSON") || error.problem.hasPrefix("the file must be"))
        }
    }

    @Test func filesThatCannotBeReadAreRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routes-config-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.json")
        try Data(count: RouteConfiguration.maximumSize + 1).write(to: big)
        let cases = [
            (folder.appendingPathComponent("missing.json").path, "no such file"),
            (folder.path, "it is a folder, not a file"),
            (big.path, "it is larger than 1048576 bytes"),
        ]
        for (path, problem) in cases {
            #expect(throws: RouteConfigurationError(source: path, key: nil, problem: problem)) {
                try RouteConfiguration.load(from: path, routes: Self.routes)
            }
        }
    }
}
