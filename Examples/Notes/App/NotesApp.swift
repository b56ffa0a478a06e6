import Foundation
import Middleware
import Notes
import NotesKit

/// `notes`: lists the notes, shows one, or audits the wiring.
@main
struct NotesApp {
    static let usage = """
        OVERVIEW: A notes app built from two features that never import each other.

        USAGE: notes [list | show <note-id> | audit]

        EXIT STATUS: 0 success, 1 a require is not wired (audit), 2 usage error
        """

    static func main() async {
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the command and returns the exit status.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let holes = WiringAudit.configure(routers)
        if arguments.isEmpty || arguments == ["list"] {
            print(Notes.shared.provide_noteList().text)
        } else if arguments.count == 2, arguments[0] == "show" {
            print(await Notes.shared.provide_note(noteId: arguments[1]).text)
        } else if arguments == ["audit"] {
            let report = WiringAudit.audit(routers)
            print(report)
            return report.isComplete ? 0 : 1
        } else if arguments == ["-h"] || arguments == ["--help"] {
            print(usage)
        } else {
            FileHandle.standardError.write(Data("Error: unknown arguments; see 'notes --help'\n".utf8))
            return 2
        }
        return holes.isComplete ? 0 : 1
    }
}
