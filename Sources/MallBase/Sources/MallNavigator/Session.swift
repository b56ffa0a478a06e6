import MallBase
import Middleware
import MiddlewareSupport

/// One run of the text app: reads commands from a terminal and navigates between screens.
@MainActor
public final class Session {
    /// Whether the session goes on after a command.
    public enum Status: Equatable, Sendable {
        case running
        case finished
    }

    /// The navigation state the session drives.
    public let navigator: Navigator
    /// Whether the session's input is typed at a terminal: then nothing waits for a load or a
    /// change; otherwise (piped input, a script) each line waits for the work before it.
    public var isInteractive: Bool { terminal.isInteractive }
    private let terminal: any Terminal
    private let renderer: ScreenRenderer
    private let style: TextStyle
    private let links: (any AppLinks)?
    /// Told when a screen's load is abandoned or fails.
    private let loadObservers: [@MainActor (LoadEnd) -> Void]
    /// The events the session handles, in order; ``inbox`` posts to it. One iterator reads them,
    /// whether ``run()`` or ``waitForCurrentScreen()`` asks.
    private var events: AsyncStream<SessionEvent>.Iterator
    /// Where work outside the session (a server's feed) posts what the session is to say or do.
    public let inbox: SessionInbox
    /// What the session does with a notice: by default, a `warning:` line on standard error.
    public var onNotice: @MainActor (Notice) -> Void
    /// The longest a screen's load may take before it fails (`--timeout`).
    public var loadTimeLimit = SessionOptions.defaultLoadTimeLimit
    /// Whether a change made outside the session's actions (state a page saves as it leaves) is
    /// still being saved, for `q` and Ctrl-D to say it may not be. A launched app asks
    /// ``KeptStateWork``; by default nothing is, so a session never speaks of another's work (two
    /// sessions in one test process).
    public var isSavingChanges: @MainActor () -> Bool = { false }
    /// Whether the next line waits for the current screen to load, or an action's work to end:
    /// input that is not typed at a terminal reads like a person who waits for each screen, so a
    /// transcript never depends on how long the work behind a screen takes.
    private var isWaitingForWork = false
    /// How many actions' work is running (a change that may wait for its file); each one's line is
    /// said when it is done.
    private var actionsRunning = 0
    /// How many navigations the session has made, so an action that closes its screen closes it only
    /// if the user did not leave it while its work ran.
    private var navigations = 0
    /// How many loads have posted their end and not had it handled yet.
    private var loadsToSettle = 0
    /// The load of the screen shown last, so a screen that comes back on top is known. It is the
    /// current screen's load, replaced at each showing, so holding it strongly keeps nothing alive
    /// for long; a weak reference would give the load a side table that outlives the reference, which
    /// LeakSanitizer reports as a leak when the program exits while the load's work winds down.
    private var shownLoad: ScreenLoad?

    /// Creates a session that starts on `home` and talks through `terminal`.
    ///
    /// - Parameters:
    ///   - hooks: The observers and guards every navigation passes.
    ///   - links: What `open URL` uses; without it, `open` explains that the program opens no links.
    public init(
        home: Screen,
        terminal: any Terminal,
        hooks: NavigationHooks = NavigationHooks(),
        links: (any AppLinks)? = nil
    ) {
        self.navigator = Navigator(root: home, hooks: hooks)
        self.terminal = terminal
        self.style = TextStyle(usesColor: terminal.usesColor)
        self.renderer = ScreenRenderer(style: style)
        self.links = links
        self.loadObservers = hooks.loadObservers
        let (events, continuation) = AsyncStream.makeStream(of: SessionEvent.self)
        self.events = events.makeAsyncIterator()
        self.inbox = SessionInbox(continuation: continuation)
        self.onNotice = { [terminal] notice in terminal.writeError("warning: \(notice.detail)\n") }
    }

    /// Shows the first screen, then handles events until `q` or the end of input.
    ///
    /// The terminal's lines arrive as events beside the others: one line is read at a time, asked
    /// for once the one before was handled, so the main actor never waits on input and a notice is
    /// said while the user reads the screen.
    public func run() async {
        await handleEvents()
        end()
        // Notices posted before the end and not yet handled (a change found unsavable as the input
        // ended) are still said; anything else posted is dropped.
        while let event = await nextEvent() {
            if case .notice(let notice) = event { onNotice(notice) }
        }
    }

