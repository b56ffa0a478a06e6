import MallNavigator
import Middleware
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mall state`: the folder the user's state is kept in, and what is in it, read without a change.
struct StateCommand: Equatable {
    /// The folder `--state-dir` names, if given.
    var stateDirectory: String?

    /// The files a launch may keep: one per component, and the shell's sign-in.
    private static let owners = ["Shell"]

    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) throws(LaunchFailure) -> ExitCode {
        guard let (path, source) = StateLocation.folder(given: stateDirectory, environment: app.links.environment)
        else {
            throw LaunchFailure(
                "Error: no state folder: HOME is not set to an absolute path; pass one with --state-dir", status: .usage
            )
        }
        var lines = ["State folder: \(path.visible) (from \(source))"]
        let files = (app.routers.map(\.componentName) + Self.owners).map { (owner: $0, file: "\(path)/\($0).json") }
        let kept = files.filter { access($0.file, F_OK) == 0 }
        if kept.isEmpty {
            lines.append("Nothing is kept there yet: the app starts from the sample data.")
        } else {
            for (owner, file) in kept {
                let what = owner == "Shell" ? "the sign-in" : "\(owner)'s state"
                lines.append("  \(file.visible)  \(what)")
            }
        }
        lines += [
            "Forget one component's state (quit mall first): rm \(Self.quoted(path + "/Shop.json"))",
            "Sign out: rm \(Self.quoted(path + "/Shell.json"))",
            "Start afresh: rm -r \(Self.quoted(path))",
        ]
        terminal.write(lines.joined(separator: "\n") + "\n")
        return .success
    }

    /// `path` quoted for a POSIX shell, so the command can be pasted whatever the path holds.
    private static func quoted(_ path: String) -> String {
        "'" + path.visible.replacing("'", with: #"'\''"#) + "'"
    }
}
