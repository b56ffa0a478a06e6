import MallBase
import Middleware

/// What the user changes in Event, kept across restarts: the events registered for, in order.
struct EventState: StoredState, Equatable {
    var registrations: [EventID] = []

    var problem: String? {
        StateCheck.text(registrations.map(\.rawValue), as: "registration")
            ?? StateCheck.duplicate(in: registrations, as: "registration")
    }
}
