import MallBase

/// Every event in the mall: the entry screen of the Event component.
@MainActor
enum EventListScreen {
    static func make() -> Screen {
        Screen(title: "Events", origin: "Event") {
            let store = Event.shared.store
            return Screen.Content(
                body: ["\(store.events.count) events coming up. ✓ marks the ones you registered for."],
                actions: store.events.map { event in
                    let mark = store.isRegistered(event.id) ? " ✓" : ""
                    return .push("\(event.title) · \(event.type) · \(event.date)\(mark)") {
                        EventDetailScreen.make(eventId: event.id, eventType: event.type)
                    }
                }
            )
        }
    }
}
