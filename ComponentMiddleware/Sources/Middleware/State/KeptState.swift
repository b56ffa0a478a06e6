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

/// One owner's state: in memory only, or kept in its file in a ``StateFolder``.
///
/// The file is read when the value is first needed, not at launch. Every change is made under the
/// file's lock to the value as the file holds it at that moment, then written back before
/// ``update(_:)`` returns: two processes changing the same state at once each keep their changes,
/// and a change reported done is on the disk.
///
/// A file that cannot be read is never overwritten: its owner starts from the sample data and
/// saves nothing until the app quits. A damaged file (not JSON, the wrong shape, a key it does not
/// know or gives twice, an impossible value) is moved aside, never silently dropped, and the owner
/// starts afresh. After a change that cannot be saved, the owner's changes last in memory until
/// the app quits and the file is not written again: making the change again later, to the file as
/// it then stands, could give it another meaning (a booking another number, a cancellation another
/// booking), and writing the memory over the file would lose what another process saved meanwhile.
@MainActor
public final class KeptState<Value: StoredState> {
    /// The owner's name, as warnings spell it.
    public let owner: String
    private let initial: Value
    private let file: StateFile?
    private let warn: @MainActor @Sendable (String) -> Void
    private var loaded: Value?
    /// Whether changes are written; not after the file could not be read, or a change not saved.
    private var writes = true

    /// The format files are written in; a file in another is moved aside.
    nonisolated static var format: Int { 1 }

    /// State that starts as `initial` and is kept in `folder`, or only in memory when `folder` is `nil`.
    public init(_ initial: Value, owner: String, keptIn folder: StateFolder?) {
        self.initial = initial
        self.owner = owner
        self.file = folder?.file(named: owner)
        self.warn = folder?.warn ?? { @MainActor @Sendable _ in }
    }

    /// The state as of now: as the file held it when first asked for, with every change made since.
    public var value: Value {
        if let loaded { return loaded }
        let value = load()
        loaded = value
        return value
    }

    /// Changes the state and returns what `change` returns; when the state is kept in a file, the
    /// change is written before this returns, or a warning says why it was not.
    @discardableResult
    public func update<Result>(_ change: (inout Value) -> Result) -> Result {
        guard let file, writes else { return changeInMemory(change) }
        var result: Result?
        do {
            try file.withLock(onWait: sayWaiting) { () throws(StateFile.Failure) in
                var current = try latest(in: file, otherwise: initial)
                let before = current
                result = change(&current)
                loaded = current
                // A change that changes nothing (a favourite added twice) writes nothing.
                guard current != before else { return }
                try file.replace(with: Self.encoded(current))
            }
        } catch {
            writes = false
            warn(
                "\(owner)'s change is not saved: \(error); from now on \(owner)'s changes last only until you quit,"
                    + " and the file stays as it is")
        }
        return result ?? changeInMemory(change)
    }

    /// Says, as soon as it happens, that another process holds the file's lock and this one waits.
    private func sayWaiting() {
        guard let file else { return }
        warn(
            "\(owner)'s saved state is locked by another process (\(file.lockDescription)); waiting up to"
                + " \(file.lockWaitLimit.components.seconds) seconds")
    }

    private func changeInMemory<Result>(_ change: (inout Value) -> Result) -> Result {
        var current = value
        let result = change(&current)
        loaded = current
        return result
    }

    // MARK: Reading the file

    /// The file's value, read under the lock. When the file cannot be read now (the folder or the
    /// lock is out of reach), the sample data is shown, and the next change reads the file again
    /// before it changes it.
    private func load() -> Value {
        guard let file else { return initial }
        do {
            return try file.withLock(onWait: sayWaiting) { () throws(StateFile.Failure) in
                try latest(in: file, otherwise: initial)
            }
        } catch  where error.kind == .readOnly {
            // A folder that cannot be written can still be read: a replacement is a rename, so the
            // file is whole without the lock. Saving is what fails, said once.
            writes = false
            warn("\(owner)'s changes cannot be saved: \(error); they last only until you quit")
            do {
                return try latest(in: file, otherwise: initial, movingAside: false)
            } catch {
                warn("\(owner)'s saved state cannot be read: \(error); the sample data is shown")
                return initial
            }
        } catch  where error.kind == .unreadable {
            writes = false
            warn(
                "\(owner)'s saved state is not used: \(error); it starts from the sample data and saves nothing"
                    + " until you quit, so the file stays as it is")
            return initial
        } catch {
            warn(
                "\(owner)'s saved state cannot be read now: \(error); the sample data is shown until a change"
                    + " reads it")
            return initial
        }
    }

    /// The value the file holds; `otherwise` when there is no file, or when the file is damaged
    /// (then it is moved aside, with a warning). Called holding the file's lock.
    ///
    /// - Parameter movingAside: Whether a damaged file is moved aside; not in a folder that cannot be
    ///   written, where it stays as it is.
    private func latest(
        in file: StateFile, otherwise fallback: Value, movingAside: Bool = true
    ) throws(StateFile.Failure) -> Value {
        let damage: String
        do {
            guard let bytes = try file.read() else { return fallback }
            switch Self.decoded(bytes) {
            case .success(let value): return value
            case .failure(let problem): damage = problem.description
            }
        } catch  where error.kind == .damage {
            damage = error.description
        }
        guard movingAside else {
            warn("\(owner)'s saved state \(damage); the sample data is shown and the file stays as it is")
            return fallback
        }
        let aside = try file.moveAside()
        warn(
            "\(owner)'s saved state \(damage); moved it to '\(aside.visible)' and started afresh")
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
