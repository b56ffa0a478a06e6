import Foundation
import MallNavigator
import MallTestSupport
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Mall

/// A `mall` process driven one command at a time, as a person would type: each command waits for
/// the screen it leads to.
final class LiveMall {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var printed = Data()
    /// The state folder of its own, removed when the process is done with.
    private let state = FileManager.default.temporaryDirectory.appendingPathComponent("mall-live-\(UUID().uuidString)")

    init(_ arguments: [String]) throws {
        let products = try #require(ReadmeExampleTests.products, "cannot tell where the executables were built")
        process.executableURL = products.appendingPathComponent("mall")
        process.arguments = arguments
        process.environment = childEnvironment(["NO_COLOR": "1", "TERM": "dumb", "MALL_STATE_DIR": state.path])
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        _ = screen()
    }

    /// Types `command` and returns the screen it leads to.
    func type(_ command: String) -> String {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        return screen()
    }

    /// The output up to the next prompt.
    private func screen() -> String {
        let start = printed.count
        while true {
            let shown = String(decoding: printed[start...], as: UTF8.self)
            if shown.hasSuffix("> ") || shown.contains("Bye.") { return shown }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return shown }
            printed += chunk
        }
    }

    /// Quits, and returns everything said on standard error.
    func quit() -> String {
        _ = type("q")
        try? input.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return said.withoutWiringWarnings
    }

    deinit {
        try? FileManager.default.removeItem(at: state)
    }
}

/// Downgrades a server pushes while the app runs: `--routes-config` with an address.
@Suite("Routes pushed while the app runs")
struct PushedRoutesTests {
    static let downgrade = #"{"downgrade": {"mall://shop/detail": "https://m.mall.example/shop/{shopId}"}}"#
    static let native = #"{"downgrade": {}}"#
    /// An event's page, whose "Visit Blue Bottle Coffee" goes to Shop through the router and its route.
    static let event = "mall://event/detail?eventId=e01&eventType=workshop"

