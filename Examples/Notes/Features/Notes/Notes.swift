import Middleware
import NotesKit

/// The Notes feature: the notes, and what they need from the app.
@MainActor
public final class Notes {
    /// The feature's singleton.
    public static let shared = Notes()

    /// The notes, by id.
    let notes: [String: String] = ["n1": "Buy oat milk", "n2": "Call the plumber"]

    private init() {}

    // MARK: require

    /// The page of a note's tags.
    public var require_tagPage: ((_ noteId: String) -> Page)?
    /// How many tags a note has, which may take a while to answer.
    public var require_tagCount: ((_ noteId: String) async throws -> Int)?

    // MARK: provide

    /// Every note, each with its id.
    public func provide_noteList() -> Page {
        Page(title: "Notes", lines: notes.keys.sorted().map { "\($0): \(notes[$0] ?? "")" })
    }

    /// A note's text, as other features title it.
    public func provide_noteTitle(noteId: String) -> String {
        notes[noteId] ?? noteId
    }

    /// One note, with how many tags it has.
    public func provide_note(noteId: String) async -> Page {
        guard let text = notes[noteId] else { return Page(title: "No note \(noteId)") }
        let tags = (try? await tagCount(noteId)).map { "\($0) tag\($0 == 1 ? "" : "s")" } ?? "tags unavailable"
        return Page(title: text, lines: [tags, "See its tags: \(tagPage(noteId).title)"])
    }
}
