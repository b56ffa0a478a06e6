import Foundation
import MallBase
import Middleware
import MiddlewareSupport

/// One business component run on its own, the way seed 003 wants components to run independently.
///
/// A preview executable (`ShopPreview`) links its component and the lower layers only. It answers every
/// require with its stub (a ``Screen`` naming the call), so nothing of a sibling is
/// needed; async requires answer at once, or after `--stub-delay`, or fail with `--stub-fail`, so a
/// screen's loading and failed states can be seen alone. It opens the component's entry screen in the text navigator with the same commands, piped
/// input and `--script` files as the app.
@MainActor
public struct ComponentPreview {
    /// What a preview's command line asks for: one mode, with the options that mode uses.
    public enum Command: Equatable, Sendable {
        /// Navigate from the entry screen: interactively, from piped input, or from `--script`, the
        /// async requires' stubs answering as `stubs` says.
        case navigate(SessionOptions, stubs: StubBehavior = .immediate)
        /// Print the component's requires and whether each is answered.
        case audit
        /// Print the usage.
        case help
    }

    /// The component's name: `Shop`.
    public let component: String
    /// The program's name: `ShopPreview`.
    public var program: String { "\(component)Preview" }
    /// The component's wiring, as the audit reads it.
    private let audit: @MainActor () -> WiringReport
    /// Answers every require of the component with its stub, async ones as told.
    private let stub: @MainActor (StubBehavior) -> Void
    /// The component's entry screen.
    private let entry: @MainActor () -> Screen

    /// The preview of `component`, every require of it answered by its stub.
    ///
    /// - Parameters:
    ///   - component: The component's singleton.
    ///   - answeredBy: Who answers each require in the app, by name (generated from the router).
    ///   - entry: The component's entry screen, e.g. `Shop.shared.provide_searchShop()`.
    public static func app<Component: ComponentAPI>(
        of component: Component,
        answeredBy: [String: String],
        entry: @escaping @MainActor () -> Screen
    ) -> ComponentPreview {
        component.stubEveryRequire(answeredBy: answeredBy)
        return ComponentPreview(
            component: Component.componentName,
            audit: { WiringReport(components: [WiringAudit.wiring(of: component)]) },
            stub: { component.stubEveryRequire(answeredBy: answeredBy, behavior: $0) },
            entry: entry)
    }

    /// Runs the preview with the process's arguments and exits with its status: the only place a
    /// preview ends its process.
    public static func main(_ preview: ComponentPreview) async -> Never {
        StandardStreams.prepare()
        exit(await preview.run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// Reads the command line of the preview called `program`.
    public nonisolated static func parse(_ arguments: [String], program: String) throws(UsageError) -> Command {
        var reader = ArgumentReader(
            arguments, program: program, words: ["audit"], aliases: ["-h": "--help", "help": "--help"])
        var options = SessionOptions()
        var stubs = StubBehavior.immediate
        var isAudit = false
        while let argument = try reader.next() {
            if try options.take(argument, from: &reader) { continue }
            switch argument {
            case "-h", "--help", "help": continue
            case "audit": isAudit = true
            case "--stub-delay":
                // Up to an hour, as --timeout; 0 answers at once.
                stubs.delay = try reader.seconds(
                    reader.value(of: argument, needs: "a number of seconds", example: "--stub-delay 2"),
                    of: argument, in: 0...3600, example: "2")
            case "--stub-fail": stubs.fails = true
            default:
                throw reader.unknown(
                    argument, among: SessionOptions.spellings + ["--stub-delay", "--stub-fail", "--help", "audit"])
            }
        }
        if isAudit, let option = reader.given.first(where: { $0 != "audit" && $0 != "--help" }) {
            throw reader.error("'\(program) audit' does not use \(option); remove it")
        }
        if reader.hasSeen("--help") { return .help }
        if isAudit { return .audit }
        return .navigate(options, stubs: stubs)
    }

    /// Runs the preview and returns its exit status.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - makeTerminal: The terminal to use, given whether colour is allowed (tests pass a scripted one).
    public func run(
        arguments: [String],
        makeTerminal: (_ allowsColor: Bool) -> any Terminal = { StandardTerminal(allowsColor: $0) }
    ) async -> ExitCode {
        let command: Command
        do {
            command = try Self.parse(arguments, program: program)
        } catch {
            let terminal = makeTerminal(true)
            terminal.writeError(error.description + "\n")
            return .usage
        }
        switch command {
        case .help:
            let terminal = makeTerminal(true)
            terminal.write(Self.usage(component: component) + "\n")
            return terminal.failure == nil ? .success : .usage
        case .audit:
            let terminal = makeTerminal(true)
            let report = audit()
            terminal.write(report.description + "\n")
            return terminal.failure != nil ? .usage : report.isComplete ? .success : .findings
        case .navigate(let options, let stubs):
            stub(stubs)
            let terminal = makeTerminal(options.allowsColor)
            let launch = SessionLaunch(program: program, options: options)
            do {
                try launch.checkWiring(audit(), terminal: terminal)
                try await launch.run(launch.session(home: entry(), links: nil, terminal: terminal), terminal: terminal)
                return .success
            } catch {
                if !error.message.isEmpty { terminal.writeError(error.message + "\n") }
                return error.status
            }
        }
    }

    /// The `--help` text of a component's preview.
    public static func usage(component: String) -> String {
        """
        OVERVIEW: \(component) on its own: its entry screen in the text navigator, with every require
        answered by a stub that names the require and the values it was called with.

        USAGE: \(component)Preview [--script <file>] [--strict] [--timeout <seconds>] [--trace]
                 [--analytics <file>] [--no-color] [--stub-delay <seconds>] [--stub-fail]
               \(component)Preview audit

        SUBCOMMANDS:
          audit               Print \(component)'s requires and whether each is answered (by a stub).

        OPTIONS:
          --script <file>     Read commands from <file>, one per line, printing every screen.
          --strict            Exit 1 at launch if any require is not answered.
          --timeout <seconds> The longest a screen may take to load (default 10, from 0.1 to 3600).
          --trace             Print one line per navigation on standard error.
          --analytics <file>  Append one JSON object per screen view to <file>.
          --no-color          Never colour the output (NO_COLOR=1 does the same).
          --stub-delay <seconds>
                              Async requires' stubs answer after <seconds> (default 0, up to 3600).
          --stub-fail         Async requires' stubs fail, so a screen's failed state shows.
          -h, --help          Show this help.

        Commands on a screen: a number, b (back), h (home), r (reload), q (quit), ? (help).
        The whole app, with every component wired: swift run mall
        """
    }
}
