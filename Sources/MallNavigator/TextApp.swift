import Foundation
import MallBase
import Middleware

/// A program that shows screens in the text navigator: the `mall` app, or one component's preview.
///
/// Both run the same way: parse the command line, audit the wiring (warn about holes, or refuse to
/// start with `--strict`), then navigate interactively, from piped input, from a `--script` file, or
/// along the program's tour.
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

    /// Creates a program.
    public init(
        program: String,
        usage: String,
        audit: @escaping @MainActor () -> WiringReport,
        home: @escaping @MainActor () -> Screen,
        tour: (@MainActor (Session, any Terminal) -> Result<Void, InputError>)? = nil
    ) {
        self.program = program
        self.usage = usage
        self.audit = audit
        self.home = home
        self.tour = tour
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
        switch LaunchOptions.parse(arguments, program: program, hasTour: tour != nil) {
        case .success(let parsed):
            options = parsed
        case .failure(let error):
            makeTerminal(LaunchOptions()).writeError(error.description + "\n")
            return .usage
        }
        let terminal = makeTerminal(options)
        if options.mode == .help {
            terminal.write(usage + "\n")
            return .success
        }

        let report = audit()
        if options.mode == .audit {
            terminal.write(report.description + "\n")
            return report.isComplete ? .success : .findings
        }
        for requirement in report.unwired {
            terminal.writeError("warning: \(requirement) is not wired; its screens will show 'unavailable'\n")
        }
        if options.isStrict && !report.isComplete {
            let holes = report.unwired.count
            terminal.writeError(
                "error: \(holes) \(holes == 1 ? "require is" : "requires are") not wired (--strict);"
                    + " run '\(program) audit'\n"
            )
            return .findings
        }

        switch options.mode {
        case .tour:
            let session = Session(home: home(), terminal: terminal)
            if let tour, case .failure(let error) = tour(session, terminal) {
                terminal.writeError(error.description + "\n")
                return .findings
            }
        case .script(let path):
            let script: String
            do {
                script = try Self.readScript(at: path, program: program)
            } catch {
                terminal.writeError(error.description + "\n")
                return .usage
            }
            let scripted = ScriptedTerminal(script: script, usesColor: terminal.usesColor, forwardingTo: terminal)
            Session(home: home(), terminal: scripted).run()
        case .interactive, .audit, .help:
            Session(home: home(), terminal: terminal).run()
        }
        return .success
    }

    /// Reads a script file; invalid UTF-8 is repaired rather than refused, like typed input.
    private static func readScript(at path: String, program: String) throws(UsageError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("cannot read script '\(path)': no such file", program: program)
        }
        guard !isDirectory.boolValue else {
            throw UsageError("cannot read script '\(path)': it is a directory", program: program)
        }
        // A file handle reads what FileManager refuses: /dev/null, a FIFO, a process substitution.
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() ?? Data() else {
            throw UsageError("cannot read script '\(path)': permission denied or unreadable", program: program)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
