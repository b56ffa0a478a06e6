import Foundation
import MallNavigator
import MallTestSupport
import Support
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

/// Runs the shell as `mall <arguments>` with `input` as the lines typed, on fresh sample data, with
/// `environment` as the only environment (so a routes configuration set outside does not leak in).
///
/// Call it from a synchronous `@MainActor` test body: it runs to completion without suspending, so
/// tests in parallel never share the component singletons mid-run.
@MainActor
func runShell(
    _ arguments: [String] = [],
    input: [String] = [],
    environment: Environment = [:],
    routers: @MainActor (Links) -> [any ComponentRouter] = fourComponentRouters(links:)
) -> TextAppRun {
    Shop.shared.store = ShopStore()
    Event.shared.store = EventStore()
    Groupbuy.shared.store = GroupbuyStore()
    Appointment.shared.store = AppointmentStore()
    let terminal = ScriptedTerminal(lines: input)
    let status = Launcher.run(arguments: arguments, environment: environment, routers: routers) { _ in terminal }
    return TextAppRun(status: status, output: terminal.output, errors: terminal.errorOutput)
}

/// The README's text between the line(s) `begin` and `end`: a block a test keeps equal to a command's output.
func readmeSection(from begin: String, to end: String) throws -> String {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let start = try #require(text.range(of: begin), "README.md needs the lines \(begin)")
    let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex), "README.md needs \(end)")
    return String(text[start.upperBound..<stop.lowerBound])
}

extension String {
    /// The breadcrumb lines, in order.
    var breadcrumbs: [String] {
        split(separator: "\n").filter { $0 == "Mall" || $0.hasPrefix("Mall › ") }.map(String.init)
    }

    /// The error lines, in order.
    var errorLines: [String] {
        split(separator: "\n").filter { $0.hasPrefix("Error: ") }.map(String.init)
    }
}
