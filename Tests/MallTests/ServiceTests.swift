import Foundation
import MallNavigator
import MallTestSupport
import Middleware
import Support
import Testing

@testable import Mall

/// The shops from a service (`--backend`): Python's `http.server` serving the package's shipped
/// document, then every fault a service can have, each one line on the page that asked.
@MainActor
@Suite("Records from a service", .freshComponents(everyComponent))
struct ServiceTests {
    /// The shipped documents, as the package serves them (name → contents).
    private static let documents = Dictionary(
        uniqueKeysWithValues: ["shops", "events", "groupbuys", "queues"].map { name in
            (
                "\(name).json",
                (try? String(
                    contentsOf: ServiceDocument.folder.appendingPathComponent("\(name).json"), encoding: .utf8)) ?? ""
            )
        })
    private static let shops = documents["shops.json"] ?? ""

    /// Opens Shops, then Din Tai Fung, and quits.
    private static let visit = ["1", "2", "q"]

    /// Every component's screens that show records: Din Tai Fung and its queue, an event, a deal
    /// and the shops that take it, and quits.
    private static let walk = [
        "1", "2", "7", "b", "b", "b", "2", "1", "b", "b", "3", "2", "2", "b", "b", "b", "4", "q",
    ]

    /// A fresh state folder, removed when the test ends.
    private final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mall-service-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test func theServiceShowsTheSameRecordsAsTheEmbeddedOnes() async throws {
        let server = try TestServer(files: Self.documents)
        let embedded = await runShell(input: Self.walk)
        let served = await runShell(["--backend", server.address("")], input: Self.walk)
        #expect(served.errors == "")
        #expect(served.status == .success)
        #expect(served.output == embedded.output)
        for title in ["Din Tai Fung", "Queue at Din Tai Fung", "Latte Art Morning", "Applicable shops"] {
            #expect(served.output.contains("== \(title) =="), "\(title)")
        }
    }

    @Test func withTheServiceGoneThePageShowsTheKeptShopsWithTheirTimeAndTryAgain() async throws {
        let server = try TestServer(files: ["shops.json": Self.shops])
        let folder = Folder()
        let environment: Environment = [StateLocation.variable: folder.url.path]
        let first = await runShell(["--backend", server.address("")], input: Self.visit, environment: environment)
        #expect(first.output.contains("== Din Tai Fung =="))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Shop.shops.json").path))
        server.stop()
        let second = await runShell(["--backend", server.address("")], input: Self.visit, environment: environment)
        #expect(second.output.contains("== Din Tai Fung =="))
        let note = try #require(second.output.split(separator: "\n").first { $0.hasPrefix("Kept from ") })
        #expect(
            note.hasSuffix(
                "not current: cannot fetch '\(server.address(""))shops.json': nothing answers at that address"))
        #expect(second.output.contains(". Try again\n"))
    }

    @Test func withNothingKeptAFaultSaysWhatFailedAndTryAgain() async throws {
        let server = try TestServer(files: [:])
        let address = server.address("")
        server.stop()
        let run = await runShell(["--backend", address], input: ["1", "q"])
        #expect(
            run.output.contains(
                "Could not load: cannot fetch '\(address)shops.json': nothing answers at that address\n"))
        #expect(run.output.contains("  1. Try again\n"))
        #expect(run.status == .success)
    }

    @Test(arguments: [
        ("{", "is not valid JSON"),
        (#"{"format": 1, "shops": [{"id": "s01"}]}"#, "has no 'shops[0].name'"),
        (#"{"format": 2, "shops": []}"#, "is in format 2; this mall reads format 1"),
        (#"{"format": 1, "shops": [], "extra": 1}"#, "has a key it does not know, 'extra'"),
        (String(repeating: " ", count: 1_048_577), "is larger than 1048576 bytes"),
    ])
    func aDocumentThatFailsACheckIsRefusedInOneLine(document: String, problem: String) async throws {
        let server = try TestServer(files: ["shops.json": document])
        let run = await runShell(["--backend", server.address("")], input: ["1", "q"])
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("Could not load: ") })
        #expect(line.contains(problem), "\(line)")
        #expect(run.status == .success)
    }

    @Test func recordsThatFailTheStateChecksAreRefused() async throws {
        for (change, problem) in [
            ("Blue Bottle Coffee", #"Blue\u001b[31m"#, "control characters"),
            ("\"s02\"", "\"s01\"", "the shop 's01' twice"),
            ("3800", "-3800", "a price in cents of -3800"),
        ].map({ (Self.shops.replacingOccurrences(of: $0.0, with: $0.1), $0.2) }) {
            let server = try TestServer(files: ["shops.json": change])
            let run = await runShell(["--backend", server.address("")], input: ["1", "q"])
            let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("Could not load: ") })
            #expect(line.contains(problem), "\(line)")
        }
    }

    @Test func aMissingDocumentIsTheServersAnswer() async throws {
        let server = try TestServer(files: [:])
        let run = await runShell(["--backend", server.address("api")], input: ["1", "q"])
        #expect(
            run.output.contains(
                "Could not load: '\(server.address("api"))/shops.json': the service answered 404 (Not Found)\n"))
    }

    @Test(arguments: [
        ("ftp://127.0.0.1/api", "only https:// addresses (or http:// to this machine) are fetched"),
        ("http://example.com/api", "http:// is allowed only to this machine"),
        ("not an address", "not a valid address; e.g. http://127.0.0.1:3001/api"),
    ])
    func aBackendAddressTheRuleRefusesStopsTheLaunch(address: String, problem: String) async {
        let run = await runShell(["--backend", address], input: ["q"])
        #expect(run.status == .usage)
        #expect(run.errors.contains("Error: backend '\(address)': \(problem)"), "\(run.errors)")
        #expect(run.output == "")
    }

    @Test func theTourShowsTheEmbeddedRecordsAndRefusesABackend() async {
        let run = await runShell(["--tour", "--backend", "http://127.0.0.1:9/api"])
        #expect(run.status == .usage)
        #expect(run.errors.contains("--tour shows the embedded records and cannot be used with --backend"))
    }
}
