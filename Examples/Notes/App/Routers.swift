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

/// Wires the Tags feature: a note's title comes from the Notes feature.
@MainActor
struct TagsRouter: Router {
    let component = Tags.shared

    func wire(_ wiring: Wiring<Self>) {
        wiring.provide(Tags.Requires.noteTitle, Notes.Provides.noteTitle)
    }
}

/// Every feature's router, in the order the app gets them ready.
@MainActor
let routers: [any Router] = [NotesRouter(), TagsRouter()]
