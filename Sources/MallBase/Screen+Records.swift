import Middleware

extension Screen {
    /// Creates a screen drawn from a component's records (``Records``): `Loading…` until they are
    /// there, then the content; with a kept answer standing in for the source, the content under a
    /// line saying when it was fetched and what failed, with `Try again` last; with nothing to show,
    /// what failed and `Try again`.
    ///
    /// - Parameters:
    ///   - records: Loads the records, e.g. `{ try await store.shops.load() }`.
    ///   - retitle: The title the records give the screen, in place of `title`; `nil` keeps it.
    @MainActor
    public init<Document: Sendable>(
        title: String,
        origin: String,
        onDisappear: (@MainActor @Sendable () -> Void)? = nil,
        records: @escaping @MainActor @Sendable () async throws -> Fetched<Document>,
        retitle: (@MainActor @Sendable (Document) -> String?)? = nil,
        content: @escaping @MainActor @Sendable (Document) -> Content
    ) {
        let retitleFetched: (@MainActor @Sendable (Fetched<Document>) -> String?)? =
            if let retitle { { @MainActor @Sendable fetched in retitle(fetched.document) } } else { nil }
        self.init(title: title, origin: origin, onDisappear: onDisappear, loading: records, retitle: retitleFetched) {
            state in
            switch state {
            case .loading: Content(body: [Self.loadingText])
            case .loaded(let fetched): fetched.marked(content(fetched.document))
            case .failed(let reason): Content(body: ["Could not load: \(reason)"], actions: [.tryAgain()])
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
