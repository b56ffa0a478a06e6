import Middleware
import NotesKit

/// The Tags feature: the tags on notes, and what they need from the app.
@MainActor
public final class Tags {
    /// The feature's singleton.
    public static let shared = Tags()

    /// The tags of each note, by the note's id.
    let tags: [String: [String]] = ["n1": ["shopping"], "n2": ["home", "urgent"]]

    private init() {}

    // MARK: require

    /// The title of a note, which the Notes feature knows.
    public var require_noteTitle: ((_ noteId: String) -> String)?

    // MARK: provide

    /// The tags of a note, as a page.
    public func provide_tagPage(noteId: String) -> Page {
        Page(title: "Tags of \(noteTitle(noteId) ?? noteId)", lines: tags[noteId] ?? [])
    }

    /// How many tags a note has; async, as a count a service keeps would be.
    public func provide_tagCount(noteId: String) async -> Int {
        tags[noteId]?.count ?? 0
    }
}
