import Foundation

/// The lines of a ``LineReader``, read on a thread of their own and handed over one at a time, as
/// they are asked for, so the main actor never blocks on input and goes on with other work (a
/// load, a notice) while a person has not typed yet.
///
/// The thread reads a line only when one is asked for: lines are never taken ahead of the session,
/// so a script of any length is held one buffer at a time. The bytes are read a block at a time, so
/// what a pipe holds after the last line taken (after `q`) is consumed with it.
///
/// It is `@unchecked Sendable` because the reader is touched only by the thread, and `isStopped`
/// only holding `lock`; the stream's continuation is `Sendable` itself.
final class LineFeed: @unchecked Sendable {
    /// The outcomes, in the order they were read.
    let outcomes: AsyncStream<LineReader.Outcome>
    private let continuation: AsyncStream<LineReader.Outcome>.Continuation
    /// Signalled once per line asked for; the reading thread waits on it, never the main actor.
    private let demand = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var isStopped = false
    private var reader: LineReader

    private var isStarted = false

    /// Creates a feed of `reader`'s lines; its thread starts when the first line is asked for.
    init(_ reader: LineReader) {
        self.reader = reader
        (outcomes, continuation) = AsyncStream.makeStream(of: LineReader.Outcome.self)
    }

    /// Asks the thread for the next line; it arrives in ``outcomes``.
    func request() {
        let starts = lock.withLock {
            defer { isStarted = true }
            return !isStarted && !isStopped
        }
        if starts {
            let thread = Thread { [self] in readWhenAsked() }
            thread.name = "mall input"
            thread.start()
        }
        demand.signal()
    }

    /// Lets the thread end: nothing more is read, once a read in progress returns.
    func stop() {
        lock.withLock { isStopped = true }
        continuation.finish()
        demand.signal()
    }

    private func readWhenAsked() {
        while true {
            demand.wait()
            if lock.withLock({ isStopped }) { return }
            let outcome = reader.next()
            continuation.yield(outcome)
            guard case .line = outcome else {
                continuation.finish()
                return
            }
        }
    }
}
