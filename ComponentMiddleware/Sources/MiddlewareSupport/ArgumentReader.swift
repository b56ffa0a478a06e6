/// Reads a program's arguments one at a time, refusing what every program of the package refuses in
/// the same words: an empty argument, an option given twice, an option without its value, and an
/// argument no one knows (with the near miss the user probably meant).
///
/// A program's own parser switches over ``next()`` and asks for values with ``value(of:needs:example:)``;
/// what each argument means stays with the program.
public struct ArgumentReader {
    /// The program's name, for messages.
    public let program: String
    private var remaining: ArraySlice<String>
    /// The spelling of every option given so far, so a second one is refused.
    private var seen: Set<String> = []
    /// The options and words given so far, in order, each as its main spelling (`--help` for `-h`).
    public private(set) var given: [String] = []
    /// Options that may be given more than once, e.g. `--require`.
    private let repeatable: Set<String>
    /// Words that act as options and so may be given only once, e.g. `audit`, `open`.
    private let words: Set<String>
    /// Other spellings of an option, e.g. `-h` for `--help`, so `-h --help` is a repeat.
    private let aliases: [String: String]

    /// Creates a reader of `arguments` (without the program's name).
    ///
    /// - Parameters:
    ///   - program: The program's name, for messages.
    ///   - repeatable: Options that may be given more than once.
    ///   - words: Arguments without dashes that may be given only once.
    ///   - aliases: Other spellings of an option.
    public init(
        _ arguments: [String],
        program: String,
        repeatable: Set<String> = [],
        words: Set<String> = [],
        aliases: [String: String] = ["-h": "--help"]
    ) {
        self.program = program
        self.remaining = arguments[...]
        self.repeatable = repeatable
        self.words = words
        self.aliases = aliases
    }

    /// Whether `option` (or another spelling of it) has been read.
    public func hasSeen(_ option: String) -> Bool {
        seen.contains(aliases[option] ?? option)
    }

    /// The next argument as given, or `nil` when all are read.
    ///
    /// - Throws: For an empty argument, or an option (or word) given a second time.
    public mutating func next() throws(UsageError) -> String? {
        guard let argument = remaining.popFirst() else { return nil }
        guard !argument.isEmpty else { throw error("an empty argument; remove the empty quotes") }
        let spelling = aliases[argument] ?? argument
        if spelling.hasPrefix("-") || words.contains(spelling), !repeatable.contains(spelling) {
            guard seen.insert(spelling).inserted else {
                throw error("\(Self.shown(argument)) was given twice; give it once")
            }
            given.append(spelling)
        }
        return argument
    }

    /// The value after `option`; a missing, empty or option-like value is refused.
    ///
    /// - Parameters:
    ///   - needs: What the value is, e.g. `a file`; with `example`, the refusal shows a whole command.
    ///   - example: The arguments of a command that gives the value, e.g. `--script commands.txt`.
    public mutating func value(of option: String, needs: String = "a value", example: String? = nil)
        throws(UsageError) -> String
    {
        let value = remaining.popFirst()
        if let example, value?.isEmpty ?? true || value.map(Self.isOption) == true {
            throw error("\(option) needs \(needs): \(program) \(example)")
        }
        guard let value else { throw error("\(option) needs \(needs)") }
        guard !Self.isOption(value) else { throw error("\(option) needs \(needs), not the option '\(value)'") }
        guard !value.isEmpty else { throw error("\(option) needs \(needs), not an empty one") }
        return value
    }

    /// Whether an argument is an option rather than a value: it starts with `-`, and is not a negative
    /// number (`-1`, `-0.1`), which the option's own check then refuses with its range.
    static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let next = argument.dropFirst().first else { return argument == "-" }
        return !(next.isASCII && (next.isNumber || next == "."))
    }

    /// `text` as one of a fixed set of values (a format), or the refusal naming the set:
    /// `unknown <noun> 'xml'; use one of text, json`.
    public func choice<Value: RawRepresentable & CaseIterable>(_ text: String, of type: Value.Type, noun: String)
        throws(UsageError) -> Value where Value.RawValue == String
    {
        guard let value = Value(rawValue: text) else {
            let values = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw error("unknown \(noun) '\(Self.shown(text))'; use one of \(values)")
        }
        return value
    }

    /// `text` as a duration in seconds written in plain decimal (`30`, `0.5`; not `1e3`, `.5` or
    /// `+1`) within `range`, to the millisecond; or the refusal naming the range and an example:
    /// `--timeout needs a number of seconds from 0.1 to 3600, not 'x': notes --timeout 10`.
    public func seconds(
        _ text: String, of option: String, in range: ClosedRange<Double>, example: String
    ) throws(UsageError) -> Duration {
        let isDecimal = text.wholeMatch(of: /[0-9]+(\.[0-9]+)?/) != nil
        guard isDecimal, let seconds = Double(text), range.contains(seconds) else {
            func written(_ bound: Double) -> String {
                bound == bound.rounded() ? String(Int(bound)) : String(bound)
            }
            throw error(
                "\(option) needs a number of seconds from \(written(range.lowerBound)) to \(written(range.upperBound)),"
                    + " not '\(Self.shown(text))': \(program) \(option) \(example)")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    /// The refusal of an argument the program does not know, naming the spelling it most likely meant.
    public func unknown(_ argument: String, among spellings: [String] = []) -> UsageError {
        let what = argument.hasPrefix("-") ? "unknown option" : "unexpected argument"
        let suggestion = spellings.closest(to: argument).map { "; did you mean '\($0)'?" } ?? ""
        return error("\(what) '\(Self.shown(argument))'\(suggestion)")
    }

    /// An argument as a message shows it: control and bidirectional-format characters as `\u{…}`,
    /// so an argument can neither move the cursor, recolour the terminal nor reorder the line.
    public static func shown(_ argument: String) -> String {
        argument.visible
    }

    /// A usage error of this program.
    public func error(_ message: String) -> UsageError {
        UsageError(message, program: program)
    }
}