    /// Handles events until `q` or the end of input.
    private func handleEvents() async {
        showCurrentScreen()
        requestLineWhenReady()
        while let event = await nextEvent() {
            switch event {
            case .line(let line):
                if submit(line) == .finished { return }
                requestLineWhenReady()
            case .loaded(let load, let title, let origin):
                settle(load, title: title, origin: origin)
                resumeInputWhenIdle()
            case .performed(let action):
                conclude(action)
                resumeInputWhenIdle()
            case .endOfInput:
                // End of input is a normal way to leave piped or scripted sessions; a failure was said already.
                guard terminal.failure == nil else { return }
                // At a terminal (Ctrl-D) the session ends at once, as with `q`, and says the same.
                terminal.write(
                    terminal.isInteractive ? "\n" + (unsavedNote.map { $0 + "\n" } ?? "") : "(end of input)\n")
                return
            case .notice(let notice):
                say(notice)
            }
        }
    }

    /// Waits until the current screen has loaded or failed, and the work of the actions chosen has
    /// ended, and shows the screen then; notices that come meanwhile are said. For a program that
    /// drives the session itself instead of ``run()``: the tour waits for each screen as a script does.
    public func waitForCurrentScreen() async {
        // A load that ended before this was called has its end posted and not yet shown.
        while isBusy || loadsToSettle > 0, let event = await nextEvent() {
            switch event {
            case .loaded(let load, let title, let origin): settle(load, title: title, origin: origin)
            case .performed(let action): conclude(action)
            case .notice(let notice): say(notice)
            case .line, .endOfInput: break  // no line is asked for while the program drives
            }
        }
    }

    /// Ends the session: loads still running are cancelled (leaving never waits, and their results
    /// are dropped), and nothing posted later is handled.
    public func end() {
        navigator.cancelLoads()
        inbox.continuation.finish()
    }

