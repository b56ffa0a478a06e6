import Foundation
import MallBase
import Middleware

/// One business component run on its own, the way seed 003 wants components to run independently.
///
/// A preview executable (`ShopPreview`) links its component and the lower layers only. It answers every
/// requirement with its stub (a ``Screen`` naming the call), so nothing of a sibling is
/// needed, and opens the component's entry screen in the text navigator with the same commands, piped
/// input and `--script` files as the app.
@MainActor
public enum ComponentPreview {
    /// The preview as a text app, every require of `component` answered by its stub.
    ///
    /// - Parameters:
    ///   - component: The component's singleton.
    ///   - answeredBy: Who answers each require in the app, by name (generated from the router).
    ///   - entry: The component's entry screen, e.g. `Shop.shared.provide_searchShop()`.
    public static func app<Component: ComponentAPI>(
        of component: Component,
        answeredBy: [String: String],
        entry: @escaping @MainActor () -> Screen
    ) -> TextApp {
        component.stubEveryRequire(answeredBy: answeredBy)
        let name = Component.componentName
        return TextApp(
            program: "\(name)Preview",
            usage: usage(component: name),
            audit: { WiringReport(components: [WiringAudit.wiring(of: component)]) },
            home: entry
        )
    }

    /// Runs the preview with the process's arguments and exits with its status.
    public static func main(_ app: TextApp) -> Never {
        // A closed pipe makes a write fail (reported, exit 2) instead of killing the process silently.
        signal(SIGPIPE, SIG_IGN)
        exit(app.run(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
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
