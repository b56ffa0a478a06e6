import MallBase
import MallNavigator
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Event
@testable import EventPreview

/// Event run alone: the preview's entry screen, and its require answered by a stub naming its call.
@MainActor
@Suite("Event preview", .freshComponents { [Event.shared] })
struct EventPreviewTests {
    private func preview() -> ComponentPreview {
        return EventPreview.app()
    }

    @Test func opensTheEntryScreenAndItsAuditIsClean() async {
        let app = preview()
        let run = await app.run(input: ["q"])
        #expect(run.status == .success)
        #expect(run.output.screenTitles == ["Events"])
        #expect(run.errors.isEmpty)
        #expect(await app.run(["audit"], input: []).output.hasSuffix("The 1 require of 1 component is wired.\n"))
    }

    @Test func theRequireShowsItsStubWithTheArguments() {
        _ = preview()
        let screen = Event.shared.shopDetail("s01")
        #expect(screen.title == "Event.require_shopDetail")
        #expect(screen.origin == "Preview")
        #expect(
            screen.body == [
                "Event.require_shopDetail(shopId: s01)",
                "This preview runs Event alone, so a stub answers this require.",
                "In the app, Shop answers it.",
            ])
    }

    @Test func theUnwiredRequireNamesItself() {
        Event.shared.require_shopDetail = nil
        #expect(WiringAudit.wiring(of: Event.shared).unwired == ["require_shopDetail"])
        #expect(Event.shared.shopDetail("s01").body.first == "Event.require_shopDetail is not wired.")
    }
}
