import Foundation
import MiddlewareSupport

/// A value a component keeps across restarts: it reads and writes itself as JSON, and says what is
/// wrong with a value read from a file that decodes but cannot be shown.
public protocol StoredState: Codable, Equatable, Sendable {
    /// What makes the value impossible (a count below zero, a name with control characters), or
    /// `nil` when it is fit to show.
    var problem: String? { get }
}

/// The folder where the app keeps the user's state across restarts, one file per owner (each
/// component, and the app itself): no owner ever reads another's file.
public struct StateFolder: Sendable {
    /// The folder's path; it is created, readable by the user alone, when a file is first needed.
    public let path: String
    /// Told, in one line, of every problem with a file: unreadable, damaged and moved aside, not saved.
    public let warn: @MainActor @Sendable (String) -> Void
    /// The longest a file's lock is waited for while another process holds it.
    public let lockWaitLimit: Duration

    /// Creates a state folder at `path` that tells `warn` of its problems.
    public init(
        path: String, lockWaitLimit: Duration = .seconds(10), warn: @escaping @MainActor @Sendable (String) -> Void
    ) {
        self.path = path
        self.lockWaitLimit = lockWaitLimit
        self.warn = warn
    }

    /// The file `<name>.json` in the folder.
    public func file(named name: String) -> StateFile {
        StateFile(folder: path, name: name, lockWaitLimit: lockWaitLimit)
    }
}

/// What a screen reads before it shows it: a component's ``KeptState``, or a store that holds one.
@MainActor
public protocol ReadableState: AnyObject {
    /// Whether what the screen shows is what the file holds: the file was read (or can never be,
    /// which was said), or nothing is kept in a file.
    var isRead: Bool { get }
    /// Waits for the changes asked for before it, and reads the file, off the main actor, the first
    /// time; throws what stopped the read when the file cannot be read now, and reads again next time.
    func read() async throws
}

/// One owner's state: in memory only, or kept in its file in a ``StateFolder``.
///
/// The file is read when a screen first needs it (``read()``, in the screen's load), never at launch
/// and never on the main actor: another process may hold its lock for seconds, and the session goes
/// on taking commands meanwhile. Every change (``update(_:)``) is made off the main actor too, under
/// the file's lock, to the value as the file holds it at that moment, then written back before
/// ``update(_:)`` returns: two processes changing the same state at once each keep their changes,
/// and a change reported done is on the disk. Reads and changes reach the file one at a time, in the
/// order they were asked for.
///
/// A file that cannot be read is never overwritten: its owner starts from the sample data and
/// saves nothing until the app quits. A damaged file (not JSON, the wrong shape, a key it does not
/// know or gives twice, an impossible value) is moved aside, never silently dropped, and the owner
/// starts afresh. After a change that cannot be saved, the owner's changes last in memory until
/// the app quits and the file is not written again: making the change again later, to the file as
/// it then stands, could give it another meaning (a booking another number, a cancellation another
/// booking), and writing the memory over the file would lose what another process saved meanwhile.
@MainActor
public final class KeptState<Value: StoredState>: ReadableState {
    /// The owner's name, as warnings spell it.
    public let owner: String
    private let initial: Value
    private let file: StateFile?
    private let warn: @MainActor @Sendable (String) -> Void
    private var loaded: Value?
    /// Whether changes are written; not after the file could not be read, or a change not saved.
    private var writes = true
    /// The last read or change asked for: each starts once the one before it is done.
    private var queue: Task<Void, Never>?

    /// The format files are written in; a file in another is moved aside.
    nonisolated static var format: Int { 1 }

    /// State that starts as `initial` and is kept in `folder`, or only in memory when `folder` is `nil`.
    public init(_ initial: Value, owner: String, keptIn folder: StateFolder?) {
        self.initial = initial
        self.owner = owner
        self.file = folder?.file(named: owner)
        self.warn = folder?.warn ?? { @MainActor @Sendable _ in }
    }

    /// The state as of now: as the file held it when read, with every change made since. Until
    /// ``read()`` has returned it is the state the owner starts from, so a screen that shows it reads
    /// it first, in its load.
    public var value: Value { loaded ?? initial }

    /// Whether ``value`` is what the file holds: the file was read, or can never be (which was
    /// said: it is not a regular file, say), or the state is kept in memory only.
    public var isRead: Bool { file == nil || loaded != nil }

    /// Waits until every change asked for before it is done, and reads the file, off the main actor,
    /// the first time: then ``value`` is what the file holds, with every change made since.
    ///
    /// When the file cannot be read now (another process held its lock past the limit, the folder
    /// cannot be made), this throws what stopped it, with the owner's name, and the state stays unread:
    /// the next read tries again, and nothing shows or reports the sample data as the user's.
    public func read() async throws {
        let failure = await enqueue { [self] () -> StateFile.Failure? in
            guard loaded == nil, let file else { return nil }
            let read = await Self.read(file, owner: owner, fallback: initial, onWait: waitingNotice())
            read.warnings.forEach(warn)
            if !read.writes { writes = false }
            loaded = read.value
            return read.failure
        }.value
        if let failure { throw failure }
    }

