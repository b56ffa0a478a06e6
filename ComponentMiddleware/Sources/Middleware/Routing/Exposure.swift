/// Who may open a route: only the app itself, or also another app through a link.
///
/// Deny by default: a route is ``internal`` unless its router declares it ``external``.
public enum Exposure: String, Sendable, Hashable, CaseIterable {
    /// Another app, a notification or a typed `open` may open the route.
    case external
    /// Only the app's own wiring opens the route (a require answered through it).
    case `internal`
}

/// Where a request to open a route comes from.
public enum Caller: Sendable, Hashable {
    /// Outside the app: a link from another app, an app's open command, a typed `open`. Only external routes open.
    case outside
    /// The app's own wiring: a require a router answers through the route. Every route opens.
    case inside

    /// Whether this caller may open a route of the given exposure.
    public func mayOpen(_ exposure: Exposure) -> Bool {
        self == .inside || exposure == .external
    }
}
