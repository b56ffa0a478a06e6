import MallBase

/// The navigation state: a base stack rooted at the home screen, and a stack per modal presentation.
///
/// A modal opens a stack of its own on top of everything (the navigation-stack seed's model): pushes
/// inside it stay in it, and dismissing it removes the whole stack. Every screen that leaves gets its
/// on-disappear hook called, top first.
///
/// Every navigation passes the ``NavigationHooks``: guards first (a refusal changes nothing), then,
/// once the stack changed, every observer sees what is shown now.
@MainActor
public final class Navigator {
    /// Why a navigation request was not carried out; the stack is as it was.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// `back` on the home screen.
        case atHome
        /// `dismiss` with no modal shown.
        case notModal
        /// A guard refused, for this reason.
        case refused(String)

        /// The reason in words.
        public var description: String {
            switch self {
            case .atHome: "already at the home screen"
            case .notModal: "nothing to close here"
            case .refused(let reason): reason
            }
        }
    }

    /// A navigation that changes the stack.
    private enum Move {
        case push(Screen)
        case present(Screen)
        case back
        case dismiss
        case home
    }

    private let root: Screen
    private var pushed: [Screen] = []
    /// Modal stacks, oldest first; none is ever empty.
    private var modals: [[Screen]] = []
    private let hooks: NavigationHooks
    private var hasStarted = false
    /// A navigation a guard sent on a detour: it is asked for again when the detour's stack closes.
    private var pending: (request: NavigationRequest, modalCount: Int)?

    /// Creates a navigator showing `root`, the screen `home` returns to.
    public init(root: Screen, hooks: NavigationHooks = NavigationHooks()) {
        self.root = root
        self.hooks = hooks
    }

    /// The screen on top.
    public var current: Screen { modals.last?.last ?? pushed.last ?? root }

    /// Whether the current screen is inside a modal stack.
    public var isModal: Bool { !modals.isEmpty }

    /// The number of screens above the home screen, modal ones included.
    public var depth: Int { pushed.count + modals.reduce(0) { $0 + $1.count } }

    /// The home screen's title, first in every breadcrumb.
    public var homeTitle: String { root.title }

    /// The titles from the home screen to the current one; titles in a modal stack are bracketed.
    public var breadcrumb: [String] {
        [root.title] + breadcrumb(last: depth)
    }

    /// The last `count` titles of the breadcrumb, or all of them above the home screen if there are
    /// fewer, oldest first. It costs what `count` costs, however deep the stacks are.
    public func breadcrumb(last count: Int) -> [String] {
        var titles: [String] = []
        titles.reserveCapacity(min(count, depth))
        for stack in modals.reversed() {
            for screen in stack.reversed() {
                guard titles.count < count else { return titles.reversed() }
                titles.append("[\(screen.title)]")
            }
        }
        for screen in pushed.reversed() {
            guard titles.count < count else { break }
            titles.append(screen.title)
        }
        return titles.reversed()
    }

    /// Reports the first screen to observers, unless a navigation already did (`mall open`).
    public func start() {
        guard !hasStarted else { return }
        notify(.start)
    }

    /// Pushes a screen onto the current stack.
    public func push(_ screen: Screen) throws(Refusal) {
        try navigate(.push(screen), kind: .push)
    }

    /// Pushes a screen opened by URL from outside the app.
    public func open(_ screen: Screen) throws(Refusal) {
        try navigate(.push(screen), kind: .open)
    }

    /// Presents a screen modally, on a new stack.
    public func present(_ screen: Screen) throws(Refusal) {
        try navigate(.present(screen), kind: .present)
    }

    /// Pops the current screen; at the first screen of a modal stack, dismisses the stack.
    public func back() throws(Refusal) {
        guard depth > 0 else { throw .atHome }
        try navigate(.back, kind: .back)
    }

    /// Dismisses the current modal stack.
    public func dismiss() throws(Refusal) {
        guard isModal else { throw .notModal }
        try navigate(.dismiss, kind: .dismiss)
    }

    /// Dismisses every modal and pops to the home screen; on the home screen, nothing happens.
    public func home() throws(Refusal) {
        guard depth > 0 else { return }
        try navigate(.home, kind: .home)
    }

    // MARK: Carrying out a move

    private func navigate(_ move: Move, kind: NavigationEvent.Kind) throws(Refusal) {
        let request = NavigationRequest(kind: kind, destination: destination(of: move))
        switch hooks.decide(request) {
        case .proceed:
            let closesDetour = apply(move)
            if closesDetour, let resumed = pending, resume(resumed.request) {
                return
            }
            if closesDetour { pending = nil }
            notify(kind)
        case .refuse(let reason):
            throw .refused(reason)
        case .detour(let screen):
            modals.append([screen])
            pending = (request, modals.count)
            notify(.detour)
        }
    }

    /// Asks again for a navigation whose detour just closed; carries it out if every guard now lets it.
    private func resume(_ request: NavigationRequest) -> Bool {
        pending = nil
        guard case .proceed = hooks.decide(request) else { return false }
        switch request.kind {
        case .present: modals.append([request.destination])
        default: _ = apply(.push(request.destination))
        }
        notify(request.kind)
        return true
    }

    /// Changes the stack; returns whether the move closed the stack a pending detour opened.
    private func apply(_ move: Move) -> Bool {
        let modalCountBefore = modals.count
        switch move {
        case .push(let screen):
            if modals.isEmpty {
                pushed.append(screen)
            } else {
                modals[modals.count - 1].append(screen)
            }
        case .present(let screen):
            modals.append([screen])
        case .back:
            if var top = modals.popLast() {
                let leaving = top.removeLast()
                if !top.isEmpty {
                    modals.append(top)
                }
                leave(leaving)
            } else if let leaving = pushed.popLast() {
                leave(leaving)
            }
        case .dismiss:
            if let top = modals.popLast() {
                disappear(top)
            }
        case .home:
            while let top = modals.popLast() {
                disappear(top)
            }
            disappear(pushed)
            pushed.removeAll()
            pending = nil
        }
        guard let pending, modals.count < modalCountBefore else { return false }
        return modals.count < pending.modalCount
    }

    /// The screen a move would show, without changing anything.
    private func destination(of move: Move) -> Screen {
        switch move {
        case .push(let screen), .present(let screen):
            return screen
        case .back:
            if let top = modals.last {
                return top.count > 1 ? top[top.count - 2] : modals.dropLast().last?.last ?? pushed.last ?? root
            }
            return pushed.dropLast().last ?? root
        case .dismiss:
            return modals.dropLast().last?.last ?? pushed.last ?? root
        case .home:
            return root
        }
    }

    private func notify(_ kind: NavigationEvent.Kind) {
        hasStarted = true
        let screen = current
        let event = NavigationEvent(
            kind: kind, title: screen.title, origin: screen.origin, link: screen.link, depth: depth)
        for observer in hooks.observers {
            observer(event)
        }
    }

    private func disappear(_ screens: [Screen]) {
        for screen in screens.reversed() {
            leave(screen)
        }
    }

    /// A screen leaves the stack: its load is cancelled (a late result is dropped), then its
    /// on-disappear hook runs.
    private func leave(_ screen: Screen) {
        screen.load?.cancel()
        screen.onDisappear?()
    }

    /// Cancels every load on the stacks, when the session ends; the screens stay as they are.
    public func cancelLoads() {
        for screen in [root] + pushed + modals.joined() {
            screen.load?.cancel()
        }
    }
}
