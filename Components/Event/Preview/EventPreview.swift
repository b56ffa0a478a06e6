import Event
import MallBase
import MallNavigator

/// Event on its own: the event list in the text navigator, every require answered by a stub.
@main
@MainActor
enum EventPreview {
    static func main() async {
        await ComponentPreview.main(app())
    }

    /// The preview as a text app: every require of Event answered by a stub naming who answers it in the app.
    static func app() -> ComponentPreview {
        ComponentPreview.app(of: Event.shared, answeredBy: answeredBy) { Event.shared.provide_eventList() }
    }
}
