import Middleware
import MiddlewareTesting
import NotesKit
import Testing

@testable import Notes

/// Notes tested alone: its requires are answered by stubs, never by the Tags feature.
@MainActor
@Suite("Notes", .freshComponents { [Notes.shared] })
struct NotesTests {
    @Test func theListShowsEveryNote() {
        #expect(Notes.shared.provide_noteList().lines == ["n1: Buy oat milk", "n2: Call the plumber"])
    }

    @Test func aNoteAsksItsRequiresAndShowsTheirStubbedAnswers() async {
        var calls: [String] = []
        Notes.shared.stubEveryRequire { calls.append($0.description) }
        let page = await Notes.shared.provide_note(noteId: "n2")
        #expect(page.title == "Call the plumber")
        #expect(page.lines == ["0 tags", #"See its tags: Notes.require_tagPage"#])
        #expect(calls == [#"Notes.require_tagCount(noteId: "n2")"#, #"Notes.require_tagPage(noteId: "n2")"#])
    }

    @Test func unwiredRequiresFallBackAndTheAuditNamesThem() async {
        let page = await Notes.shared.provide_note(noteId: "n1")
        #expect(page.lines == ["tags unavailable", "See its tags: Unavailable"])
        #expect(WiringAudit.wiring(of: Notes.shared).unwired == ["require_tagCount", "require_tagPage"])
    }
}
