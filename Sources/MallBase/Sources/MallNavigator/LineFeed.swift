import Foundation

/// The lines of a ``LineReader``, read on a thread of their own and handed over as they are asked
/// for, so the main actor never blocks on input and goes on with other work (a load, a notice)
/// while a person has not typed yet.
///
/// The thread reads only when asked, and hands over every line its last read completed at once
/// (at most one buffer's worth), so a script of any length is held one buffer at a time and a
/// long piped script costs one hand-over per buffer, not one per line. The bytes are read a block
/// at a time, so what a pipe holds after the last line taken (after `q`) is consumed with it.
///
/// It is `@unchecked Sendable` because the reader is touched only by the thread, and `isStarted`
/// and `isStopped` only holding `lock`; the stream's continuation is `Sendable` itself.
final class LineFeed: @unchecked Sendable {
    /// What one read gave: lines, in order, or how input ended.
    enum Batch: Sendable, Equatable {
        case lines([String])
        case end
        case failure(String)
    }

    /// The batches, in the order they were read.
    let batches: AsyncStream<Batch>
    private let continuation: AsyncStream<Batch>.Continuation
    /// Signalled once per batch asked for; the reading thread waits on it, never the main actor.
    private let demand = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var isStarted = false
    private var isStopped = false
    private var reader: LineReader

    /// Creates a feed of `reader`'s lines; its thread starts when the first line is asked for.
    init(_ reader: LineReader) {
        self.reader = reader
        (batches, continuation) = AsyncStream.makeStream(of: Batch.self)
    }

    /// Asks the thread for the next batch; it arrives in ``batches``.
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
            switch reader.next() {
            case .line(let line):
                continuation.yield(.lines([line] + reader.bufferedLines()))
            case .end:
                continuation.yield(.end)
                continuation.finish()
                return
            case .failure(let reason):
                continuation.yield(.failure(reason))
                continuation.finish()
                return
            }
        }
    }
}

/// A ``LineFeed`` as the main actor reads it: one line at a time, at once while the last batch
/// holds more, otherwise waiting for the thread without holding the main actor.
@MainActor
final class LineSource {
    private let feed: LineFeed
    private var batches: AsyncStream<LineFeed.Batch>.Iterator
    private var pending: ArraySlice<String> = []

    init(_ reader: LineReader) {
        feed = LineFeed(reader)
        batches = feed.batches.makeAsyncIterator()
    }

    /// The next line, the end of input, or why a script cannot be read on.
    func next() async -> LineReader.Outcome {
        if let line = pending.popFirst() { return .line(line) }
        feed.request()
        var batches = self.batches
        defer { self.batches = batches }
        switch await batches.next(isolation: #isolation) {
        case .lines(let lines)?:
            pending = lines.dropFirst()
            return lines.first.map(LineReader.Outcome.line) ?? .end
        case .failure(let reason)?: return .failure(reason)
        case .end?, nil: return .end
        }
    }

    /// Lets the reading thread end.
    nonisolated func stop() {
        feed.stop()
    }
}
