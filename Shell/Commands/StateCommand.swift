import MallNavigator
import Middleware
import MiddlewareSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mall state`: the folder the user's state is kept in, and what is in it, read without a change.
struct StateCommand: Equatable {
    /// The folder `--state-dir` names, if given.
    var stateDirectory: String?

    /// Prints the folder and what named it, the app's files kept there, and the commands that forget
    /// them; a folder that cannot be one is refused as a launch refuses it.
    @MainActor
    func run(_ app: MallApp, terminal: any Terminal) throws(LaunchFailure) -> ExitCode {
        guard let (path, source) = StateLocation.folder(given: stateDirectory, environment: app.links.environment)
        else {
            throw LaunchFailure(
                "Error: no state folder: HOME is not set to an absolute path; pass one with --state-dir", status: .usage
            )
        }
        try StateLocation.refuseWhatStandsInTheWay(of: path, source: source)
        var lines = ["State folder: \(path.visible) (from \(source))"]
        // The files a launch may keep: one per component, the shell's sign-in, and the last good
        // answer of each document a component reads from a service.
        let owners = app.routers.map(\.componentName) + [Account.owner]
        let files =
            owners.map { owner in
                (file: "\(path)/\(owner).json", what: owner == Account.owner ? "the sign-in" : "\(owner)'s state")
            }
            + app.routers.flatMap { router in
                router.component.recordDocuments.map { document in
                    (
                        file: "\(path)/\(router.componentName).\(document).json",
                        what: "\(router.componentName)'s \(document), as the service last gave them"
                    )
                }
            }
        var kept: [String] = []
        for (file, what) in files {
            var status = stat()
            guard lstat(file, &status) == 0 else { continue }
            kept.append(file)
            let isRegular = status.st_mode & S_IFMT == S_IFREG
            lines.append("  \(file.visible)  \(what)\(isRegular ? "" : " (not used: not a regular file)")")
        }
        if kept.isEmpty {
            lines.append("Nothing is kept there yet: the app starts from the sample data.")
        }
        lines += [
            "Forget one component's state (quit mall first): rm \(Self.quoted(path + "/Shop.json"))",
            "Sign out: rm \(Self.quoted(path + "/\(Account.owner).json"))",
        ]
        // Only the app's own files: the folder may hold others (`--state-dir ~`).
        if !kept.isEmpty {
            lines.append("Start afresh: rm \(kept.map(Self.quoted).joined(separator: " "))")
        }
        terminal.write(lines.joined(separator: "\n") + "\n")
        return .success
    }

    /// `path` quoted for a POSIX shell, so the command can be pasted whatever the path holds.
    private static func quoted(_ path: String) -> String {
        "'" + path.visible.replacing("'", with: #"'\''"#) + "'"
    }
}
