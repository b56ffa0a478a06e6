import MallNavigator
import MallRouting
import MiddlewareSupport

/// Runs the `mall` app for a command line: assembles the app, then runs it in the text navigator.
@MainActor
enum Launcher {
    static let usage = """
        OVERVIEW: A modular mall app in the terminal: navigate between its business
        components (Shop, Event, Groupbuy, Appointment and any added), wired through
        routers and never through each other.

        USAGE: mall [open <url>] [--script <file>] [options]
               mall --tour [options]
               mall routes [--format text|json|markdown] [--routes-config <file|address>]
               mall graph [--format mermaid|dot|json|svg] [--routes-config <file|address>]
               mall audit

        SUBCOMMANDS:
          open <url>          Start on the screen a link opens, home underneath (b goes home), as when
                              another app opens it. Only external routes open; exit 2 on a bad link.
          routes              Print every route: pattern, exposure, parameters, what it opens, an example.
          graph               Draw who answers each require: a sibling's provide, a shell screen, or
                              a web page for a downgraded route; unwired requires dangle in red.
                              Mermaid by default; svg needs Graphviz's dot (apt-get install graphviz).
          audit               Print which requires each component has and which are not wired.
                              Exits 0 when all are wired, 1 otherwise.
          state               Print the folder your state is kept in, what is in it, and how to
                              forget one component's state or sign out.

        OPTIONS:
          --tour              Play a walk through all four components, printing every screen.
          --script <file>     Read commands from <file>, one per line, printing every screen.
          --routes-config <file|address>
                              Downgrade routes to web pages: {"downgrade": {"<route>": "<https template>"}}.
                              MALL_ROUTES_CONFIG=<file|address> does the same; this option wins. An
                              https:// address (http:// only to this machine) is fetched at launch
                              and again while you navigate. The tour always shows the native screens.
          --routes-refresh <seconds>
                              The time between fetches of a routes config address (default 30).
          --backend <address> Read the records from a service: <address>/shops.json, events.json,
                              groupbuys.json and queues.json, as the package's Service/api holds
                              them (https://, or http:// only to this machine).
                              MALL_BACKEND=<address> does the same. The last good answer is kept in
                              the state folder and shown, with its time, when the service fails.
          --state-dir <folder>
                              Keep favourites, bookings, registrations, purchases and the sign-in in
                              <folder> across restarts: a file per component, and Shell.json for the
                              sign-in. MALL_STATE_DIR=<folder> does the same; by default
                              $XDG_STATE_HOME/mall, else ~/.local/state/mall.
                              The tour starts from the sample data and keeps nothing.
          --timeout <seconds> The longest a screen may take to load before it says what failed
                              (default 10, from 0.1 to 3600).
          --trace             Print one line per navigation on standard error.
          --analytics <file>  Append one JSON object per screen view to <file>.
          --strict            Exit 1 at launch if any require is not wired.
          --no-color          Never colour the output (NO_COLOR=1 does the same).
          -h, --help          Show this help.

        Commands on a screen: a number, b (back), h (home), r (reload), q (quit), ? (help), open <url>.
        Commands also come from a pipe: printf '1\\n2\\nb\\nq\\n' | swift run mall
        Each component also runs alone: swift run ShopPreview (EventPreview, GroupbuyPreview…).
        """

    /// Runs `mall` for a command line and returns the process's exit status: the one place a
    /// refusal or failure becomes a message and a status.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: Where `MALL_ROUTES_CONFIG` and `PATH` are read.
    ///   - routers: The routers to configure, `nil` for the registered components (``Routers/entries``);
    ///     tests pass their own to open holes on purpose.
    ///   - makeTerminal: The terminal to use, given whether colour is allowed (tests pass a scripted one).
    static func run(
        arguments: [String],
        environment: Environment = .process,
        routers: (@MainActor (Links) -> [any ComponentRouter])? = nil,
        makeTerminal: (_ allowsColor: Bool) -> any Terminal = { StandardTerminal(allowsColor: $0) }
    ) async -> ExitCode {
        let mode: MallMode
        do {
            mode = try MallMode.parse(arguments)
        } catch {
            makeTerminal(true).writeError(error.description + "\n")
            return .usage
        }
        let terminal = makeTerminal(mode.allowsColor)
        // The usage needs no app: asking for it wires no component and reads no state.
        if mode == .help {
            terminal.write(usage + "\n")
            return terminal.failure == nil ? .success : .usage
        }
        let status: ExitCode
        do {
            let links = Links(environment: environment)
            let app = routers.map { MallApp(links: links, routers: $0) } ?? MallApp(links: links)
            status = try await mode.run(app, terminal: terminal)
        } catch {
            if !error.message.isEmpty {
                terminal.writeError(error.message + "\n")
            }
            status = error.status
        }
        // Output that was lost (a full disk, a closed pipe) fails the run, whatever it found.
        return terminal.failure == nil ? status : .usage
    }
}