    /// Changes the state and returns what `change` returns; when the state is kept in a file, the
    /// change is made to the file's value under its lock, off the main actor, and written before
    /// this returns, or a warning says why it was not.
    @discardableResult
    public func update<Result: Sendable>(_ change: @escaping @Sendable (inout Value) -> Result) async -> Result {
        await startUpdate(change).value
    }

    /// Asks for a change now, in order with every other, and returns its work to wait for, if the
    /// caller can: for code that cannot wait, such as a page that reports something as it leaves.
    /// A screen that reads the state afterwards (``read()``) sees the change.
    @discardableResult
    public func startUpdate<Result: Sendable>(
        _ change: @escaping @Sendable (inout Value) -> Result
    ) -> Task<Result, Never> {
        enqueue(isChange: true) { [self] in
            guard let file, writes else { return changeInMemory(change) }
            let outcome = await Self.change(file, owner: owner, fallback: initial, onWait: waitingNotice(), change)
            outcome.warnings.forEach(warn)
            switch outcome.result {
            case .success(let changed):
                loaded = changed.value
                return changed.result
            case .failure(let error):
                writes = false
                // A file read under the lock before the write failed is the user's value to change.
                if loaded == nil, let read = outcome.read { loaded = read }
                warn(
                    "\(owner)'s change is not saved: \(error); from now on \(owner)'s changes last only until you"
                        + " quit, and the file stays as it is")
                return changeInMemory(change)
            }
        }
    }

    /// Starts `work` once every read and change asked for before it is done; ``KeptStateWork``
    /// counts it until it ends.
    private func enqueue<T: Sendable>(
        isChange: Bool = false, _ work: @escaping @MainActor () async -> T
    ) -> Task<T, Never> {
        let previous = queue
        KeptStateWork.started(isChange: isChange)
        let task = Task { @MainActor in
            await previous?.value
            defer { KeptStateWork.ended(isChange: isChange) }
            return await work()
        }
        queue = Task { _ = await task.value }
        return task
    }

    /// What the file work says, from the thread it runs on, as soon as another process's lock makes
    /// it wait.
    private func waitingNotice() -> @Sendable () -> Void {
        guard let file else { return {} }
        let text =
            "\(owner)'s saved state is locked by another process (\(file.lockDescription)); waiting up to"
            + " \(file.lockWaitLimit.components.seconds) seconds"
        return { [warn] in Task { @MainActor in warn(text) } }
    }

    /// Makes `change` in memory only. A state kept in a file and never read has no value of the
    /// user's to change: the change is made to a copy of the sample data for its result, and the
    /// state stays unread, so the sample data never becomes the user's.
    private func changeInMemory<Result>(_ change: (inout Value) -> Result) -> Result {
        var current = value
        let result = change(&current)
        if isRead { loaded = current }
        return result
    }

    // MARK: The file work, off the main actor

    /// What a read of the file gave: the value to show (`nil` when the file cannot be read now, and
    /// `failure` says why), whether changes may be written, and what to say.
    private struct Read: Sendable {
        var value: Value?
        var writes = true
        var warnings: [String] = []
        var failure: StateFile.Failure?
    }

    /// The file's value, read under its lock (see ``read()``).
    nonisolated private static func read(
        _ file: StateFile, owner: String, fallback initial: Value, onWait: @escaping @Sendable () -> Void
    ) async -> Read {
        await StateFile.blocking {
            var warnings: [String] = []
            do throws(StateFile.Failure) {
                let value = try file.withLock(onWait: onWait) { () throws(StateFile.Failure) in
                    try latest(in: file, owner: owner, otherwise: initial, warnings: &warnings)
                }
                return Read(value: value, warnings: warnings)
            } catch  where error.kind == .readOnly {
                // A folder that cannot be written can still be read: a replacement is a rename, so the
                // file is whole without the lock. Saving is what fails, said once.
                warnings.append("\(owner)'s changes cannot be saved: \(error); they last only until you quit")
                do throws(StateFile.Failure) {
                    let value = try latest(
                        in: file, owner: owner, otherwise: initial, warnings: &warnings, movingAside: false)
                    return Read(value: value, writes: false, warnings: warnings)
                } catch {
                    warnings.append("\(owner)'s saved state cannot be read: \(error); the sample data is shown")
                    return Read(value: initial, writes: false, warnings: warnings)
                }
            } catch  where error.kind == .unreadable {
                warnings.append(
                    "\(owner)'s saved state is not used: \(error); it starts from the sample data and saves nothing"
                        + " until you quit, so the file stays as it is")
                return Read(value: initial, writes: false, warnings: warnings)
            } catch {
                let failure = StateFile.Failure(description: "\(owner)'s saved state cannot be read now: \(error)")
                return Read(value: nil, warnings: warnings, failure: failure)
            }
        }
    }

