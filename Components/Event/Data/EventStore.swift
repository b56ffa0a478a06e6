import MallBase
import Middleware

/// The Event component's data: events, from the source the app hands the component (the embedded
/// samples by default), and the user's registrations (kept across restarts when the app gives the
/// component a state folder).
@MainActor
final class EventStore {
    /// The events, loaded by the screens that show them.
    let events: Records<EventCatalog>
    /// What the user did, kept across restarts: the screens that show it read it in their load.
    let state: KeptState<EventState>
    private let folder: StateFolder?

    init(events: [EventRecord] = EventRecord.samples, keptIn folder: StateFolder? = nil) {
        self.events = Records(EventCatalog(events: events), name: "events", owner: "Event")
        self.state = KeptState(EventState(), owner: "Event", keptIn: folder)
        self.folder = folder
    }

    /// Reads the events from `source` from now on (`nil`: the embedded ones), keeping the last good
    /// answer in the state folder.
    func readEvents(from source: (any RecordSource)?) {
        events.read(from: source, keptIn: folder)
    }

    /// Whether the user registered for the event.
    func isRegistered(_ id: EventID) -> Bool {
        state.value.registrations.contains(id)
    }

    /// The places left at the event.
    func placesLeft(_ event: EventRecord) -> Int {
        max(0, event.capacity - event.registered - (isRegistered(event.id) ? 1 : 0))
    }

    /// Registers the user for the event, or cancels the registration, as the user asked (another
    /// process may have changed it since the page was drawn). Returns what happened, for the user.
    func setRegistration(_ event: EventRecord, _ isRegistered: Bool) async -> String {
        let id = event.id
        let capacity = event.capacity - event.registered
        return await state.update { state in
            let wasRegistered = state.registrations.contains(id)
            if !isRegistered {
                state.registrations.removeAll { $0 == id }
                return wasRegistered
                    ? "Registration for \(event.title) cancelled." : "You were not registered for \(event.title)."
            }
            guard !wasRegistered else { return "You are registered for \(event.title)." }
            guard capacity > 0 else {
                return "\(event.title) is full; no places left."
            }
            state.registrations.append(id)
            return "You are registered for \(event.title)."
        }
    }
}
