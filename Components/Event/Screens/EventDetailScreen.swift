import MallBase
import Middleware

/// An event's page: when, where, places left, registration, and the way to the hosting shop.
@MainActor
enum EventDetailScreen {
    static func make(eventId: EventID, eventType: EventType) -> Screen {
        let api = Event.shared
        return Screen(
            title: "Event", origin: "Event", records: api.store.events, reading: api.store.state,
            retitle: { $0.event(eventId)?.title ?? "Event not found" }
        ) { catalog in
            guard let event = catalog.event(eventId) else {
                return Screen.notFound("Event", eventId.rawValue, origin: "Event").content
            }
            let isRegistered = api.store.isRegistered(event.id)
            var body = [
                "\(event.type) at \(event.shopName) · \(event.date)",
                event.summary,
                "\(api.store.placesLeft(event)) of \(event.capacity) places left"
                    + (isRegistered ? " · ✓ you are registered" : ""),
            ]
            if eventType != event.type {
                body.append("Note: opened as a \(eventType) event; it is a \(event.type) event.")
            }
            return Screen.Content(
                body: body,
                actions: [
                    .message(isRegistered ? "Cancel my registration" : "Register") {
                        await api.store.setRegistration(event, !isRegistered)
                    },
                    .push("Visit \(event.shopName)") {
                        api.shopDetail(event.shopId)
                    },
                ]
            )
        }
    }
}