    private func nextEvent() async -> SessionEvent? {
        var events = self.events
        defer { self.events = events }
        return await events.next(isolation: #isolation)
    }

    /// Records how `load` ended and, when its screen is on top, shows it. A screen that loaded
    /// while covered shows its content when it is on top again.
    private func settle(_ load: ScreenLoad, title: String, origin: String) {
        loadsToSettle -= 1
        if case .failed(let reason) = load.phase {
            observe(LoadEnd(.failed(reason), title: title, origin: origin))
        }
        guard navigator.current.load === load else { return }
        showCurrentScreen()
    }

    /// What a session that ends at once, at a terminal, says when a change is still being saved
    /// (another process may hold its file's lock): that it may not be; nothing otherwise.
    private var unsavedNote: String? {
        actionsRunning > 0 || isSavingChanges() ? "A change you made is still being saved; it may not be." : nil
    }

    /// How to leave a screen the user is told to wait for: `q` at home, `b` elsewhere.
    private var waysOut: String { navigator.depth == 0 ? "q to quit" : "b to go back" }

    /// Whether the current screen is loading or an action's work runs.
    private var isBusy: Bool { actionsRunning > 0 || navigator.current.load?.isLoading == true }

    /// Asks for the next line, unless input is not typed at a terminal and the current screen is
    /// loading or an action's work runs: then the line is asked for once both are done. At a terminal
    /// it is asked for at once, so `b`, `h` and `q` never wait for a load or a change being saved.
    private func requestLineWhenReady() {
        if !terminal.isInteractive, isBusy {
            isWaitingForWork = true
        } else {
            requestLine()
        }
    }

    /// Asks for the line input that is not typed waits for, once the work it waits for is done.
    private func resumeInputWhenIdle() {
        guard isWaitingForWork, !isBusy else { return }
        isWaitingForWork = false
        requestLine()
    }

    /// Reads the next line off the main actor and posts it, or the end of input, as an event.
    private func requestLine() {
        Task { [terminal, inbox] in
            let line = await terminal.readLine()
            inbox.post(line.map(SessionEvent.line) ?? .endOfInput)
        }
    }

    /// Says `notice` as it happens. At a terminal, the prompt the user may be typing after moves
    /// below it, as a terminal program's messages do; a transcript's standard output is unchanged.
    private func say(_ notice: Notice) {
        guard terminal.isInteractive else { return onNotice(notice) }
        terminal.write("\n")
        onNotice(notice)
        terminal.write("> ")
    }

    /// Shows the current screen and the prompt; the first time, observers see it as the start.
    ///
    /// A screen that loads starts its work when first shown, and again when it comes back on top if
    /// it asks to. Input not typed at a terminal sees a screen once it has loaded or failed, as a
    /// person who waits for each screen would: its transcript never depends on how long work takes.
    public func showCurrentScreen() {
        navigator.start()
        if let load = navigator.current.load {
            let isIdle = if case .idle = load.phase { true } else { false }
            let isBackOnTop = load !== shownLoad && load.reloadsWhenShownAgain && !load.isLoading
            if isIdle || isBackOnTop { start(load) }
        }
        shownLoad = navigator.current.load
        guard terminal.isInteractive || navigator.current.load?.isLoading != true else { return }
        terminal.write("\n" + renderer.render(navigator) + "> ")
    }

    /// Starts the current screen's `load`, cancelling a start still in flight; its end comes back
    /// as an event, and its abandonment (the screen left) is told to the load observers.
    private func start(_ load: ScreenLoad) {
        let (title, origin) = (navigator.current.title, navigator.current.origin)
        load.start(timeLimit: loadTimeLimit) { [weak self, inbox] in
            self?.loadsToSettle += 1
            inbox.post(.loaded(load, title: title, origin: origin))
        } abandoned: { [weak self] in
            self?.observe(LoadEnd(.cancelled, title: title, origin: origin))
        }
    }

    private func observe(_ end: LoadEnd) {
        for observer in loadObservers {
            observer(end)
        }
    }

    /// Loads the current screen again (`r`, `Try again`); a screen that does not load is shown again.
    private func reload() {
        if let load = navigator.current.load {
            start(load)
        }
    }

    /// Carries out one line of input, then shows the resulting screen. Bad input never ends the session.
    ///
    /// - Parameter note: A comment printed after the echoed input, e.g. the tour's narration.
    @discardableResult
    public func submit(_ line: String, note: String? = nil) -> Status {
        if !terminal.isInteractive {
            terminal.write(Self.echo(line.trimmingWhitespace()) + (note.map { "    # \($0)" } ?? "") + "\n")
        }
        let actions = navigator.current.actions
        let isLoading = navigator.current.load?.isLoading == true
        switch Command.parse(line, actionCount: actions.count) {
        case .failure where isLoading && Self.isNumber(line.trimmingWhitespace()):
            report(InputError("the screen is still loading", hint: "wait for it, or type \(waysOut)"))
        case .success(.choose) where actionsRunning > 0:
            // One choice at a time: a second, made while the first waits for its file, would do its
            // work twice (two numbers taken) or act on a screen the first is about to change.
            report(InputError("what you chose is still being done", hint: "wait for it, or type \(waysOut)"))
        case .failure(let error):
            report(error)
        case .success(.quit):
            // At a terminal the work is not waited for: `q` never waits.
            let unsaved = terminal.isInteractive ? unsavedNote.map { " " + $0 } : nil
            terminal.write("Bye." + (unsaved ?? "") + "\n")
            return .finished
        case .success(.help):
            terminal.write(ScreenRenderer.help + (links == nil ? "" : "\n" + ScreenRenderer.openHelp) + "\n")
        case .success(.home):
            attempt { () throws(Navigator.Refusal) in try navigator.home() }
        case .success(.back):
            goBack()
        case .success(.choose(let number)):
            // An action with work to do shows its line, then the screen, when the work is done.
            if perform(actions[number - 1]) == .running { return .running }
        case .success(.open(let url)):
            open(url)
        case .success(.reload):
            reload()
        }
        showCurrentScreen()
        return .running
    }

    /// Opens a URL as a link from outside the app would: only external routes, values checked first.
    public func open(_ url: String) {
        guard let links else {
            report(InputError("this program opens no links", hint: "run the whole app: swift run mall"))
            return
        }
        guard !url.isEmpty else {
            let example = links.help.exampleLink ?? "scheme://host/path?name=value"
            report(InputError("open needs a URL", hint: "type open \(example)"))
            return
        }
        switch links.screen(for: url, from: .outside) {
        case .success(let screen):
            attempt { () throws(Navigator.Refusal) in try navigator.open(screen) }
        case .failure(let error):
            report(InputError(error.problem, hint: error.hint(inSession: true, help: links.help)))
        }
    }

    /// Carries out `action`; `.running` when it started work whose end the session shows later.
    private func perform(_ action: Action) -> Status? {
        switch action.effect {
        case .push(let destination):
            attempt { () throws(Navigator.Refusal) in try navigator.push(destination()) }
        case .present(let destination):
            attempt { () throws(Navigator.Refusal) in try navigator.present(destination()) }
        case .back:
            goBack()
        case .dismiss:
            close()
        case .pushAfter(let work):
            start { .opens(await work()) }
            return .running
        case .message(let perform):
            start { .said(await perform(), closes: false) }
            return .running
        case .close(let perform):
            start { .said(await perform(), closes: true) }
            return .running
        case .reload:
            reload()
        }
        return nil
    }

    /// Starts an action's work, which may wait for a file another process holds: the session takes
    /// commands meanwhile, and its end comes back as an event.
    private func start(_ work: @escaping @MainActor @Sendable () async -> PerformedAction.Outcome) {
        actionsRunning += 1
        let navigations = navigations
        Task { [inbox] in
            let outcome = await work()
            inbox.post(.performed(PerformedAction(outcome: outcome, navigations: navigations)))
        }
    }

    /// Says what an action's work said, or opens the screen it made, then shows the current screen.
    /// A close or a push happens only if the user has not navigated since the action was chosen.
    private func conclude(_ action: PerformedAction) {
        actionsRunning -= 1
        let isOnItsScreen = action.navigations == navigations
        switch action.outcome {
        case .said(let message, let closes):
            terminal.write(style.yellow("→ \(message)") + "\n")
            if closes, isOnItsScreen { close() }
        case .opens(let screen):
            if isOnItsScreen {
                attempt { () throws(Navigator.Refusal) in try navigator.push(screen) }
            } else {
                // The step was done: say so, as the page it made is not opened over where the user went.
                terminal.write(
                    style.yellow("→ Done; '\(screen.title)' is not opened, as you left the screen first") + "\n")
            }
        }
        showCurrentScreen()
    }

    /// Closes the current modal stack, or goes back when the screen is not modal.
    private func close() {
        guard navigator.isModal else { return goBack() }
        attempt { () throws(Navigator.Refusal) in try navigator.dismiss() }
    }

    private func goBack() {
        attempt { () throws(Navigator.Refusal) in try navigator.back() }
    }

    /// Carries out a navigation, reporting a refusal as an error line; the stack stays as it was.
    private func attempt(_ navigation: () throws(Navigator.Refusal) -> Void) {
        let depth = navigator.depth
        do {
            try navigation()
            // Only a move counts (`h` at home moves nothing); every move changes the depth.
            if navigator.depth != depth { navigations += 1 }
        } catch {
            switch error {
            case .atHome:
                report(InputError("already at the home screen", hint: "choose an action, or q to quit"))
            case .notModal:
                report(InputError("nothing to close here", hint: "type b to go back"))
            case .refused(let reason):
                report(InputError(reason, hint: "the screen stays as it was"))
            }
        }
    }

    private func report(_ error: InputError) {
        terminal.write(style.red(error.description) + "\n")
    }

    /// Whether `text` is written as an action's number: ASCII digits, at least one.
    private static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The longest input echoed whole; room for a typical `open` URL.
    static let echoLimit = 200

    /// The input as it is echoed in a transcript: one line, a tab as a space, other control and
    /// format characters (a right-to-left override would reorder the line) shown as `�`, lines longer
    /// than `echoLimit` Unicode scalars cut (a letter can carry any number of combining marks).
    static func echo(_ line: String) -> String {
        let scalars = line.unicodeScalars
        let shown = scalars.prefix(echoLimit).map { scalar -> Unicode.Scalar in
            scalar == "\t" ? " " : scalar.isInvisible ? "\u{FFFD}" : scalar
        }
        let visible = String(String.UnicodeScalarView(shown))
        guard scalars.count > echoLimit else { return visible }
        // A line this long may have been cut where it was read: it had at least these characters.
        let mayBeCut = line.utf8.count >= LineSplitter.maximumLineLength
        let length = "\(mayBeCut ? "at least " : "")\(scalars.count) characters"
        return visible + "… (\(length))"
    }
}
