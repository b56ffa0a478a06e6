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
        /// Print usage and exit.
        case help
    }

    /// What the run does.
    public var mode: Mode = .interactive
    /// Whether unwired requirements make the launch fail.
    public var isStrict = false
    /// Whether colour is allowed at all.
    public var allowsColor = true

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
    ///   - hasTour: Whether the program offers `--tour`; if not, the flag is an unknown argument.
    public static func parse(
        _ arguments: [String],
        program: String,
        hasTour: Bool
    ) -> Result<LaunchOptions, UsageError> {
        let flags = ["--script", "--strict", "--no-color", "--help", "-h", "audit"] + (hasTour ? ["--tour"] : [])
        var options = LaunchOptions()
        var remaining = arguments[...]
        var modes: [String] = []
        var showsHelp = false
        var seen: Set<String> = []
        while let argument = remaining.popFirst() {
            let spelling = ["-h", "help"].contains(argument) ? "--help" : argument
            if !modes.contains(spelling), ["--help", "--strict", "--no-color"].contains(spelling),
                !seen.insert(spelling).inserted
            {
                return .failure(UsageError("\(argument) was given twice; give it once", program: program))
            }
            switch argument {
            case "-h", "--help", "help":
                showsHelp = true
            case "--tour" where hasTour:
                options.mode = .tour
                modes.append(argument)
            case "audit":
                options.mode = .audit
                modes.append(argument)
            case "--script":
                guard let path = remaining.popFirst(), !path.hasPrefix("-") else {
                    return .failure(
                        UsageError("--script needs a file: \(program) --script commands.txt", program: program))
                }
                options.mode = .script(path: path)
                modes.append(argument)
            case "--strict":
                options.isStrict = true
            case "--no-color":
                options.allowsColor = false
            case "":
                return .failure(UsageError("an empty argument; remove the empty quotes", program: program))
            default:
                // Suggest only a near miss, never a flag that shares no more than its dashes.
                let suggestion = flags.first { $0.editDistance(to: argument) <= min(2, argument.count / 3 + 1) }
                let what = argument.hasPrefix("-") ? "unknown option" : "unexpected argument"
                return .failure(
                    UsageError(
                        "\(what) '\(argument)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                        program: program
                    )
                )
            }
        }
        if let repeated = modes.first(where: { mode in modes.filter { $0 == mode }.count > 1 }) {
            return .failure(UsageError("\(repeated) was given twice; give it once", program: program))
        }
        guard modes.count <= 1 else {
            return .failure(
                UsageError("\(modes.joined(separator: " and ")) cannot be used together", program: program))
        }
        return .success(showsHelp ? LaunchOptions(mode: .help) : options)
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
