import Middleware

extension Screen {
    /// Creates a screen drawn from a component's records, loaded each time it is shown
    /// (``Records/load()``): until the load is done, the records the last one gave (the embedded
    /// ones at once), else `Loading…`; then the records; with a kept answer standing in for the
    /// source, the content under a line saying when it was fetched and what failed, with `Try again`
    /// last; with nothing to show, what failed and `Try again`.
    ///
    /// - Parameters:
    ///   - title: The title until the records give one (`retitle`); when the records are already
    ///     there, `retitle` names the screen at once.
    ///   - state: The kept state the content shows beside the records (a favourite's mark): the load
    ///     reads it first, off the main actor, and until it is read the screen shows `Loading…`; a
    ///     state that cannot be read now fails the load, saying why, and `Try again` reads it again.
    ///   - retitle: The title the records give the screen, in place of `title`; `nil` keeps it.
    @MainActor
    public init<Document>(
        title: String,
        origin: String,
        onDisappear: (@MainActor @Sendable () -> Void)? = nil,
        records: Records<Document>,
        reading state: (any ReadableState)? = nil,
        retitle: (@MainActor @Sendable (Document) -> String?)? = nil,
        content: @escaping @MainActor @Sendable (Document) -> Content
    ) {
        let retitleFetched: (@MainActor @Sendable (Fetched<Document>) -> String?)? =
            if let retitle { { @MainActor @Sendable fetched in retitle(fetched.document) } } else { nil }
        let named = records.latest.flatMap { retitle?($0) } ?? title
        self.init(
            title: named, origin: origin, onDisappear: onDisappear, reloadsWhenShownAgain: true,
            loading: {
                try await state?.read()
                return try await records.load()
            },
            retitle: retitleFetched
        ) { phase in
            switch phase {
            case .loading where state?.isRead == false: Content(body: [Self.loadingText])
            case .loading: records.latest.map(content) ?? Content(body: [Self.loadingText])
            case .loaded(let fetched): fetched.marked(content(fetched.document))
            case .failed(let reason): .couldNotLoad(reason)
            }
        }
    }
}

extension Fetched {
    /// `content` as a screen shows it from these records: unchanged when they are fresh; under the
    /// kept answer's note, with `Try again` last, when a kept answer stands in for the source.
    public func marked(_ content: Screen.Content) -> Screen.Content {
        guard let stale else { return content }
        var marked = content
        marked.body.insert(stale.note, at: 0)
        marked.actions.append(.tryAgain())
        return marked
    }
}
