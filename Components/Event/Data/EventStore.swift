import MallBase

/// The Event component's in-memory data: events and the user's registrations.
@MainActor
final class EventStore {
    private(set) var events: [EventRecord]
    private(set) var registrations: Set<EventID> = []

    init(events: [EventRecord] = EventRecord.samples) {
        self.events = events
    }

    /// The event with the given id, if any.
    func event(_ id: EventID) -> EventRecord? {
        events.first { $0.id == id }
    }

    /// Whether the user registered for the event.
    func isRegistered(_ id: EventID) -> Bool {
        registrations.contains(id)
    }

    /// The places left at the event.
    func placesLeft(_ event: EventRecord) -> Int {
        max(0, event.capacity - event.registered - (isRegistered(event.id) ? 1 : 0))
    }

    /// Registers the user for the event, or cancels the registration. Returns what happened, for the user.
    func toggleRegistration(_ id: EventID) -> String {
        guard let event = event(id) else { return "No event has the id '\(id)'." }
        if registrations.remove(id) != nil {
            return "Registration for \(event.title) cancelled."
        }
        guard placesLeft(event) > 0 else {
            return "\(event.title) is full; no places left."
        }
        registrations.insert(id)
        return "You are registered for \(event.title)."
    }
}
