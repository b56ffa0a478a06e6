import Middleware
import Notes
import Tags

/// Wires the Tags feature: a note's title comes from the Notes feature.
@MainActor
struct TagsRouter: Router {
    let component = Tags.shared

    func wire(_ wiring: Wiring<Self>) {
        wiring.provide(Tags.Requires.noteTitle, Notes.Provides.noteTitle)
    }
}
