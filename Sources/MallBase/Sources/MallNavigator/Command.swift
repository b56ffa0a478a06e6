import Middleware
import MiddlewareSupport

/// A line the user typed, understood.
///
/// Public for the mall's fuzz target (`Fuzz/CommandLine`), which lives in the mall's package, not in this one.
public enum Command: Equatable, Sendable {
    case choose(Int)
    /// Open a URL, as a link from outside the app would.
    case open(String)
    case back
    case home
    case quit
    case help
    /// Load the current screen again (the document's pull-down refresh).
    case reload

    /// The words each command answers to, in help order.
    static let words: [(word: String, command: Command)] = [
        ("b", .back), ("back", .back),
        ("h", .home), ("home", .home),
        ("q", .quit), ("quit", .quit), ("exit", .quit),
        ("r", .reload), ("reload", .reload),
        ("?", .help), ("help", .help),
    ]

    /// The longest line taken as a command; anything longer is refused before it is looked at.
    static let maximumLength = 64

    /// The word that opens a URL: `open mall://shop/detail?shopId=s01`.
    static let openWord = "open"

    /// Parses a line typed on a screen with `actionCount` actions.
    public static func parse(_ line: String, actionCount: Int) -> Result<Command, InputError> {
        let text = line.trimmingWhitespace()
        guard !text.isEmpty else {
            return .failure(InputError("empty command", hint: choices(actionCount)))
        }
        if let url = url(in: text) {
            return url
        }
        // Counted in Unicode scalars: a letter with 300,000 combining marks is one Character.
        let length = text.unicodeScalars.count
        guard length <= maximumLength else {
            // Not the length itself: a line over LineSplitter.maximumLineLength was cut where it was read.
            return .failure(
                InputError("the command is longer than \(maximumLength) characters", hint: choices(actionCount)))
        }
        guard !text.unicodeScalars.contains(where: \.isInvisible) else {
            return .failure(InputError("the command contains control characters", hint: choices(actionCount)))
        }
        if let command = words.first(where: { $0.word == text.lowercased() })?.command {
            return .success(command)
        }
        if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }) {
            guard let number = Int(text), number >= 1, number <= actionCount else {
                return .failure(InputError("no action \(text) here", hint: choices(actionCount)))
            }
            return .success(.choose(number))
        }
        let quoted = "'\(text)'"
        if let suggestion = suggestion(for: text.lowercased()) {
            return .failure(
                InputError("unknown command \(quoted)", hint: "did you mean '\(suggestion)'? Type ? for help"))
        }
        return .failure(InputError("unknown command \(quoted)", hint: choices(actionCount)))
    }

    /// The URL of an `open` command, or `nil` when the line is another command.
    private static func url(in text: String) -> Result<Command, InputError>? {
        let words = text.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = words.first, first.lowercased() == openWord else { return nil }
        return .success(.open(words.count == 2 ? String(words[1]).trimmingWhitespace() : ""))
    }

    private static func choices(_ actionCount: Int) -> String {
        switch actionCount {
        case 0: "type b to go back, or ? for help"
        case 1: "choose 1, or ? for help"
        default: "choose 1–\(actionCount), or ? for help"
        }
    }

    /// The command word closest to `text`, if it is a likely typo of one.
    private static func suggestion(for text: String) -> String? {
        words.map(\.word).filter { $0.count > 1 }.closest(to: text)
    }
}

/// Input the navigator could not act on; shown as one line, then the screen again.
public struct InputError: Error, Equatable, CustomStringConvertible {
    /// What was wrong with the input.
    public var problem: String
    /// What to type instead.
    public var hint: String

    /// Creates an error from what was wrong and what to do.
    public init(_ problem: String, hint: String) {
        self.problem = problem
        self.hint = hint
    }

    /// The line shown: `Error: <problem>; <hint>`.
    public var description: String { "Error: \(problem); \(hint)" }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
