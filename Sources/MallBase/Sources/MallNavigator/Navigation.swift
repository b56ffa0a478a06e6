import MallBase

/// One navigation, as observers see it once it happened: how it happened and the screen now shown.
public struct NavigationEvent: Sendable, Hashable {
    /// How the screen came to be shown.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The first screen of a session.
        case start
        /// A screen pushed onto the current stack.
        case push
        /// A screen presented modally, on a stack of its own.
        case present
        /// A screen opened by URL from outside the app (`mall open`, a typed `open`).
        case open
        /// A screen a guard showed instead of the one asked for (e.g. sign-in before paying).
        case detour
        /// The screen below, after going back.
        case back
        /// The screen below a modal stack, after closing it.
        case dismiss
        /// The home screen, after `home`.
        case home
    }

    /// How the screen came to be shown.
    public var kind: Kind
    /// The screen's title.
    public var title: String
    /// The component (or the app) that made the screen.
    public var origin: String
    /// The route and URL the screen came from, if it came through one.
    public var link: Screen.Link?
    /// The number of screens above home afterwards.
    public var depth: Int

    /// Creates an event.
    public init(kind: Kind, title: String, origin: String, link: Screen.Link? = nil, depth: Int) {
        self.kind = kind
        self.title = title
        self.origin = origin
        self.link = link
        self.depth = depth
    }
}

/// A navigation about to happen, as guards see it.
public struct NavigationRequest {
    /// How the navigation would happen.
    public var kind: NavigationEvent.Kind
    /// The screen that would be shown.
    public var destination: Screen
}

/// What a guard decides about a navigation.
public enum GuardDecision {
    /// Let it happen.
    case proceed
    /// Stop it; the stack stays exactly as it was and the user sees the reason.
    case refuse(String)
    /// Show this screen modally first; when it closes, the navigation is asked for again once.
    case detour(Screen)
}

/// Code that sees every navigation: observers after it happened, guards before.
///
/// This is the seed's AOP seam: analytics, a trace, "the current screen", or a rule such as signing
/// in before paying hooks in here, and no screen or component knows.
@MainActor
public struct NavigationHooks {
    /// Called after every navigation, the first screen included, in order.
    public var observers: [@MainActor (NavigationEvent) -> Void]
    /// Asked before every navigation, in order; the first that does not proceed decides.
    public var guards: [@MainActor (NavigationRequest) -> GuardDecision]
    /// Called when a screen's load is abandoned or fails: not navigations, but what `--trace` and
    /// `--analytics` record beside them.
    public var loadObservers: [@MainActor (LoadEnd) -> Void]

    /// Creates hooks.
    public init(
        observers: [@MainActor (NavigationEvent) -> Void] = [],
        guards: [@MainActor (NavigationRequest) -> GuardDecision] = [],
        loadObservers: [@MainActor (LoadEnd) -> Void] = []
    ) {
        self.observers = observers
        self.guards = guards
        self.loadObservers = loadObservers
    }

    /// The first decision that is not ``GuardDecision/proceed``, or `proceed`.
    func decide(_ request: NavigationRequest) -> GuardDecision {
        for check in guards {
            let decision = check(request)
            if case .proceed = decision { continue }
            return decision
        }
        return .proceed
    }
}

/// A screen's load that did not give its content: abandoned by leaving, or failed.
public struct LoadEnd: Sendable, Equatable {
    /// How the load ended.
    public enum Outcome: Sendable, Equatable {
        /// The screen left the stack (or the session ended) while it loaded.
        case cancelled
        /// The work failed or ran out of time, for this reason.
        case failed(String)

        /// The word `--trace` and `--analytics` use: `cancelled`, `failed`.
        public var kind: String {
            switch self {
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    /// How the load ended.
    public var outcome: Outcome
    /// The screen's title.
    public var title: String
    /// The component (or the app) that made the screen.
    public var origin: String

    /// Creates the record of a load's end.
    public init(_ outcome: Outcome, title: String, origin: String) {
        self.outcome = outcome
        self.title = title
        self.origin = origin
    }
}
