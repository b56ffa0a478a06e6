import NotesKit

/// What the middleware derives for Notes, written by hand: the calls its pages make to its requires.
extension Notes {
    /// Calls `require_tagPage`; unwired, the page that names it.
    func tagPage(_ noteId: String) -> Page {
        require_tagPage?(noteId) ?? Page.unavailable("Notes.require_tagPage")
    }

    /// The closure a page calls for `require_tagCount`; unwired, one that throws.
    var tagCount: (_ noteId: String) async throws -> Int {
        if let require = require_tagCount { return require }
        return { _ in throw Unwired(name: "Notes.require_tagCount") }
    }

    /// A require that is not wired, thrown when it is called.
    struct Unwired: Error {
        var name: String
    }
}
