/// A page of the app, the Swift counterpart of the seed's `MCBaseVC`: what every `provide_` returns.
///
/// A screen has a fixed title and a ``Content`` that is built anew each time the screen is shown,
/// so a screen reflects state that changed while it was covered (a shop favourited on a pushed
/// screen shows as favourited when the user comes back).
public struct Screen: Sendable {
    /// What a screen shows at one moment: text lines and numbered actions.
    public struct Content: Sendable {
        /// The body, one entry per line.
        public var body: [String]
        /// The actions, numbered from 1 in this order when shown.
        public var actions: [Action]

        /// Creates content from body lines and actions.
        public init(body: [String] = [], actions: [Action] = []) {
            self.body = body
            self.actions = actions
        }

        /// What a screen whose load failed shows: one line saying what failed, and `Try again`.
        public static func couldNotLoad(_ reason: String) -> Content {
            Content(body: ["Could not load: \(reason)"], actions: [.tryAgain()])
        }
    }

    /// The title until a load gives the screen another, also used in the navigation breadcrumb.
    private let initialTitle: String
    /// The title the loaded model gives the screen, if any (a shop's page opened by its id is named
    /// once the shops are there).
    private let loadedTitle: (@MainActor @Sendable () -> String?)?
    /// The component (or the app) that made the screen, e.g. `Shop`.
    public let origin: String
    /// The route and URL the screen was opened through, when it came from one.
    public var link: Link?
    /// Called when the screen leaves the navigation stack (the seed's `viewDidDisappearCallBack`).
    public var onDisappear: (@MainActor @Sendable () -> Void)?
    /// The async work the content comes from, for a screen that loads; the navigator starts it when
    /// the screen is shown and cancels it when the screen leaves.
    public let load: ScreenLoad?
    private let makeContent: @MainActor @Sendable () -> Content

    /// Creates a screen whose content is built on demand, every time it is shown.
    public init(
        title: String,
        origin: String,
        onDisappear: (@MainActor @Sendable () -> Void)? = nil,
        content: @escaping @MainActor @Sendable () -> Content
    ) {
        self.initialTitle = title
        self.loadedTitle = nil
        self.origin = origin
        self.onDisappear = onDisappear
        self.load = nil
        self.makeContent = content
    }

    /// Creates a screen whose content comes from async work: `Loading…` until it is there, then
    /// the content, or one line saying what failed and a `Try again` action.
    @MainActor
    public init(
        title: String,
        origin: String,
        onDisappear: (@MainActor @Sendable () -> Void)? = nil,
        loading work: @escaping @MainActor @Sendable () async throws -> Content
    ) {
        self.init(title: title, origin: origin, onDisappear: onDisappear, loading: work) { state in
            switch state {
            case .loading: Content(body: [Self.loadingText])
            case .loaded(let content): content
            case .failed(let reason): .couldNotLoad(reason)
            }
        }
    }

    /// Creates a screen a part of which comes from async work: `content` is built anew each time the
    /// screen is shown, from where the work stands (``Loadable``), so the rest of the page is there
    /// at once and stays current.
    ///
    /// - Parameters:
    ///   - reloadsWhenShownAgain: Whether the work runs again each time the screen comes back on
    ///     top, for data another screen may have changed meanwhile.
    ///   - retitle: The title the loaded model gives the screen, in place of `title`; `nil` keeps it.
    @MainActor
    public init<Model: Sendable>(
        title: String,
        origin: String,
        onDisappear: (@MainActor @Sendable () -> Void)? = nil,
        reloadsWhenShownAgain: Bool = false,
        loading work: @escaping @MainActor @Sendable () async throws -> Model,
        retitle: (@MainActor @Sendable (Model) -> String?)? = nil,
        content: @escaping @MainActor @Sendable (Loadable<Model>) -> Content
    ) {
        let load = ScreenLoad(reloadsWhenShownAgain: reloadsWhenShownAgain, work)
        self.initialTitle = title
        if let retitle {
            self.loadedTitle = { @MainActor @Sendable () -> String? in
                guard case .loaded(let model) = load.state(of: Model.self) else { return nil }
                return retitle(model)
            }
        } else {
            self.loadedTitle = nil
        }
        self.origin = origin
        self.onDisappear = onDisappear
        self.load = load
        self.makeContent = { content(load.state(of: Model.self)) }
    }

    /// What a screen that loads shows until its content is there.
    public static let loadingText = "Loading…"

    /// Creates a screen with fixed content.
    public init(title: String, origin: String, body: [String], actions: [Action] = []) {
        let content = Content(body: body, actions: actions)
        self.init(title: title, origin: origin) { content }
    }

    /// The title as of now: the one the loaded model gives, else the one the screen was made with.
    @MainActor
    public var title: String { loadedTitle?() ?? initialTitle }

    /// The content as of now.
    @MainActor
    public var content: Content { makeContent() }

    /// The current body lines.
    @MainActor
    public var body: [String] { content.body }

    /// The current actions.
    @MainActor
    public var actions: [Action] { content.actions }

    /// The first current action with the given title, if any.
    @MainActor
    public func action(titled title: String) -> Action? {
        actions.first { $0.title == title }
    }

    /// A copy that records the route and URL it was opened through.
    public func linked(route: String, url: String) -> Screen {
        var copy = self
        copy.link = Link(route: route, url: url)
        return copy
    }

    /// A copy that also calls `hook` when the screen leaves the stack, after any hook it had.
    public func onDisappear(_ hook: @escaping @MainActor @Sendable () -> Void) -> Screen {
        var copy = self
        let previous = onDisappear
        copy.onDisappear = {
            previous?()
            hook()
        }
        return copy
    }
}

extension Screen {
    /// Where a screen opened through a route came from: the route's pattern and the URL itself.
    public struct Link: Sendable, Hashable {
        /// The route's pattern, e.g. `mall://shop/detail`.
        public var route: String
        /// The URL, e.g. `mall://shop/detail?shopId=s01`.
        public var url: String

        /// Creates a link record.
        public init(route: String, url: String) {
            self.route = route
            self.url = url
        }
    }
}
