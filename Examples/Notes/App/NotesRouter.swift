import Middleware
import Notes
import Tags

/// Wires the Notes feature: its tags come from the Tags feature.
@MainActor
struct NotesRouter: Router {
    let component = Notes.shared

    func wire(_ wiring: Wiring<Self>) {
        wiring.provide(Notes.Requires.tagPage, Tags.Provides.tagPage)
        wiring.provide(Notes.Requires.tagCount, Tags.Provides.tagCount)
    }
}
