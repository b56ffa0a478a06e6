import Middleware
import Notes
import Tags

/// Wires the Notes feature: its tags come from the Tags feature.
@MainActor
struct NotesRouter: Router {
    let component = Notes.shared

    func wire(_ wiring: Wiring<Self>) -> Wired<Notes> {
        wiring.requires(
            tagPage: wiring.provide(Tags.Provides.tagPage),
            tagCount: wiring.provide(Tags.Provides.tagCount))
    }
}