    /// Visits Blue Bottle Coffee (`2`) and comes back (`b`) until the visit shows `expected` and
    /// `until` holds, for at most 20 seconds: fetches come every 0.2 s, but a loaded machine may
    /// delay them. Returns whether it came to hold; every visit on the way must show one of `allowed`.
    private static func visit(
        _ mall: LiveMall, expecting expected: String, allowing allowed: [String] = [], until: () -> Bool = { true }
    ) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let shown = mall.type("2")
            _ = mall.type("b")
            if shown.contains(expected) && until() { return true }
            guard shown.contains(expected) || allowed.contains(where: shown.contains) else { return false }
            usleep(100_000)
        }
        return false
    }

    /// The kinds of the lines the analytics file holds.
    private static func kinds(in analytics: URL) -> [String] {
        let lines = ((try? String(contentsOf: analytics, encoding: .utf8)) ?? "").split(separator: "\n")
        return lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
        }
    }

    @Test func aDowngradeChangedOnTheServerAppliesToTheNextNavigationWithoutARestart() throws {
        let server = try TestServer(files: ["routes.json": Self.native])
        let analytics = server.folder.deletingLastPathComponent().appendingPathComponent("views-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: analytics) }
        let mall = try LiveMall([
            "--routes-config", server.address("routes.json"), "--routes-refresh", "0.2", "--analytics",
            analytics.path, "open", Self.event,
        ])
        let native = "== Blue Bottle Coffee =="
        let web = "Opens https://m.mall.example/shop/s01"
        #expect(Self.visit(mall, expecting: native), "native before the change")

        try server.write(Self.downgrade, to: "routes.json")
        #expect(Self.visit(mall, expecting: web, allowing: [native]), "the web page after it")

        // A malformed configuration changes nothing, and is said once: every visit until the app has
        // fetched it (it says so in the analytics file) and after still opens the web page.
        try server.write(#"{"downgrade": {"mall://shop/detail": "http://insecure.example/"}}"#, to: "routes.json")
        #expect(
            Self.visit(mall, expecting: web) { Self.kinds(in: analytics).contains("routes-config-refused") },
            "the last good one stays")
        #expect(Self.visit(mall, expecting: web))

        try server.write(Self.native, to: "routes.json")
        #expect(Self.visit(mall, expecting: native, allowing: [web]), "native again once restored")

        // A server that goes away keeps the last good configuration.
        server.stop()
        #expect(
            Self.visit(mall, expecting: native) { Self.kinds(in: analytics).contains("routes-config-unavailable") })
        #expect(Self.visit(mall, expecting: native))
        let warnings = mall.quit().split(separator: "\n")
        #expect(mall.process.terminationStatus == 0)
        let refused = warnings.filter { $0.contains("refused") }
        #expect(refused.count == 1, "\(warnings)")
        #expect(refused.first?.hasPrefix("warning: routes config '\(server.address("routes.json"))' refused: ") == true)
        #expect(refused.first?.hasSuffix("; the last good one stays") == true)
        let unreachable = warnings.filter { $0.hasPrefix("warning: cannot fetch routes config") }
        #expect(unreachable.count == 1, "said once, however many fetches fail: \(warnings)")
        // Each warning is an analytics event too, once, beside the screen views.
        let kinds = Self.kinds(in: analytics)
        #expect(kinds.filter { $0 == "routes-config-refused" }.count == 1, "\(kinds)")
        #expect(kinds.filter { $0 == "routes-config-unavailable" }.count == 1, "\(kinds)")
        #expect(kinds.filter { $0 == "push" }.count >= 7, "\(kinds)")
    }

    @Test func aServerThatIsDownAtLaunchIsAWarningAndTheAppStartsNative() throws {
        let server = try TestServer(files: [:])
        let address = server.address("routes.json")
        server.stop()
        let mall = try LiveMall(["--routes-config", address, "open", Self.event])
        #expect(mall.type("2").contains("== Blue Bottle Coffee =="))
        let warnings = mall.quit()
        #expect(warnings.hasPrefix("warning: cannot fetch routes config '\(address)': "), "\(warnings)")
        #expect(mall.process.terminationStatus == 0)
    }

    @Test func whatTheServerSendsIsCheckedBeforeItApplies() throws {
        let server = try TestServer(files: [
            "page.html": "<html></html>", "big.json": String(repeating: " ", count: 1_048_577),
        ])
        for (name, problem) in [
            ("missing.json", "the server answered 404 (Not Found)"),
            ("page.html", "the server sent 'text/html', not application/json"),
            ("big.json", "larger than 1048576 bytes"),
            ("redirect-away", "the server redirects to 'http://evil.example/routes.json', which is not fetched"),
            ("sign-in-needed", "the server answered 401 (it asks for a sign-in, which the app does not give)"),
        ] {
            let mall = try LiveMall(["--routes-config", server.address(name), "open", Self.event])
            #expect(mall.type("2").contains("== Blue Bottle Coffee =="))
            let warnings = mall.quit()
            #expect(warnings.contains(problem), "\(name): \(warnings)")
            #expect(mall.process.terminationStatus == 0)
        }
    }
}

