import MallBase

extension Action {
    /// The screen the action pushes or presents, built now; `nil` for actions that do not open one.
    @MainActor
    public func destination() -> Screen? {
        switch effect {
        case .push(let destination), .present(let destination): destination()
        case .back, .dismiss, .message, .close, .reload: nil
        }
    }

    /// Whether the action presents its screen modally.
    public var isPresentation: Bool {
        if case .present = effect { return true }
        return false
    }

    /// Runs a message action and returns its message; `nil` for other actions.
    @MainActor
    public func message() -> String? {
        if case .message(let perform) = effect { return perform() }
        if case .close(let perform) = effect { return perform() }
        return nil
    }
}

extension Screen {
    /// The titles of the current actions, in order.
    @MainActor
    public var actionTitles: [String] { actions.map(\.title) }

    /// Opens the first action whose title starts with `prefix`; `nil` if there is none or it opens nothing.
    @MainActor
    public func open(_ prefix: String) -> Screen? {
        actions.first { $0.title.hasPrefix(prefix) }?.destination()
    }
}

extension Screen {
    /// The screen once its load (if it has one) has run to its end, as when the navigator shows it:
    /// each call loads it again, as each time the screen comes back on top.
    @MainActor
    public func loaded(timeLimit: Duration = .seconds(10)) async -> Screen {
        guard let load else { return self }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            load.start(timeLimit: timeLimit, finished: { done.resume() }, abandoned: { done.resume() })
        }
        return self
    }
}
