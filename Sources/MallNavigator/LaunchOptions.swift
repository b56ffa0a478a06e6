import Middleware

/// What a text app's command line asked for: `mall` and every component preview share these options.
public struct LaunchOptions: Equatable, Sendable {
    /// What the run does.
    public enum Mode: Equatable, Sendable {
        /// Navigate with commands from standard input.
        case interactive
        /// Play the app's self-guided tour.
        case tour
        /// Navigate with commands read from a file.
        case script(path: String)
        /// Print the wiring report and exit.
        case audit
        /// Print the route table and exit.
        case routes(RouteFormat)
        /// Print the wiring graph and exit.
        case graph(GraphFormat)
        /// Print usage and exit.
        case help
    }

    /// How `routes` prints the table.
    public enum RouteFormat: String, Equatable, Sendable, CaseIterable {
        /// One block per route, for people.
        case text
        /// An array of route objects, for programs.
        case json
        /// A deep-link document: every external URL with its parameters and an example.
        case markdown
    }

    /// How `graph` draws the wiring.
    public enum GraphFormat: String, Equatable, Sendable, CaseIterable {
        /// A Mermaid flowchart (GitHub renders it).
        case mermaid
        /// Graphviz DOT.
        case dot
        /// The same facts for programs.
        case json
        /// An SVG picture, drawn by Graphviz's `dot`.
        case svg
    }

    /// What a program offers beyond the options every text app has.
    public struct Features: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `--tour`.
        public static let tour = Features(rawValue: 1)
        /// `open URL`, `routes`, `--routes-config`.
        public static let links = Features(rawValue: 2)
        /// `graph`.
        public static let graph = Features(rawValue: 4)
    }

    /// What the run does.
    public var mode: Mode = .interactive
    /// A URL to open before reading commands, as a link from another app (`open URL`).
    public var openURL: String?
    /// Whether unwired requirements make the launch fail.
    public var isStrict = false
    /// Whether colour is allowed at all.
    public var allowsColor = true
    /// Whether every navigation is traced on standard error.
    public var isTracing = false
    /// Where screen views are appended as JSON lines, if anywhere.
    public var analyticsPath: String?
    /// The routes configuration file given with `--routes-config`.
    public var routesConfigPath: String?

    /// Creates options; the defaults are an interactive, lenient, coloured run.
    public init(mode: Mode = .interactive, isStrict: Bool = false, allowsColor: Bool = true) {
        self.mode = mode
        self.isStrict = isStrict
        self.allowsColor = allowsColor
    }

    /// Parses the arguments after the program name.
    ///
    /// - Parameters:
    ///   - program: The program's name, for messages (`mall`, `ShopPreview`).
    ///   - features: What the program offers; other programs' options are unknown arguments.
    public static func parse(
        _ arguments: [String],
        program: String,
        features: Features = []
    ) throws(UsageError) -> LaunchOptions {
        var parser = Parser(program: program, features: features, remaining: arguments[...])
        return try parser.parse()
    }
}

extension LaunchOptions {
    /// Reads arguments one by one, remembering what was given so repeats and clashes are refused.
    private struct Parser {
        let program: String
        let features: Features
        var remaining: ArraySlice<String>
        var options = LaunchOptions()
        /// The arguments that choose what the run does, in order (`--tour`, `audit`, `open`…).
        var modes: [String] = []
        /// The options given so far: at most one of each known option, since an unknown one is refused.
        var seen: [String] = []
        var showsHelp = false
        /// The `--format` value, checked against the mode once every argument is read.
        var format: String?

        /// Every spelling the program accepts, for "did you mean".
        var spellings: [String] {
            var spellings = [
                "--script", "--strict", "--no-color", "--trace", "--analytics", "--help", "-h", "audit",
            ]
            if features.contains(.tour) { spellings.append("--tour") }
            if features.contains(.links) { spellings += ["open", "routes", "--format", "--routes-config"] }
            if features.contains(.graph) { spellings += ["graph", "--format"] }
            return spellings
        }

        mutating func parse() throws(UsageError) -> LaunchOptions {
            while let argument = remaining.popFirst() {
                try take(argument)
            }
            if let repeated = modes.first(where: { mode in modes.filter { $0 == mode }.count > 1 }) {
                throw UsageError("\(repeated) was given twice; give it once", program: program)
            }
            // `open URL` starts the app on a screen; a script may go on from there.
            let clashing = modes.filter { !(modes.contains("open") && $0 == "--script") }
            guard clashing.count <= 1 else {
                throw UsageError("\(clashing.joined(separator: " and ")) cannot be used together", program: program)
            }
            if options.mode == .tour, options.routesConfigPath != nil {
                throw UsageError(
                    "--tour walks the native screens and cannot be used with --routes-config", program: program)
            }
            if let format {
                options.mode = try mode(formatted: format)
            }
            return showsHelp ? LaunchOptions(mode: .help) : options
        }

