import Foundation
import Notes
import NotesKit
import Tags

/// `notes`: lists the notes, shows one, or audits the wiring; each require wired by hand.
@main
struct NotesApp {
    static func main() async {
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Assigns each feature's requires to another feature's provides.
    @MainActor
    static func wire() {
        Notes.shared.require_tagPage = { Tags.shared.provide_tagPage(noteId: $0) }
        Notes.shared.require_tagCount = { await Tags.shared.provide_tagCount(noteId: $0) }
        Tags.shared.require_noteTitle = { Notes.shared.provide_noteTitle(noteId: $0) }
    }

    /// The requires left unwired, by name: the list kept by hand.
    @MainActor
    static var unwired: [String] {
        [
            ("Notes.require_tagPage", Notes.shared.require_tagPage == nil),
            ("Notes.require_tagCount", Notes.shared.require_tagCount == nil),
            ("Tags.require_noteTitle", Tags.shared.require_noteTitle == nil),
        ].filter(\.1).map(\.0)
    }

    /// Runs the command and returns the exit status.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        wire()
        if arguments.isEmpty || arguments == ["list"] {
            print(Notes.shared.provide_noteList().text)
        } else if arguments.count == 2, arguments[0] == "show" {
            print(await Notes.shared.provide_note(noteId: arguments[1]).text)
        } else if arguments == ["audit"] {
            print(
                unwired.isEmpty
                    ? "Every require is wired." : unwired.map { "\($0) is not wired" }.joined(separator: "\n"))
        } else {
            FileHandle.standardError.write(Data("Error: unknown arguments\n".utf8))
            return 2
        }
        return unwired.isEmpty ? 0 : 1
    }
}
