import Event
import MallBase
import MallNavigator

/// Event on its own: the event list in the text navigator, every require answered by a stub.
@main
@MainActor
enum EventPreview {
    static func main() {
        answerEveryRequire()
        ComponentPreview.main(of: Event.shared) { Event.shared.provide_eventList() }
    }

    /// Answers each of Event's requires with a stub naming it, its arguments, and who serves it in the app.
    static func answerEveryRequire() {
        Event.shared.require_shopDetail = { shopId in
            .stub(Event.self, "require_shopDetail", arguments: ["shopId": shopId], answeredBy: "Shop")
        }
    }
}