        private mutating func take(_ argument: String) throws(UsageError) {
            let spelling = ["-h", "help"].contains(argument) ? "--help" : argument
            if spelling.hasPrefix("-") {
                guard !seen.contains(spelling) else {
                    throw UsageError("\(argument) was given twice; give it once", program: program)
                }
                seen.append(spelling)
            }
            switch argument {
            case "-h", "--help", "help":
                showsHelp = true
            case "--tour" where features.contains(.tour):
                options.mode = .tour
                modes.append(argument)
            case "audit":
                options.mode = .audit
                modes.append(argument)
            case "routes" where features.contains(.links):
                options.mode = .routes(.text)
                modes.append(argument)
            case "graph" where features.contains(.graph):
                options.mode = .graph(.mermaid)
                modes.append(argument)
            case "open" where features.contains(.links):
                options.openURL = try value(
                    of: argument, needs: "a URL", example: "open 'mall://shop/detail?shopId=s01'")
                modes.append(argument)
            case "--script":
                options.mode = .script(path: try value(of: argument, needs: "a file", example: "--script commands.txt"))
                modes.append(argument)
            case "--format" where !features.isDisjoint(with: [.links, .graph]):
                let example =
                    options.mode == .graph(.mermaid) || !features.contains(.links)
                    ? "graph --format dot" : "routes --format markdown"
                format = try value(of: argument, needs: "a format", example: example)
            case "--routes-config" where features.contains(.links):
                options.routesConfigPath = try value(
                    of: argument, needs: "a file", example: "--routes-config routes.json")
            case "--analytics":
                options.analyticsPath = try value(of: argument, needs: "a file", example: "--analytics views.jsonl")
            case "--trace":
                options.isTracing = true
            case "--strict":
                options.isStrict = true
            case "--no-color":
                options.allowsColor = false
            case "":
                throw UsageError("an empty argument; remove the empty quotes", program: program)
            default:
                // Suggest only a near miss, never a flag that shares no more than its dashes.
                let suggestion = spellings.first { $0.editDistance(to: argument) <= min(2, argument.count / 3 + 1) }
                let what = argument.hasPrefix("-") ? "unknown option" : "unexpected argument"
                throw UsageError(
                    "\(what) '\(argument)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                    program: program
                )
            }
        }

        /// The mode with its `--format`: the routes' or the graph's, each with its own formats.
        private func mode(formatted text: String) throws(UsageError) -> Mode {
            func unknown(_ formats: [String]) -> UsageError {
                UsageError("unknown format '\(text)'; use one of \(formats.joined(separator: ", "))", program: program)
            }
            switch options.mode {
            case .routes:
                guard let format = RouteFormat(rawValue: text) else {
                    throw unknown(RouteFormat.allCases.map(\.rawValue))
                }
                return .routes(format)
            case .graph:
                guard let format = GraphFormat(rawValue: text) else {
                    throw unknown(GraphFormat.allCases.map(\.rawValue))
                }
                return .graph(format)
            default:
                let commands = [
                    features.contains(.links) ? "'\(program) routes'" : nil,
                    features.contains(.graph) ? "'\(program) graph'" : nil,
                ]
                throw UsageError(
                    "--format applies only to \(commands.compactMap { $0 }.joined(separator: " and "))",
                    program: program)
            }
        }

        /// The value after an option; an option-like or missing value is refused with an example.
        private mutating func value(of option: String, needs: String, example: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.isEmpty, !value.hasPrefix("-") else {
                throw UsageError("\(option) needs \(needs): \(program) \(example)", program: program)
            }
            return value
        }
    }
}

/// A command line a text app cannot run.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// The program's name, for the hint.
    public var program: String

    /// Creates an error for `program`.
    public init(_ message: String, program: String) {
        self.message = message
        self.program = program
    }

    /// The message, then where to find the usage.
    public var description: String { "Error: \(message)\nRun '\(program) --help' for usage." }
}

/// How a text app's process ends: success, findings (unwired requires), or a usage or I/O error.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case findings = 1
    case usage = 2
}
