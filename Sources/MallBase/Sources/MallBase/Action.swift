/// One numbered choice on a ``Screen``.
public struct Action: Sendable {
    /// What choosing an action does to the navigation.
    public enum Effect: Sendable {
        /// Pushes the screen onto the current stack.
        case push(@MainActor @Sendable () -> Screen)
        /// Presents the screen modally, on a stack of its own.
        case present(@MainActor @Sendable () -> Screen)
        /// Runs the closure (which changes state, and may wait for its file), then pushes the screen
        /// it returns, unless the user left the screen meanwhile: a step whose page shows what it made,
        /// such as a number taken in a queue.
        case pushAfter(@MainActor @Sendable () async -> Screen)
        /// Pops the current screen.
        case back
        /// Dismisses the current modal stack.
        case dismiss
        /// Runs the closure (which may change state, and wait for its file) and shows the text it
        /// returns; the screen stays.
        case message(@MainActor @Sendable () async -> String)
        /// Runs the closure, shows the text it returns, then closes the current screen (its modal
        /// stack, if it opened one): a step that finishes a task, such as signing in.
        case close(@MainActor @Sendable () async -> String)
        /// Loads the current screen again (a screen whose load failed offers it as `Try again`).
        case reload
    }

    /// The text shown next to the action's number.
    public var title: String
    /// What happens when the action is chosen.
    public var effect: Effect

    /// Creates an action.
    public init(_ title: String, _ effect: Effect) {
        self.title = title
        self.effect = effect
    }

    /// An action that pushes the screen `destination` builds.
    public static func push(_ title: String, to destination: @escaping @MainActor @Sendable () -> Screen) -> Action {
        Action(title, .push(destination))
    }

    /// An action that runs `work`, then pushes the screen it returns.
    public static func push(_ title: String, after work: @escaping @MainActor @Sendable () async -> Screen) -> Action {
        Action(title, .pushAfter(work))
    }

    /// An action that presents the screen `destination` builds modally.
    public static func present(_ title: String, _ destination: @escaping @MainActor @Sendable () -> Screen) -> Action {
        Action(title, .present(destination))
    }

    /// An action that runs `perform` and shows the message it returns.
    public static func message(
        _ title: String, _ perform: @escaping @MainActor @Sendable () async -> String
    ) -> Action {
        Action(title, .message(perform))
    }

    /// An action that runs `perform`, shows the message it returns, then closes the current screen.
    public static func close(_ title: String, _ perform: @escaping @MainActor @Sendable () async -> String) -> Action {
        Action(title, .close(perform))
    }

    /// An action that pops the current screen.
    public static func back(_ title: String = "Back") -> Action {
        Action(title, .back)
    }

    /// An action that loads the current screen again.
    public static func tryAgain(_ title: String = "Try again") -> Action {
        Action(title, .reload)
    }

    /// An action that dismisses the current modal stack.
    public static func dismiss(_ title: String = "Close") -> Action {
        Action(title, .dismiss)
    }
}
