/// What the command line asked for.
struct LaunchOptions: Equatable {
    enum Mode: Equatable {
        /// Navigate with commands from standard input.
        case interactive
        /// Play the self-guided tour.
        case tour
        /// Navigate with commands read from a file.
        case script(path: String)
        /// Print the wiring report and exit.
        case audit
        /// Print usage and exit.
        case help
    }

    var mode: Mode = .interactive
    /// Whether unwired requirements make the launch fail.
    var isStrict = false
    /// Whether colour is allowed at all.
    var allowsColor = true

    static let usage = """
        OVERVIEW: A modular mall app in the terminal: navigate between the Shop, Event, Groupbuy and
        Appointment components, wired through routers and never through each other.

        USAGE: mall [--tour | --script <file>] [--strict] [--no-color]
               mall audit

        SUBCOMMANDS:
          audit               Print which requires each component has and which are not wired.
                              Exits 0 when all are wired, 1 otherwise.

        OPTIONS:
          --tour              Play a walk through all four components, printing every screen.
          --script <file>     Read commands from <file>, one per line, printing every screen.
          --strict            Exit 1 at launch if any require is not wired.
          --no-color          Never colour the output (NO_COLOR=1 does the same).
          -h, --help          Show this help.

        Commands on a screen: a number, b (back), h (home), q (quit), ? (help).
        Commands also come from a pipe: printf '1\\n2\\nb\\nq\\n' | swift run mall
        """

    private static let flags = ["--tour", "--script", "--strict", "--no-color", "--help", "-h", "audit"]

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) -> Result<LaunchOptions, UsageError> {
        var options = LaunchOptions()
        var remaining = arguments[...]
        var modes: [String] = []
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help", "help":
                return .success(LaunchOptions(mode: .help))
            case "--tour":
                options.mode = .tour
                modes.append(argument)
            case "audit":
                options.mode = .audit
                modes.append(argument)
            case "--script":
                guard let path = remaining.popFirst(), !path.hasPrefix("--") else {
                    return .failure(UsageError("--script needs a file: mall --script commands.txt"))
                }
                options.mode = .script(path: path)
                modes.append(argument)
            case "--strict":
                options.isStrict = true
            case "--no-color":
                options.allowsColor = false
            default:
                let suggestion = flags.first { $0.editDistance(to: argument) <= 2 }
                return .failure(
                    UsageError(
                        "Unknown argument '\(argument)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? "")
                    )
                )
            }
        }
        guard modes.count <= 1 else {
            return .failure(UsageError("\(modes.joined(separator: " and ")) cannot be used together."))
        }
        return .success(options)
    }
}

/// A command line the app cannot run.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { "Error: \(message)\nRun 'mall --help' for usage." }
}
