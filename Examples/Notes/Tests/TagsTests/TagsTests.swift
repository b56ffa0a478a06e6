import Middleware
import MiddlewareTesting
import NotesKit
import Testing

@testable import Tags

/// Tags tested alone: a note's title comes from a stub, never from the Notes feature.
@MainActor
@Suite("Tags", .freshComponents { [Tags.shared] })
struct TagsTests {
    @Test func aNotesTagsAreTitledByItsIdWhileNothingAnswersItsTitle() async {
        let page = Tags.shared.provide_tagPage(noteId: "n2")
        #expect(page.title == "Tags of n2")
        #expect(page.lines == ["home", "urgent"])
        #expect(await Tags.shared.provide_tagCount(noteId: "n2") == 2)
    }

    @Test func aStubAnswersTheTitleWithTheCall() {
        Tags.shared.stubEveryRequire()
        #expect(Tags.shared.provide_tagPage(noteId: "n1").title == #"Tags of Tags.require_noteTitle(noteId: "n1")"#)
    }
}
