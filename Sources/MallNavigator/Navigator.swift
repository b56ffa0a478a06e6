import MallBase

/// The navigation state: a base stack rooted at the home screen, and a stack per modal presentation.
///
/// A modal opens a stack of its own on top of everything (the navigation-stack seed's model): pushes
/// inside it stay in it, and dismissing it removes the whole stack. Every screen that leaves gets its
/// on-disappear hook called, top first.
@MainActor
public final class Navigator {
    /// Why a navigation request could not be carried out.
    public enum Refusal: Error, Equatable {
        case atHome
        case notModal
    }

    private let root: Screen
    private var pushed: [Screen] = []
    /// Modal stacks, oldest first; none is ever empty.
    private var modals: [[Screen]] = []

    /// Creates a navigator showing `root`, the screen `home` returns to.
    public init(root: Screen) {
        self.root = root
    }

    /// The screen on top.
    public var current: Screen { modals.last?.last ?? pushed.last ?? root }

    /// Whether the current screen is inside a modal stack.
    public var isModal: Bool { !modals.isEmpty }

    /// The number of screens above the home screen, modal ones included.
    public var depth: Int { pushed.count + modals.reduce(0) { $0 + $1.count } }

    /// The titles from the home screen to the current one; titles in a modal stack are bracketed.
    public var breadcrumb: [String] {
        [root.title] + pushed.map(\.title) + modals.flatMap { $0.map { "[\($0.title)]" } }
    }

    /// Pushes a screen onto the current stack.
    public func push(_ screen: Screen) {
        if modals.isEmpty {
            pushed.append(screen)
        } else {
            modals[modals.count - 1].append(screen)
        }
    }

    /// Presents a screen modally, on a new stack.
    public func present(_ screen: Screen) {
        modals.append([screen])
    }

    /// Pops the current screen; at the first screen of a modal stack, dismisses the stack.
    public func back() throws(Refusal) {
        if var top = modals.popLast() {
            let leaving = top.removeLast()
            if !top.isEmpty {
                modals.append(top)
            }
            leaving.onDisappear?()
        } else if let leaving = pushed.popLast() {
            leaving.onDisappear?()
        } else {
            throw .atHome
        }
    }

    /// Dismisses the current modal stack.
    public func dismiss() throws(Refusal) {
        guard let top = modals.popLast() else { throw .notModal }
        disappear(top)
    }

    /// Dismisses every modal and pops to the home screen.
    public func home() {
        while let top = modals.popLast() {
            disappear(top)
        }
        disappear(pushed)
        pushed.removeAll()
    }

    private func disappear(_ screens: [Screen]) {
        for screen in screens.reversed() {
            screen.onDisappear?()
        }
    }
}
