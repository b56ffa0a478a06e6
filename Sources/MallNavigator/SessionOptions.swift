import Support

/// The options of a navigating session, which `mall` and every component preview share: where
/// commands come from, whether holes stop the launch, colour, and what every navigation is logged to.
public struct SessionOptions: Equatable, Sendable {
    /// Commands are read from this file instead of the terminal (`--script`).
    public var scriptPath: String?
    /// Whether unwired requires make the launch fail (`--strict`).
    public var isStrict = false
    /// Whether colour is allowed at all (`--no-color` turns it off).
    public var allowsColor = true
    /// Whether every navigation is traced on standard error (`--trace`).
    public var isTracing = false
    /// Where screen views are appended as JSON lines, if anywhere (`--analytics`).
    public var analyticsPath: String?
    /// The longest a screen's load may take before it fails (`--timeout`).
    public var loadTimeLimit = defaultLoadTimeLimit

    /// The time limit of a screen's load when `--timeout` is not given.
    public static let defaultLoadTimeLimit = Duration.seconds(10)

    /// Creates the options of a plain interactive run.
    public init(
        scriptPath: String? = nil, isStrict: Bool = false, allowsColor: Bool = true, isTracing: Bool = false,
        analyticsPath: String? = nil, loadTimeLimit: Duration = defaultLoadTimeLimit
    ) {
        self.scriptPath = scriptPath
        self.isStrict = isStrict
        self.allowsColor = allowsColor
        self.isTracing = isTracing
        self.analyticsPath = analyticsPath
        self.loadTimeLimit = loadTimeLimit
    }

    /// Every spelling these options take.
    public static let spellings = ["--script", "--strict", "--no-color", "--trace", "--analytics", "--timeout"]

    /// Takes `argument` if it is one of these options, reading its value from `reader`.
    ///
    /// - Returns: Whether `argument` was one of these options.
    public mutating func take(_ argument: String, from reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch argument {
        case "--script":
            scriptPath = try reader.value(of: argument, needs: "a file", example: "--script commands.txt")
        case "--analytics":
            analyticsPath = try reader.value(of: argument, needs: "a file", example: "--analytics views.jsonl")
        case "--timeout":
            loadTimeLimit = try Self.seconds(
                reader.value(of: argument, needs: "a number of seconds", example: "--timeout 10"), reader: reader)
        case "--trace": isTracing = true
        case "--strict": isStrict = true
        case "--no-color": allowsColor = false
        default: return false
        }
        return true
    }

    /// The time `--timeout` gives: from a tenth of a second to an hour, in plain decimal.
    private static func seconds(_ text: String, reader: ArgumentReader) throws(UsageError) -> Duration {
        let isDecimal = text.wholeMatch(of: /[0-9]+(\.[0-9]+)?/) != nil
        guard isDecimal, let seconds = Double(text), (0.1...3600).contains(seconds) else {
            throw reader.error(
                "--timeout needs a number of seconds from 0.1 to 3600, not '\(text.visible)':"
                    + " \(reader.program) --timeout 10")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }
}
