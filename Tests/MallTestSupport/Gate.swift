/// Held shut until opened; who waits on it goes on then. A test holds work at a point it chooses
/// (a file's lock, a service's answer) and lets it go when it has checked what it wanted to.
@MainActor
public final class Gate {
    public private(set) var isOpen: Bool
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A gate, shut unless `isOpen`.
    public init(isOpen: Bool = false) {
        self.isOpen = isOpen
    }

    /// Returns once the gate is open: at once if it is.
    public func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Opens the gate and lets every waiter go on.
    public func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting = []
    }
}
