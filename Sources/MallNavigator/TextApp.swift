import Foundation
import MallBase
import Middleware

/// A program that shows screens in the text navigator: the `mall` app, or one component's preview.
///
/// Both run the same way: parse the command line, audit the wiring (warn about holes, or refuse to
/// start with `--strict`), then navigate interactively, from piped input, from a `--script` file, or
/// along the program's tour, every navigation passing the program's hooks.
@MainActor
public struct TextApp {
    /// The program's name, as messages spell it: `mall`, `ShopPreview`.
    public var program: String
    /// The `--help` text.
    public var usage: String
    /// The wiring report of the components the program shows.
    public var audit: @MainActor () -> WiringReport
    /// The first screen, built when the session starts.
    public var home: @MainActor () -> Screen
    /// The self-playing walk `--tour` runs, if the program has one.
    public var tour: (@MainActor (Session, any Terminal) -> Result<Void, InputError>)?
    /// The program's routes, if it has any: `open URL`, `routes`, `--routes-config`.
    public var links: (any AppLinks)?
    /// The program's wiring drawn in a format, if it has a graph: `graph`.
    public var graph: (@MainActor (LaunchOptions.GraphFormat) -> Result<String, LaunchFailure>)?
    /// The observers and guards every navigation passes; `--trace` and `--analytics` add observers.
    public var hooks: NavigationHooks
    /// The clock analytics timestamps come from.
    public var now: @MainActor () -> Date = Date.init

    /// Creates a program.
    public init(
        program: String,
        usage: String,
        audit: @escaping @MainActor () -> WiringReport,
        home: @escaping @MainActor () -> Screen,
        tour: (@MainActor (Session, any Terminal) -> Result<Void, InputError>)? = nil,
        links: (any AppLinks)? = nil,
        graph: (@MainActor (LaunchOptions.GraphFormat) -> Result<String, LaunchFailure>)? = nil,
        hooks: NavigationHooks = NavigationHooks()
    ) {
        self.program = program
        self.usage = usage
        self.audit = audit
        self.home = home
        self.tour = tour
        self.links = links
        self.graph = graph
        self.hooks = hooks
    }

    /// What the program offers on its command line.
    private var features: LaunchOptions.Features {
        var features: LaunchOptions.Features = []
        if tour != nil { features.insert(.tour) }
        if links != nil { features.insert(.links) }
        if graph != nil { features.insert(.graph) }
        return features
    }

    /// Runs the program and returns its exit status.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - makeTerminal: The terminal to use, given the parsed options (tests pass a scripted one).
    public func run(
        arguments: [String],
        makeTerminal: (LaunchOptions) -> any Terminal = { StandardTerminal(allowsColor: $0.allowsColor) }
    ) -> ExitCode {
        let options: LaunchOptions
        do {
            options = try LaunchOptions.parse(arguments, program: program, features: features)
        } catch {
            makeTerminal(LaunchOptions()).writeError(error.description + "\n")
            return .usage
        }
        let terminal = makeTerminal(options)
        do {
            return try run(options, terminal: terminal)
        } catch {
            terminal.writeError(error.message + "\n")
            return error.status
        }
    }

    private func run(_ options: LaunchOptions, terminal: any Terminal) throws(LaunchFailure) -> ExitCode {
        if options.mode == .help {
            terminal.write(usage + "\n")
            return .success
        }
        if let links, case .failure(let failure) = links.prepare(options) {
            throw failure
        }
        if case .routes(let format) = options.mode, let links {
            terminal.write(links.document(format))
            return .success
        }
        if case .graph(let format) = options.mode, let graph {
            terminal.write(try graph(format).get())
            return .success
        }
        let report = audit()
        if options.mode == .audit {
            terminal.write(report.description + "\n")
            return report.isComplete ? .success : .findings
        }
        try checkWiring(report, options: options, terminal: terminal)
        // The link is checked before anything is created (the analytics file), so a refusal changes nothing.
        let opening = try options.openURL.map(screen(for:))
        let session = Session(
            home: home(), terminal: try input(for: options, terminal: terminal),
            hooks: try hooks(for: options, terminal: terminal), links: links)
        if let opening {
            do {
                try session.navigator.open(opening)
            } catch {
                throw LaunchFailure("Error: \(error)", status: .usage)
            }
        }
        if options.mode == .tour {
            if let tour, case .failure(let error) = tour(session, terminal) {
                throw LaunchFailure(error.description, status: .findings)
            }
        } else {
            session.run()
        }
        return .success
    }

    /// Warns about holes in the wiring; with `--strict`, refuses them.
    private func checkWiring(_ report: WiringReport, options: LaunchOptions, terminal: any Terminal)
        throws(LaunchFailure)
    {
        for requirement in report.unwired {
            terminal.writeError("warning: \(requirement) is not wired; its screens will show 'unavailable'\n")
        }
        if options.isStrict && !report.isComplete {
            let holes = report.unwired.count
            throw LaunchFailure(
                "error: \(holes) \(holes == 1 ? "require is" : "requires are") not wired (--strict);"
                    + " run '\(program) audit'",
                status: .findings
            )
        }
    }

    /// The terminal commands come from: the script's lines, or the terminal itself.
    private func input(for options: LaunchOptions, terminal: any Terminal) throws(LaunchFailure) -> any Terminal {
        guard case .script(let path) = options.mode else { return terminal }
        do {
            let script = try Self.openScript(at: path, program: program)
            return ScriptedTerminal(file: script, path: path, usesColor: terminal.usesColor, forwardingTo: terminal)
        } catch {
            throw LaunchFailure(error.description, status: .usage)
        }
    }

    /// The program's hooks, plus the trace and analytics observers the options ask for.
    private func hooks(for options: LaunchOptions, terminal: any Terminal) throws(LaunchFailure) -> NavigationHooks {
        var hooks = self.hooks
        if options.isTracing {
            hooks.observers.append { terminal.writeError(NavigationLog.traceLine($0) + "\n") }
        }
        if let path = options.analyticsPath {
            let file = try AnalyticsFile(path: path)
            let now = self.now
            hooks.observers.append { event in
                if let failure = file.append(NavigationLog.analyticsLine(event, at: now())) {
                    terminal.writeError("Error: cannot write analytics to '\(file.path)': \(failure)\n")
                    exit(ExitCode.usage.rawValue)
                }
            }
        }
        return hooks
    }

    /// The screen the launch URL opens, as a link from another app would; a refusal stops the launch.
    private func screen(for url: String) throws(LaunchFailure) -> Screen {
        guard let links else { throw LaunchFailure("Error: this program opens no links", status: .usage) }
        switch links.screen(for: url, from: .outside) {
        case .success(let screen): return screen
        case .failure(let error): throw LaunchFailure(error.message, status: .usage)
        }
    }

    /// Opens a script file; its lines are read as they are needed, and invalid UTF-8 in them is
    /// repaired rather than refused, like typed input.
    ///
    /// Any file that opens for reading is a script: a regular file, `/dev/null`, a FIFO, a process
    /// substitution. What does not open is refused with the system's reason.
    private static func openScript(at path: String, program: String) throws(UsageError) -> FileHandle {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw UsageError("cannot read script '\(path)': \(openFailure(errno))", program: program)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw UsageError("cannot read script '\(path)': it is a directory", program: program)
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Why `open` failed, in the words of the other messages.
    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        default:
            let reason = String(cString: strerror(code))
            return reason.prefix(1).lowercased() + reason.dropFirst()
        }
    }
}
