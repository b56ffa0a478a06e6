import AppointmentRouter
import EventRouter
import Foundation
import GroupbuyRouter
import MallNavigator
import MallRouting
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import ShopRouter
import Testing

@testable import Appointment
@testable import Event
@testable import Groupbuy
@testable import Mall
@testable import Shop

/// The four components these transcripts were written for. Tests pass them explicitly so a component
/// added later (`new-component`) does not change the home screen they expect.
@MainActor
func fourComponentRouters(links: Links) -> [any ComponentRouter] {
    [
        ShopRouter(links: links), EventRouter(links: links), GroupbuyRouter(links: links),
        AppointmentRouter(links: links),
    ]
}

/// How many requires each of the four components declares, from their derived lists: a require
/// added to a component changes what the tests expect with it.
@MainActor
func fourComponentRequireCounts() -> [(component: String, count: Int)] {
    [
        ("Shop", Shop.allRequires.count), ("Event", Event.allRequires.count),
        ("Groupbuy", Groupbuy.allRequires.count), ("Appointment", Appointment.allRequires.count),
    ]
}

/// Every component the app wires: what `.freshComponents` resets before each test case of a suite
/// that runs the app.
@MainActor
func everyComponent() -> [any ComponentAPI] {
    Routers.all(links: Links()).map { $0.component }
}

/// Runs the shell as `mall <arguments>` with `input` as the lines typed, on fresh components (as a new
/// process would start), with `environment` as the only environment (so a routes configuration set
/// outside does not leak in). Unless `environment` names a state folder, the run keeps the user's
/// state in a fresh one, removed afterwards, so every run starts from the sample data. Suites that
/// call it carry `.freshComponents(everyComponent)`, so no other test touches the components while
/// it runs.
@MainActor
func runShell(
    _ arguments: [String] = [],
    input: [String] = [],
    environment: Environment = [:],
    routers: @escaping @MainActor (Links) -> [any ComponentRouter] = fourComponentRouters(links:)
) async -> TextAppRun {
    for component in everyComponent() {
        component.reset()
    }
    var environment = environment
    let freshState = FileManager.default.temporaryDirectory.appendingPathComponent("mall-state-\(UUID().uuidString)")
    if environment[StateLocation.variable] == nil {
        environment = environment.setting(StateLocation.variable, to: freshState.path)
    }
    defer { try? FileManager.default.removeItem(at: freshState) }
    let terminal = ScriptedTerminal(lines: input)
    let status = await Launcher.run(arguments: arguments, environment: environment, routers: routers) { _ in terminal }
    return TextAppRun(status: status, output: terminal.output, errors: terminal.errorOutput)
}

/// The environment for a `mall` process a test starts: `variables`, and the test run's sanitizer
/// options, so a child built with a sanitizer (`.ci/sanitize.sh`) suppresses what the suite does.
func childEnvironment(_ variables: [String: String]) -> [String: String] {
    var environment = variables
    for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
        environment[name] = ProcessInfo.processInfo.environment[name]
    }
    return environment
}

/// Whether the run is under a sanitizer (`.ci/sanitize.sh` sets its options): its shadow memory
/// and the address sanitizer's quarantine of freed memory (256 MB) make a peak a plain build
/// keeps low meaningless, so memory is measured by the plain runs.
let isSanitized = ["ASAN_OPTIONS", "TSAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil }

/// The documents whose examples and pictures tests keep true: the README and the mall's documents
/// (`Docs/`). The middleware's references show the notes app in `Examples/Notes`, whose tests keep
/// them true.
let documents: [URL] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let docs = root.appendingPathComponent("Docs")
    let articles = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return [root.appendingPathComponent("README.md")]
        + articles.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
}()

/// The text between the line(s) `begin` and `end` in the one document that has them: a block a test
/// keeps equal to a command's output.
func documentSection(from begin: String, to end: String) throws -> String {
    for document in documents {
        let text = try String(contentsOf: document, encoding: .utf8)
        guard let start = text.range(of: begin) else { continue }
        let stop = try #require(
            text.range(of: end, range: start.upperBound..<text.endIndex), "\(document.lastPathComponent) needs \(end)")
        return String(text[start.upperBound..<stop.lowerBound])
    }
    Issue.record("no document has the lines \(begin)")
    return ""
}

extension String {
    /// The breadcrumb lines, in order.
    var breadcrumbs: [String] {
        split(separator: "\n").filter { $0 == "Mall" || $0.hasPrefix("Mall › ") }.map(String.init)
    }

    /// The text without the launch's warnings about unwired requires: a package where
    /// `new-component` added components with requires to wire (the scaffold build test makes one)
    /// prints them first.
    var withoutWiringWarnings: String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .filter {
                !($0.hasPrefix("warning: ") && $0.hasSuffix(" is not wired; its screens will show 'unavailable'"))
            }
            .joined(separator: "\n")
    }

    /// The error lines, in order.
    var errorLines: [String] {
        split(separator: "\n").filter { $0.hasPrefix("Error: ") }.map(String.init)
    }
}