    /// What a change made to the file gave: the value and what `change` returned, or why it was not
    /// saved; and what to say.
    private struct Change<Result: Sendable>: Sendable {
        var result: Swift.Result<(value: Value, result: Result), StateFile.Failure>
        var warnings: [String]
        /// What the file held, when it was read before the change failed.
        var read: Value?
    }

    /// Makes `change` to the file's value under its lock and writes the result back (see ``update(_:)``).
    nonisolated private static func change<Result: Sendable>(
        _ file: StateFile, owner: String, fallback initial: Value, onWait: @escaping @Sendable () -> Void,
        _ change: @escaping @Sendable (inout Value) -> Result
    ) async -> Change<Result> {
        await StateFile.blocking {
            var warnings: [String] = []
            var read: Value?
            do throws(StateFile.Failure) {
                let changed = try file.withLock(onWait: onWait) { () throws(StateFile.Failure) in
                    var current = try latest(in: file, owner: owner, otherwise: initial, warnings: &warnings)
                    read = current
                    let before = current
                    let result = change(&current)
                    // A change that changes nothing (a favourite added twice) writes nothing.
                    if current != before {
                        try file.replace(with: encoded(current))
                    }
                    return (value: current, result: result)
                }
                return Change(result: .success(changed), warnings: warnings)
            } catch {
                return Change(result: .failure(error), warnings: warnings, read: read)
            }
        }
    }

    /// The value the file holds; `otherwise` when there is no file, or when the file is damaged
    /// (then it is moved aside, said in `warnings`). Called holding the file's lock.
    ///
    /// - Parameter movingAside: Whether a damaged file is moved aside; not in a folder that cannot be
    ///   written, where it stays as it is.
    nonisolated private static func latest(
        in file: StateFile, owner: String, otherwise fallback: Value, warnings: inout [String],
        movingAside: Bool = true
    ) throws(StateFile.Failure) -> Value {
        let damage: String
        do {
            guard let bytes = try file.read() else { return fallback }
            switch decoded(bytes) {
            case .success(let value): return value
            case .failure(let problem): damage = problem.description
            }
        } catch  where error.kind == .damage {
            damage = error.description
        }
        guard movingAside else {
            warnings.append("\(owner)'s saved state \(damage); the sample data is shown and the file stays as it is")
            return fallback
        }
        let aside = try file.moveAside()
        warnings.append("\(owner)'s saved state \(damage); moved it to '\(aside.visible)' and started afresh")
        return fallback
    }

    // MARK: The file's shape

    /// What the file holds: the format, then the state.
    private struct Envelope: Codable {
        var format: Int
        var state: Value
    }

    /// The file's bytes for `value`: sorted keys, so the same state is always the same file; laid out
    /// one value a line where that fits within ``StateFile/sizeLimit``, else compact, so a state read
    /// from a file (compact, up to the limit) can always be written back.
    nonisolated public static func encoded(_ value: Value) throws(StateFile.Failure) -> Data {
        try StrictJSON.encode(Envelope(format: format, state: value))
    }

    /// The value in a file's bytes, or what is wrong with them: text that is not UTF-8 or not
    /// JSON, a key given twice or unknown, a value of the wrong type, an impossible value.
    nonisolated public static func decoded(_ bytes: [UInt8]) -> Swift.Result<Value, StateFile.Failure> {
        StrictJSON.decode(Envelope.self, from: bytes, format: format).flatMap { envelope in
            envelope.state.problem.map { .failure(StrictJSON.damage("holds \($0)")) } ?? .success(envelope.state)
        }
    }
}

/// The reads and changes of every ``KeptState`` still running: a program that ends when its input
/// does waits for them, so what it was asked to save is saved, and one that quits at once can say
/// that something may not be.
@MainActor
public enum KeptStateWork {
    private static var running = 0
    private static var changing = 0
    private static var waiting: [CheckedContinuation<Void, Never>] = []

    /// Whether a read or a change of some kept state is still running.
    public static var isRunning: Bool { running > 0 }

    /// Whether a change of some kept state is still running: asked for and not yet saved, or not yet
    /// found unsavable.
    public static var isChanging: Bool { changing > 0 }

    /// Returns once no read or change of any kept state runs.
    public static func waitUntilDone() async {
        guard running > 0 else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    static func started(isChange: Bool) {
        running += 1
        if isChange { changing += 1 }
    }

    static func ended(isChange: Bool) {
        running -= 1
        if isChange { changing -= 1 }
        guard running == 0 else { return }
        let done = waiting
        waiting = []
        for continuation in done {
            continuation.resume()
        }
    }
}