/// Servers that send more than a configuration can be: memory and time stay bounded whatever they send.
@Suite("Hostile routes servers")
struct HostileRoutesServerTests {
    /// Runs `mall routes --routes-config <address>` under Python, which reports the process's peak
    /// memory (its children's `ru_maxrss`, in KB); returns that, the seconds it took and its errors.
    /// With `navigating`, it runs `mall <arguments> --routes-config <address>` instead, typing `q`
    /// after that many seconds.
    private static func measure(
        _ address: String, navigating seconds: Double? = nil, _ arguments: [String] = []
    ) throws -> (kilobytes: Int, seconds: Double, errors: String) {
        let products = try #require(ReadmeExampleTests.products)
        let script = """
            import resource, subprocess, sys, time
            start = time.monotonic()
            wait = float(sys.argv[1])
            mall = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if wait > 0:
                time.sleep(wait)
            _, errors = mall.communicate(b"q\\n")
            sys.stderr.buffer.write(errors)
            print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.monotonic() - start)
            """
        let mode = seconds == nil ? ["routes"] : arguments
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "-c", script, String(seconds ?? 0), products.appendingPathComponent("mall").path] + mode
            + ["--routes-config", address]
        process.environment = childEnvironment(["PATH": "/usr/bin:/bin"])
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let figures = printed.split(separator: " ")
        let kilobytes = try #require(figures.first.flatMap { Int($0) }, "python3 printed '\(printed)'")
        let seconds = try #require(figures.last.flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        return (kilobytes, seconds, said)
    }

    /// The most a hostile server may make the process use, given what a good one makes it use: 8 MB
    /// more (a plain build uses about 35 MB either way; a refused body is dropped at the first byte past
    /// 1 MB, and what a run allocates varies by a few MB).
    private static func bound(_ good: Int) -> Int {
        good + 8_000
    }

    @Test(arguments: [
        ("endless", "the configuration is larger than 1048576 bytes"),
        ("gzip-bomb", "the server sent a compressed answer ('gzip'), which the app does not ask for"),
    ])
    func aBodyWithoutEndOrCompressedWithoutBoundStaysWithinMemoryAndTime(path: String, problem: String) throws {
        let server = try TestServer(files: ["routes.json": PushedRoutesTests.native])
        // What fetching a good configuration takes, in the same build (a sanitizer's build takes more).
        let good = try Self.measure(server.address("routes.json"))
        let hostile = try Self.measure(server.address(path))
        #expect(hostile.errors.contains(problem), "\(hostile.errors)")
        // Before the bounds held: over 1 GB and 5 s to 13 s; before the app read `http://` itself, up to 30 MB
        // more than a good configuration.
        #expect(
            isSanitized || hostile.kilobytes < Self.bound(good.kilobytes),
            "\(hostile.kilobytes) KB against \(good.kilobytes) KB")
        #expect(hostile.seconds < 5, "the fetch took \(hostile.seconds) s, longer than its time limit")
    }

    @Test func aServerThatSendsWithoutEndIsNotAskedAgainWhileItsLastTransferRuns() throws {
        let server = try TestServer(files: ["routes.json": PushedRoutesTests.native])
        let refresh = ["--routes-refresh", "0.1", "--state-dir", server.folder.appendingPathComponent("state").path]
        let good = try Self.measure(server.address("routes.json"), navigating: 3, refresh)
        let hostile = try Self.measure(server.address("endless"), navigating: 3, refresh)
        let warnings = hostile.errors.split(separator: "\n").filter { $0.contains("larger than 1048576 bytes") }
        #expect(warnings.count == 1, "\(hostile.errors)")
        // Before, a fetch every 0.1 s started while the last transfer still ran: hundreds of MB; then, while
        // FoundationNetworking read `http://`, up to 64 MB more. Now a cut transfer ends with its fetch.
        #expect(
            isSanitized || hostile.kilobytes < Self.bound(good.kilobytes),
            "\(hostile.kilobytes) KB against \(good.kilobytes) KB")
    }

    @Test(arguments: [
        ("file:///routes.json", "the server redirects to 'file:///routes.json', which is not fetched"),
        ("javascript:alert(1)", "the server redirects to 'javascript:alert(1)', which is not fetched"),
        ("data:application/json,{}", "the server redirects to 'data:application/json,{}', which is not fetched"),
        (
            "http://user:secret@127.0.0.1:1/routes.json",
            "the server redirects to 'http://127.0.0.1:1/routes.json' with a user or password, which is not fetched"
        ),
        (
            "ftp://user:secret@127.0.0.1/routes.json",
            "the server redirects to 'ftp://127.0.0.1/routes.json' with a user or password, which is not fetched"
        ),
        (
            "//user:secret@127.0.0.1:1/routes.json",
            "the server redirects to '//127.0.0.1:1/routes.json' with a user or password, which is not fetched"
        ),
    ])
    func aRedirectToAnAddressThatIsNotFetchedIsNamed(location: String, problem: String) throws {
        let server = try TestServer(files: ["routes.json": PushedRoutesTests.native])
        let target = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location
        let run = try Self.measure(server.address("redirect?to=\(target)"))
        #expect(run.errors.contains(problem), "\(run.errors)")
        #expect(!run.errors.contains("user:secret@"))
    }

    @Test func aRelativeRedirectOnTheSameServerIsFollowed() throws {
        let server = try TestServer(files: ["routes.json": PushedRoutesTests.downgrade])
        let run = try Self.measure(server.address("redirect?to=%2Froutes.json"))
        #expect(run.errors.isEmpty, "\(run.errors)")
    }
}

