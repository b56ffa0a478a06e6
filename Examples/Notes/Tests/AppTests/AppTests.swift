import Middleware
import MiddlewareTesting
import Notes
import NotesKit
import Tags
import Testing

@testable import NotesApp

/// The app wires every feature's requires to another feature's provides.
@MainActor
@Suite("The notes app", .freshComponents { [Notes.shared, Tags.shared] })
struct AppTests {
    @Test func everyRequireIsWired() {
        _ = WiringAudit.configure(routers)
        let report = WiringAudit.audit(routers)
        #expect(report.isComplete, "\(report)")
        // Notes' two and Tags' one, at least: a feature new-component adds brings its own.
        #expect(report.requireCount >= 3)
        #expect(report.components.map(\.component).starts(with: ["Notes", "Tags"]))
    }

    @Test func aNoteShowsWhatTheTagsFeatureAnswers() async {
        _ = WiringAudit.configure(routers)
        let page = await Notes.shared.provide_note(noteId: "n2")
        #expect(page.lines == ["2 tags", "See its tags: Tags of Call the plumber"])
    }

    @Test func theCommandExitsAsItsHelpSays() async {
        #expect(await NotesApp.run(["audit"]) == 0)
        #expect(await NotesApp.run(["lsit"]) == 2)
    }
}
