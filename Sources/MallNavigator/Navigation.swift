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

    /// Creates hooks.
    public init(
        observers: [@MainActor (NavigationEvent) -> Void] = [],
        guards: [@MainActor (NavigationRequest) -> GuardDecision] = []
    ) {
        self.observers = observers
        self.guards = guards
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
