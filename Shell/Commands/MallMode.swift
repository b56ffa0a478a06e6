import MallNavigator
import Middleware
import MiddlewareSupport

/// What one run of `mall` does: one mode, with the options that mode uses.
enum MallMode: Equatable {
    /// Navigate, from the home screen or the screen a link opens: interactively, piped, or `--script`.
    case navigate(NavigateCommand)
    /// Play the self-guided tour (`--tour`).
    case tour(TourCommand)
    /// Print the route table (`routes`).
    case routes(PrintCommand<RouteFormat>)
    /// Draw the wiring graph (`graph`).
    case graph(PrintCommand<GraphFormat>)
    /// Print the wiring report (`audit`).
    case audit
    /// Print where the user's state is kept (`state`).
    case state(StateCommand)
    /// Print the usage (`--help`).
    case help

    /// Whether the mode's output may carry colour.
    var allowsColor: Bool {
        switch self {
        case .navigate(let command): command.session.allowsColor
        case .tour(let command): command.session.allowsColor
        default: true
        }
    }

    /// Runs the mode in `app`; a failure is thrown for `main` to print and exit with.
    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) async throws(LaunchFailure) -> ExitCode {
        switch self {
        case .navigate(let command): return try await command.run(app, terminal: terminal)
        case .tour(let command): return try await command.run(app, terminal: terminal)
        case .routes(let command): return try await command.run(app, terminal: terminal)
        case .graph(let command): return try await command.run(app, terminal: terminal)
        case .audit:
            // The wiring does not depend on downgrades: no routes configuration, as for the tour.
            try await app.links.prepare(routesConfigPath: nil, readsEnvironment: false)
            let report = app.audit
            terminal.write(report.description + "\n")
            let misnamed = app.misnamedEntries
            for line in misnamed {
                terminal.writeError(line + "\n")
            }
            return report.isComplete && misnamed.isEmpty ? .success : .findings
        case .state(let command):
            return try command.run(app, terminal: terminal)
        case .help:
            // The launcher answers --help before assembling an app; this is for a caller that has one.
            terminal.write(Launcher.usage + "\n")
            return .success
        }
    }

    /// Reads `mall`'s command line. A mistake anywhere is refused, even beside `--help`, so the order
    /// of the arguments never changes the outcome.
    static func parse(_ arguments: [String]) throws(UsageError) -> MallMode {
        var reader = ArgumentReader(
            arguments, program: "mall", words: ["audit", "routes", "graph", "open", "state"],
            aliases: ["-h": "--help", "help": "--help"])
        var session = SessionOptions()
        var openURL: String?
        var routesConfigPath: String?
        var stateDirectory: String?
        var backend: String?
        var refresh: Duration?
        var format: String?
        while let argument = try reader.next() {
            if try session.take(argument, from: &reader) { continue }
            switch argument {
            case "-h", "--help", "help", "--tour", "audit", "routes", "graph", "state": continue
            case "open":
                openURL = try reader.value(
                    of: argument, needs: "a URL", example: "open 'mall://shop/detail?shopId=s01'")
            case "--routes-config":
                routesConfigPath = try reader.value(
                    of: argument, needs: "a file or an address", example: "--routes-config routes.json")
            case "--routes-refresh":
                // From a tenth of a second to a day.
                refresh = try reader.seconds(
                    reader.value(of: argument, needs: "a number of seconds", example: "--routes-refresh 30"),
                    of: argument, in: 0.1...86_400, example: "30")
            case "--state-dir":
                stateDirectory = try reader.value(
                    of: argument, needs: "a folder", example: "--state-dir ~/.local/state/mall")
            case "--backend":
                backend = try reader.value(
                    of: argument, needs: "an address", example: "--backend http://127.0.0.1:3001/api")
            case "--format":
                let example = reader.hasSeen("graph") ? "graph --format dot" : "routes --format markdown"
                format = try reader.value(of: argument, needs: "a format", example: example)
            default:
                throw reader.unknown(argument, among: spellings)
            }
        }
        // `open URL` starts the app on a screen; a script may go on from there.
        let modes = reader.given.filter { modeSpellings.contains($0) }
        let clashing = modes.filter { !(modes.contains("open") && $0 == "--script") }
        guard clashing.count <= 1 else {
            throw reader.error("\(clashing.joined(separator: " and ")) cannot be used together")
        }
        if reader.hasSeen("--tour"), routesConfigPath != nil {
            throw reader.error("--tour walks the native screens and cannot be used with --routes-config")
        }
        if reader.hasSeen("--tour"), backend != nil {
            throw reader.error("--tour shows the embedded records and cannot be used with --backend")
        }
        let mode = try mode(of: clashing.first, reader: reader, format: format)
        // An option the mode does not use would be silently ignored: refuse it, naming the mode.
        let uses = mode.options
        if let unused = reader.given.first(where: {
            !modeSpellings.contains($0) && !uses.contains($0) && $0 != "--help"
        }) {
            throw reader.error("'mall \(mode.name)' does not use \(unused); remove it")
        }
        if reader.hasSeen("--help") { return .help }
        switch mode {
        case .navigate:
            return .navigate(
                NavigateCommand(
                    session: session, openURL: openURL, routesConfigPath: routesConfigPath,
                    routesRefresh: refresh, stateDirectory: stateDirectory, backend: backend))
        case .tour: return .tour(TourCommand(session: session))
        case .routes(var command):
            command.routesConfigPath = routesConfigPath
            return .routes(command)
        case .graph(var command):
            command.routesConfigPath = routesConfigPath
            return .graph(command)
        case .state: return .state(StateCommand(stateDirectory: stateDirectory))
        case .audit, .help: return mode
        }
    }

    /// The arguments that choose the mode.
    private static let modeSpellings: Set<String> = [
        "--tour", "audit", "routes", "graph", "open", "--script", "state",
    ]

    /// Every spelling `mall` accepts, for "did you mean".
    private static let spellings =
        SessionOptions.spellings + [
            "--help", "-h", "--tour", "audit", "open", "routes", "graph", "state", "--format", "--routes-config",
            "--backend",
            "--state-dir", "--routes-refresh",
        ]

    /// The mode `word` chooses, with its `--format`: the routes' or the graph's, each with its own formats.
    private static func mode(of word: String?, reader: ArgumentReader, format: String?) throws(UsageError) -> MallMode {
        switch word {
        case "routes":
            guard let format else { return .routes(PrintCommand()) }
            return .routes(PrintCommand(format: try reader.choice(format, of: RouteFormat.self, noun: "format")))
        case "graph":
            guard let format else { return .graph(PrintCommand()) }
            return .graph(PrintCommand(format: try reader.choice(format, of: GraphFormat.self, noun: "format")))
        case _ where format != nil:
            throw reader.error("--format applies only to 'mall routes' and 'mall graph'")
        case "--tour": return .tour(TourCommand(session: SessionOptions()))
        case "audit": return .audit
        case "state": return .state(StateCommand())
        default: return .navigate(NavigateCommand(session: SessionOptions()))
        }
    }

    /// The mode's name, as `mall <name>` spells it in a refusal.
    private var name: String {
        switch self {
        case .navigate: "open"
        case .tour: "--tour"
        case .routes: "routes"
        case .graph: "graph"
        case .audit: "audit"
        case .state: "state"
        case .help: "--help"
        }
    }

    /// The options the mode uses.
    private var options: Set<String> {
        switch self {
        case .navigate:
            Set(SessionOptions.spellings + ["--routes-config", "--routes-refresh", "--state-dir", "--backend"])
        case .tour: ["--strict", "--no-color", "--trace", "--analytics"]
        case .routes, .graph: ["--format", "--routes-config"]
        case .state: ["--state-dir"]
        case .audit, .help: []
        }
    }
}
