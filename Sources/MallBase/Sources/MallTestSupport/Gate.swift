/// Held shut until opened; who waits on it goes on then. A test holds work at a point it chooses
/// (a file's lock, a service's answer) and lets it go when it has checked what it wanted to.
///
/// A wait ends too when its task is cancelled, as a test's is when it runs past its time limit: the
/// test then fails rather than waiting for ever.
@MainActor
public final class Gate {
    public private(set) var isOpen: Bool
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    /// A gate, shut unless `isOpen`.
    public init(isOpen: Bool = false) {
        self.isOpen = isOpen
    }

    /// Returns once the gate is open, at once if it is, or once the waiting task is cancelled.
    public func wait() async {
        guard !isOpen, !Task.isCancelled else { return }
        let id = nextWaiter
        nextWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiting[id] = $0 }
        } onCancel: {
            Task { @MainActor in self.stopWaiting(id) }
        }
    }

    /// Opens the gate and lets every waiter go on.
    public func open() {
        isOpen = true
        let waiters = waiting.values
        waiting = [:]
        waiters.forEach { $0.resume() }
    }

    /// Ends the wait `id`, whose task was cancelled, if it still waits.
    private func stopWaiting(_ id: Int) {
        waiting.removeValue(forKey: id)?.resume()
    }
}