/// What `--routes-config` and `--routes-refresh` refuse before anything is fetched or shown.
@MainActor
@Suite("Routes addresses refused", .freshComponents(everyComponent))
struct RefusedRoutesAddressTests {
    @MainActor
    @Test(
        arguments: [
            (["--routes-config", "ftp://example.com/routes.json"], "only https:// addresses"),
            (["--routes-config", "http://example.com/routes.json"], "http:// is allowed only to this machine"),
            (["--routes-config", "http://127.0.0.1.example.com/r.json"], "http:// is allowed only to this machine"),
            (["--routes-config", "https://"], "not a valid address"),
            (["--routes-config", "http://[::1]:8000/r.json"], "an IPv6 address is not fetched"),
            (["--routes-config", "http://user:secret@127.0.0.1/r.json"], "with a user or a password"),
            (["--routes-config", "http://127.0.0.1:99999/r.json"], "the port 99999 is not one from 1 to 65535"),
            // Too large for an Int: Foundation's `port` is nil for it, as for no port at all.
            (
                ["--backend", "http://127.0.0.1:99999999999999999999/api"],
                "the port 99999999999999999999 is not one from 1 to 65535"
            ),
            (
                ["--routes-config", "http://127.0.0.1:\(String(repeating: "9", count: 1_000))/r.json"],
                "the port 99999999999999999999… (1000 characters) is not one from 1 to 65535"
            ),
            // A long address is quoted by its start and its length (one of 100,000 characters was echoed whole).
            (
                ["--backend", "http://" + String(repeating: "a", count: 1_000)],
                "aaa… (1007 characters)': http:// is allowed only"
            ),
            (["--routes-config", "http://127.000.000.001/r.json"], "http:// is allowed only to this machine"),
            (["--routes-config", "http://127.0.0.1:1/r.json", "--routes-refresh", "0x1p3"], "not '0x1p3'"),
            (["routes", "--routes-config", "http://127.0.0.1:1/r.json"], "Error: cannot fetch routes config"),
            (
                ["--routes-refresh", "30"],
                "--routes-refresh needs --routes-config <address>\nRun 'mall --help' for usage."
            ),
            (["--routes-config", "routes.json", "--routes-refresh", "30"], "not to the file 'routes.json'"),
            (["--routes-config", "http://127.0.0.1:1/r.json", "--routes-refresh", "0"], "from 0.1 to 86400, not '0'"),
            (["--routes-config", "http://127.0.0.1:1/r.json", "--routes-refresh", "nan"], "not 'nan'"),
            (["--routes-config", "http://127.0.0.1:1/r.json", "--routes-refresh", "1e9"], "not '1e9'"),
        ])
    func addressesThatAreNotFetchedAreRefusedAtLaunch(arguments: [String], message: String) async {
        let run = await runShell(arguments, input: ["q"])
        #expect(run.status == .usage)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(run.output.isEmpty)
    }
}
