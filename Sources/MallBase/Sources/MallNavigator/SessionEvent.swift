import MallBase

/// What a running session reacts to. Events arrive on one ordered stream, whatever produced them:
/// the reader of the terminal's input, or work that ran while the user read the screen.
public enum SessionEvent: Sendable {
    /// A line the user typed, without its line break.
    case line(String)
    /// The end of input: the session ends.
    case endOfInput
    /// Something the program reports between navigations, such as a routes configuration a server
    /// sent and the app refused; it is said when it happens.
    case notice(Notice)
    /// A screen's load finished or failed: the screen shows its content, or what failed.
    case loaded(ScreenLoad, title: String, origin: String)
    /// An action's work is done (a change saved, or not): its line is said.
    case performed(PerformedAction)
}

/// What an action's work gave when it was done; the session makes these itself.
public struct PerformedAction: Sendable {
    /// What the work gave.
    enum Outcome: Sendable {
        /// A line to say; then, for an action that closes its screen, the close.
        case said(String, closes: Bool)
        /// A screen to push.
        case opens(Screen)
    }

    let outcome: Outcome
    /// The session's count of navigations when the action was chosen: an action that closes its
    /// screen or pushes one does so only if the user has not navigated since.
    let navigations: Int
}

/// Where events reach a running session, from any thread or task: the events posted are handled
/// one at a time, on the main actor, in the order they were posted.
public struct SessionInbox: Sendable {
    let continuation: AsyncStream<SessionEvent>.Continuation

    /// Posts `event`, and returns whether the session will see it: after the session ended it is
    /// dropped.
    @discardableResult
    public func post(_ event: SessionEvent) -> Bool {
        if case .terminated = continuation.yield(event) { return false }
        return true
    }
}
