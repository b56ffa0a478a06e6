import MiddlewareSupport

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
            // From a tenth of a second to an hour.
            loadTimeLimit = try reader.seconds(
                reader.value(of: argument, needs: "a number of seconds", example: "--timeout 10"), of: argument,
                in: 0.1...3600, example: "10")
        case "--trace": isTracing = true
        case "--strict": isStrict = true
        case "--no-color": allowsColor = false
        default: return false
        }
        return true
    }
}
