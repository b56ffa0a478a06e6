import Dispatch
import MiddlewareSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One owner's file in a ``StateFolder``, `<name>.json`, with the file operations that keep it
/// whole: reading, replacing atomically, moving a bad file aside, and a lock other processes share.
///
/// A replacement is written to a temporary file, flushed to the disk (`fsync`), renamed over the
/// old file, and the folder flushed in turn: a process killed at any point leaves either the old
/// file or the new one, never a mix, and a replacement that returned is on the disk.
public struct StateFile: Sendable {
    /// Why a file operation failed, in words for a warning.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed.
        public enum Kind: Sendable {
            /// The file is there but damaged: too large, not the expected JSON. It may be moved aside.
            case damage
            /// The file is there but cannot be read (not a regular file, no permission). It must
            /// never be overwritten.
            case unreadable
            /// The folder cannot be written (read-only, no permission): the lock cannot be made, but
            /// the file may still be read.
            case readOnly
            /// Something else: the folder, the lock, a write.
            case other
        }

        /// What failed, in words for a warning.
        public var description: String
        /// What failed, which decides what may be done with the file.
        public var kind = Kind.other
    }

    /// The largest file read; a larger one is refused as damaged.
    public static let sizeLimit = 8 << 20

    /// The folder the file lives in.
    public let folder: String
    /// The owner's name, e.g. `Notes`; the file is `<name>.json`.
    public let name: String
    /// The longest the lock is waited for while another process holds it.
    public var lockWaitLimit = Duration.seconds(10)

    /// The file `<name>.json` in `folder`.
    public init(folder: String, name: String, lockWaitLimit: Duration = .seconds(10)) {
        self.folder = folder
        self.name = name
        self.lockWaitLimit = lockWaitLimit
    }

    /// The file's path.
    public var path: String { folder + "/" + name + ".json" }
    private var lockPath: String { folder + "/" + name + ".lock" }
    /// One temporary name per file, written only under the lock: a kill leaves at most this one
    /// behind, and the next replacement removes it and makes it afresh.
    private var temporaryPath: String { folder + "/." + name + ".json.tmp" }

    /// Runs `body` holding the file's exclusive lock, which every process that keeps state in the
    /// folder takes before it reads or writes the file; creates the folder if it is missing.
    ///
    /// While another process holds the lock, it is asked for again every 20 ms for at most
    /// ``lockWaitLimit``, then the wait fails; `onWait` is told once, when the wait passes half a
    /// second (two processes changing state at once wait a few milliseconds for each other, which
    /// is not worth a word).
    public func withLock<Result>(
        onWait: () -> Void = {}, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try createFolder()
        // Never through a link, and never waiting on a FIFO someone put there.
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let isReadOnly = [EACCES, EPERM, EROFS].contains(errno)
            throw failure("cannot open", lockPath, kind: isReadOnly ? .readOnly : .other)
        }
        defer { close(descriptor) }
        guard isRegularFile(descriptor) else {
            throw Failure(description: "'\(lockPath.visible)' is not a regular file; remove it")
        }
        try lock(descriptor, onWait: onWait)
        return try body()
    }

    /// Runs `work`, file work that may wait seconds on another process's lock, on a thread of
    /// Dispatch's own: never on the main actor, which takes the user's commands meanwhile, nor on a
    /// thread of the cooperative pool, which a wait would hold from every other task.
    static func blocking<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }

    /// The lock file's path, as a warning names it.
    public var lockDescription: String { "'\(lockPath.visible)'" }

    private func lock(_ descriptor: Int32, onWait: () -> Void) throws(Failure) {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + lockWaitLimit
        var hasSaid = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK:
                if !hasSaid, clock.now - start >= .milliseconds(500) {
                    hasSaid = true
                    onWait()
                }
                guard clock.now < deadline else {
                    throw Failure(
                        description: "another process held \(lockDescription) for \(lockWaitLimit.components.seconds)"
                            + " seconds; gave up waiting")
                }
                usleep(20_000)
            default:
                throw failure("cannot lock", lockPath)
            }
        }
    }

    /// The file's bytes, or `nil` when there is no file yet.
    public func read() throws(Failure) -> [UInt8]? {
        // Non-blocking, so a FIFO in the file's place is refused at once rather than waited on. A
        // symbolic link is refused too: a replacement is a rename, which would put a regular file in
        // the link's place and leave the file it points to behind, so the link is never used at all.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw Self.symbolicLink(path) }
            throw failure("cannot read", path, kind: .unreadable)
        }
        defer { close(descriptor) }
        guard isRegularFile(descriptor) else {
            throw Failure(description: "'\(path.visible)' is not a regular file", kind: .unreadable)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read", path, kind: .unreadable)
            }
            bytes += chunk[..<count]
            guard bytes.count <= Self.sizeLimit else {
                throw Failure(description: "is larger than \(Self.sizeLimit >> 20) MB", kind: .damage)
            }
        }
    }

    /// Replaces the file with `bytes`, atomically and durably (see the type's description).
    public func replace(with bytes: some Collection<UInt8>) throws(Failure) {
        // `[UInt8]` and `Data` are written where they are; anything else is gathered into an array first.
        let replaced = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(Failure) in try replace(with: UnsafeRawBufferPointer(buffer)) }
        }
        guard let replaced else { return try replace(with: Array(bytes)) }
        try replaced.get()
    }

    private func replace(with bytes: UnsafeRawBufferPointer) throws(Failure) {
        guard bytes.count <= Self.sizeLimit else {
            throw Failure(description: "it would be larger than \(Self.sizeLimit >> 20) MB")
        }
        // A temporary file a kill left behind, or anything else in its place (a link, a FIFO), is
        // removed, never written through: the new file is made afresh, and only by this process.
        guard unlink(temporaryPath) == 0 || errno == ENOENT else { throw failure("cannot remove", temporaryPath) }
        let descriptor = open(temporaryPath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure("cannot write", temporaryPath) }
        // A replacement that fails once the temporary file exists removes it (a full disk left an
        // empty one behind); each failure is described before, so the removal cannot change errno.
        var isMovedIn = false
        defer {
            if !isMovedIn { unlink(temporaryPath) }
        }
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if count < 0 {
                guard errno == EINTR else {
                    let failed = failure("cannot write", temporaryPath)
                    close(descriptor)
                    throw failed
                }
            } else {
                written += count
            }
        }
        guard fsync(descriptor) == 0 else {
            let failed = failure("cannot flush", temporaryPath)
            close(descriptor)
            throw failed
        }
        close(descriptor)
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw Self.symbolicLink(path)  // one put there since the file was read
        }
        guard rename(temporaryPath, path) == 0 else { throw failure("cannot replace", path) }
        isMovedIn = true
        try flushFolder()
    }

    /// Renames the file to the first free `<name>.json.damaged`, `<name>.json.damaged-2`, …, so a
    /// fresh file can start while the old one stays for the user to look at; returns the new path.
    public func moveAside() throws(Failure) -> String {
        for attempt in 1...1000 {
            let aside = path + ".damaged" + (attempt == 1 ? "" : "-\(attempt)")
            guard access(aside, F_OK) != 0 else { continue }
            guard rename(path, aside) == 0 else { throw failure("cannot move aside", path) }
            try flushFolder()
            return aside
        }
        throw Failure(description: "cannot move '\(path.visible)' aside: 1000 damaged copies are already there")
    }

    // MARK: Helpers

    /// The file is a symbolic link, which is neither read nor replaced.
    private static func symbolicLink(_ path: String) -> Failure {
        Failure(
            description:
                "'\(path.visible)' is a symbolic link, not a regular file (put the file itself there to use it)",
            kind: .unreadable)
    }

    /// Creates the folder, and any folder above it, readable by the user alone.
    private func createFolder() throws(Failure) {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw Failure(description: "'\(folder.visible)' is not a folder")
            }
            return
        }
        var made: String?
        for part in folder.split(separator: "/") {
            let next = made.map { $0 + "/" + part } ?? (folder.hasPrefix("/") ? "/" + part : String(part))
            if mkdir(next, 0o700) == 0 {
                // The new folder's name is on the disk only once the folder holding it is flushed.
                try flush(made ?? (folder.hasPrefix("/") ? "/" : "."))
            } else if errno != EEXIST {
                let isReadOnly = [EACCES, EPERM, EROFS].contains(errno)
                throw failure("cannot create the folder", next, kind: isReadOnly ? .readOnly : .other)
            }
            made = next
        }
    }

    /// Flushes the file's folder, so a rename in it is on the disk.
    private func flushFolder() throws(Failure) {
        try flush(folder)
    }

    /// Flushes the folder `path`; file systems that cannot flush a folder say so with `EINVAL`, and
    /// have nothing to flush.
    private func flush(_ path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot open", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw failure("cannot flush", path) }
    }

    private func isRegularFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// A failure of `verb` on `path`, with the system's reason.
    private func failure(_ verb: String, _ path: String, kind: Failure.Kind = .other) -> Failure {
        Failure(description: "\(verb) '\(path.visible)': \(Output.reason(errno))", kind: kind)
    }
}

/// `read(2)`, named apart from ``StateFile/read()``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}
