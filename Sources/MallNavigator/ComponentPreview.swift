import Foundation
import MallBase
import Middleware

/// One business component run on its own, the way seed 003 wants components to run independently.
///
/// A preview executable (`ShopPreview`) links its component and the lower layers only. It answers every
/// requirement with a ``Screen/stub(_:_:arguments:answeredBy:)`` screen, so nothing of a sibling is
/// needed, and opens the component's entry screen in the text navigator with the same commands, piped
/// input and `--script` files as the app.
@MainActor
public enum ComponentPreview {
    /// The preview as a text app.
    ///
    /// - Parameters:
    ///   - component: The component's singleton, its requirements already answered by stubs.
    ///   - entry: The component's entry screen, e.g. `Shop.shared.provide_searchShop()`.
    public static func app(of component: AnyObject, entry: @escaping @MainActor () -> Screen) -> TextApp {
        let name = String(describing: type(of: component))
        return TextApp(
            program: "\(name)Preview",
            usage: usage(component: name),
            audit: { WiringAudit.audit([component]) },
            home: entry
        )
    }

    /// Runs the preview with the process's arguments and exits with its status.
    public static func main(of component: AnyObject, entry: @escaping @MainActor () -> Screen) -> Never {
        // A closed pipe makes a write fail (reported, exit 2) instead of killing the process silently.
        signal(SIGPIPE, SIG_IGN)
        let status = app(of: component, entry: entry).run(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status.rawValue)
    }

    /// The `--help` text of a component's preview.
    public static func usage(component: String) -> String {
        """
        OVERVIEW: \(component) on its own: its entry screen in the text navigator, with every require
        answered by a stub that names the require and the values it was called with.

        USAGE: \(component)Preview [--script <file>] [--strict] [--trace] [--analytics <file>] [--no-color]
               \(component)Preview audit

        SUBCOMMANDS:
          audit               Print \(component)'s requires and whether each is answered (by a stub).

        OPTIONS:
          --script <file>     Read commands from <file>, one per line, printing every screen.
          --strict            Exit 1 at launch if any require is not answered.
          --trace             Print one line per navigation on standard error.
          --analytics <file>  Append one JSON object per screen view to <file>.
          --no-color          Never colour the output (NO_COLOR=1 does the same).
          -h, --help          Show this help.

        Commands on a screen: a number, b (back), h (home), q (quit), ? (help).
        The whole app, with every component wired: swift run mall
        """
    }
}

extension Screen {
    /// The screen a component preview answers a requirement with: the call, and who answers it in the app.
    ///
    /// - Parameters:
    ///   - component: The component's type, e.g. `Shop.self`.
    ///   - requirement: The requirement's property, e.g. `require_eventDetail`.
    ///   - arguments: Each parameter's label and the value the component passed.
    ///   - answeredBy: What answers the requirement in the app, e.g. `Event` or `the shell's web page`.
    public static func stub(
        _ component: Any.Type,
        _ requirement: String,
        arguments: KeyValuePairs<String, Any> = [:],
        answeredBy: String
    ) -> Screen {
        let name = "\(component).\(requirement)"
        let values = arguments.map { "\($0.key): \(stubDescription(of: $0.value))" }
        return Screen(
            title: name,
            origin: "Preview",
            body: [
                "\(name)(\(values.joined(separator: ", ")))",
                "This preview runs \(component) alone, so a stub answers this require.",
                "In the app, \(answeredBy) answers it.",
            ],
            actions: [.back()]
        )
    }

    /// A value as a stub shows it: identifiers and enumerations by their raw value, arrays item by item,
    /// optionals by what they hold or `nil`.
    private static func stubDescription(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { stubDescription(of: $0.value) } ?? "nil"
        }
        if let array = value as? [Any] {
            return "[" + array.map(stubDescription(of:)).joined(separator: ", ") + "]"
        }
        if let string = value as? String {
            return String(reflecting: string)
        }
        if let raw = value as? any RawRepresentable, let text = raw.rawValue as? String {
            return text
        }
        return String(describing: value)
    }
}
