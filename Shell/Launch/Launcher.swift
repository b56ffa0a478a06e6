import Foundation
import Middleware

/// Runs the app for a command line: parses it, assembles the app, and picks the mode.
@MainActor
enum Launcher {
    /// Exit statuses: success, findings (unwired requires), and usage or I/O errors.
    enum ExitCode: Int32 {
        case success = 0
        case findings = 1
        case usage = 2
    }

    /// Runs the app and returns the process's exit status.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - routers: The routers to configure; tests pass their own to open holes on purpose.
    ///   - makeTerminal: The terminal to use, given the parsed options (tests pass a scripted one).
    static func run(
        arguments: [String],
        routers: [any ComponentRouter] = Routers.all(),
        makeTerminal: (LaunchOptions) -> any Terminal = { StandardTerminal(allowsColor: $0.allowsColor) }
    ) -> ExitCode {
        let options: LaunchOptions
        switch LaunchOptions.parse(arguments) {
        case .success(let parsed):
            options = parsed
        case .failure(let error):
            makeTerminal(LaunchOptions()).writeError(error.description + "\n")
            return .usage
        }
        let terminal = makeTerminal(options)
        if options.mode == .help {
            terminal.write(LaunchOptions.usage + "\n")
            return .success
        }

        let app = MallApp(routers: routers)
        let report = app.audit
        if options.mode == .audit {
            terminal.write(report.description + "\n")
            return report.isComplete ? .success : .findings
        }
        for requirement in report.unwired {
            terminal.writeError("warning: \(requirement) is not wired; its screens will show 'unavailable'\n")
        }
        if options.isStrict && !report.isComplete {
            terminal.writeError("error: \(report.unwired.count) requires are not wired (--strict); run 'mall audit'\n")
            return .findings
        }

        switch options.mode {
        case .tour:
            let session = Session(home: app.home, terminal: terminal)
            if case .failure(let error) = Tour.play(in: session, terminal: terminal) {
                terminal.writeError(error.description + "\n")
                return .findings
            }
        case .script(let path):
            let script: String
            do {
                script = try readScript(at: path)
            } catch {
                terminal.writeError(error.description + "\n")
                return .usage
            }
            let scripted = ScriptedTerminal(script: script, usesColor: terminal.usesColor, forwardingTo: terminal)
            Session(home: app.home, terminal: scripted).run()
        case .interactive, .audit, .help:
            Session(home: app.home, terminal: terminal).run()
        }
        return .success
    }

    /// Reads a script file; invalid UTF-8 is repaired rather than refused, like typed input.
    private static func readScript(at path: String) throws(UsageError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("Cannot read script '\(path)': no such file.")
        }
        guard !isDirectory.boolValue else {
            throw UsageError("Cannot read script '\(path)': it is a directory.")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("Cannot read script '\(path)': permission denied or unreadable.")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
