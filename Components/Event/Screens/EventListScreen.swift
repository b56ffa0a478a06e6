import MallBase
import Middleware

/// Every event in the mall: the entry screen of the Event component.
@MainActor
enum EventListScreen {
    static func make() -> Screen {
        let store = Event.shared.store
        return Screen(title: "Events", origin: "Event", records: store.events, reading: store.state) { catalog in
            Screen.Content(
                body: [
                    "\(catalog.events.count == 1 ? "1 event" : "\(catalog.events.count) events") coming up."
                        + " ✓ marks the ones you registered for."
                ],
                actions: catalog.events.map { event in
                    let mark = store.isRegistered(event.id) ? " ✓" : ""
                    return .push("\(event.title) · \(event.type) · \(event.date)\(mark)") {
                        EventDetailScreen.make(eventId: event.id, eventType: event.type)
                    }
                }
            )
        }
    }
}
