import Middleware
import Notes
import Tags

/// Wires the Tags feature: a note's title comes from the Notes feature.
@MainActor
struct TagsRouter: Router {
    let component = Tags.shared

    func wire(_ wiring: Wiring<Self>) -> Wired<Tags> {
        wiring.requires(noteTitle: wiring.provide(Notes.Provides.noteTitle))
    }
}
