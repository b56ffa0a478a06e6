import Foundation
import MiddlewareSupport

/// A component's records, read through the ``RecordSource`` the app hands it, with the last good
/// answer kept in the component's state folder (seed 000: a page shows what the service says, and
/// what was kept when the service cannot say).
///
/// Without a source the component's embedded records are the answer, at once, and nothing is kept.
/// With one, each ``load()`` asks it, conditionally once an answer is kept:
/// - a new document that passes every check a state file passes (strict JSON, the right shape, no
///   key it does not know, no impossible value) replaces the kept one, on disk too, atomically;
/// - an unchanged one (`304`) is the kept one;
/// - any fault (no answer, an error, a document refused) shows the kept answer marked with when it
///   was fetched and what failed, or, with nothing kept, fails the load with that one line.
///
/// A refused document is never kept, and a damaged kept file is moved aside with a warning.
@MainActor
public final class Records<Document: StoredState> {
    /// The component's name, as warnings spell it, e.g. `Notes`.
    public let owner: String
    /// The document's name at the source, e.g. `notes`; the kept file is `<owner>.<name>.json`.
    public let name: String
    private let embedded: Document
    private var source: (any RecordSource)?
    private var file: StateFile?
    private var warn: @MainActor @Sendable (String) -> Void = { _ in }
    /// The last good answer: read from the kept file when first needed, then each one fetched.
    private var kept: Kept?
    private var hasReadKept = false
    /// Whether the kept file is written: not after a write failed, until the next launch.
    private var writes = true

    /// The document the last load gave, for what a screen shows before its own load is done (its
    /// title, the page as it was); the embedded records at once when there is no source.
    public var latest: Document? { source == nil ? embedded : lastLoaded }
    private var lastLoaded: Document?

    /// The format documents and kept files are in.
    nonisolated public static var format: Int { 1 }

    /// Records answered by `embedded` until ``read(from:keptIn:)`` hands them a source.
    public init(_ embedded: Document, name: String, owner: String) {
        self.embedded = embedded
        self.name = name
        self.owner = owner
    }

    /// Reads the records from `source` from now on, keeping the last good answer in `folder`;
    /// a `nil` source answers with the embedded records and keeps nothing.
    public func read(from source: (any RecordSource)?, keptIn folder: StateFolder?) {
        self.source = source
        file = source == nil ? nil : folder?.file(named: "\(owner).\(name)")
        warn = folder?.warn ?? { @MainActor @Sendable _ in }
        kept = nil
        hasReadKept = false
        writes = true
        lastLoaded = nil
    }

    /// The records as of now: what the source answers, or the kept answer when it cannot (see the
    /// type's description).
    public func load() async throws -> Fetched<Document> {
        guard let source else {
            return Fetched(document: embedded)
        }
        let address = source.address(of: name)
        // An answer kept from another address (the app pointed at another service) is not this one's.
        let kept = await keptAnswer().flatMap { $0.address == address ? $0 : nil }
        let answer: SourceAnswer
        do {
            answer = try await source.fetch(name, validators: kept?.validators ?? [:])
        } catch {
            try Task.checkCancellation()
            return try fallBack(to: kept, because: "\(error)")
        }
        try Task.checkCancellation()
        // Consumed, so the document's bytes are freed once decoded rather than held while it is kept.
        switch consume answer {
        case .notModified:
            guard var kept else {
                return try fallBack(to: nil, because: "the \(name) source said 'not modified' to a plain request")
            }
            // Confirmed current now: a later fault shows it as of this time.
            kept.fetched = Date()
            await keep(kept)
            lastLoaded = kept.document
            return Fetched(document: kept.document)
        case .document(let bytes, let validators):
            switch await Self.decoded(consume bytes) {
            case .failure(let failure):
                return try fallBack(to: kept, because: "the \(name) document at '\(address.visible)' \(failure)")
            case .success(let document):
                try Task.checkCancellation()
                await keep(
                    Kept(address: address, fetched: Date(), validators: Kept.fit(validators), document: document))
                lastLoaded = document
                return Fetched(document: document)
            }
        }
    }

    /// The kept answer marked with `problem`, or, with none kept, a failure saying `problem`.
    private func fallBack(to kept: Kept?, because problem: String) throws -> Fetched<Document> {
        guard let kept else { throw SourceFailure(problem) }
        lastLoaded = kept.document
        return Fetched(document: kept.document, stale: Fetched.Stale(fetched: kept.fetched, problem: problem))
    }

    /// The document in a source's bytes, or what is wrong with it; decoded off the main actor.
    nonisolated private static func decoded(_ bytes: [UInt8]) async -> Result<Document, StateFile.Failure> {
        StrictJSON.decode(Served.self, from: bytes, format: format).flatMap { served in
            served.document.problem.map { .failure(StrictJSON.damage("holds \($0)")) } ?? .success(served.document)
        }
    }

    // MARK: The kept answer

    // The kept file is read and written off the main actor, on a thread of Dispatch's
    // (``StateFile/blocking(_:)``): another process may hold its lock for seconds, and the session
    // must go on taking commands meanwhile (the load's time limit still bounds the screen).

    /// The kept answer, read from its file the first time.
    private func keptAnswer() async -> Kept? {
        guard !hasReadKept else { return kept }
        hasReadKept = true
        guard let file else { return nil }
        let (found, warning) = await Self.read(file, owner: owner, name: name)
        if let warning { warn(warning) }
        if kept == nil { kept = found }
        return kept
    }

    /// The answer `file` keeps, or the warning that says why there is none to use; a damaged file is
    /// moved aside. In a folder that cannot be written the file is read without its lock, as a state
    /// file is (a replacement is a rename, so the file is whole without it), and a damaged one stays.
    nonisolated private static func read(
        _ file: StateFile, owner: String, name: String
    ) async -> (Kept?, warning: String?) {
        await StateFile.blocking { readNow(file, owner: owner, name: name) }
    }

    /// ``read(_:owner:name:)``'s work, on the thread it runs on.
    nonisolated private static func readNow(
        _ file: StateFile, owner: String, name: String
    ) -> (Kept?, warning: String?) {
        let kept = "\(owner)'s kept \(name) file"
        do throws(StateFile.Failure) {
            let bytes = try file.withLock { () throws(StateFile.Failure) in try file.read() }
            return (try bytes.map(Self.kept), nil)
        } catch  where error.kind == .damage {
            let aside = (try? file.withLock { () throws(StateFile.Failure) in try file.moveAside() }) ?? file.path
            return (nil, "\(kept) \(error); moved it to '\(aside.visible)'")
        } catch  where error.kind == .readOnly {
            do throws(StateFile.Failure) {
                return (try file.read().map(Self.kept), nil)
            } catch  where error.kind == .damage {
                return (nil, "\(kept) \(error); it is not used, and stays as it is in a folder that cannot be written")
            } catch {
                return (nil, "\(kept) cannot be read: \(error)")
            }
        } catch {
            return (nil, "\(kept) cannot be read: \(error)")
        }
    }

    /// The kept answer in a kept file's bytes, or the damage that makes it unfit.
    nonisolated private static func kept(in bytes: [UInt8]) throws(StateFile.Failure) -> Kept {
        let found = try StrictJSON.decode(Kept.self, from: bytes, format: format).get()
        if let problem = found.document.problem ?? found.problem {
            throw StrictJSON.damage("holds \(problem)")
        }
        return found
    }

    /// Makes `fresh` the kept answer, in memory and in its file; a file that cannot be written is
    /// said once and not written again this launch.
    private func keep(_ fresh: Kept) async {
        kept = fresh
        guard let file, writes else { return }
        if let failure = await Self.write(fresh, to: file) {
            writes = false
            warn("\(owner)'s \(name) are not kept: \(failure); the last answer lasts only until you quit")
        }
    }

    /// Writes `kept` to `file`, under its lock; what failed, or `nil`.
    nonisolated private static func write(_ kept: Kept, to file: StateFile) async -> StateFile.Failure? {
        await StateFile.blocking {
            do throws(StateFile.Failure) {
                let bytes = try encoded(kept)
                try file.withLock { () throws(StateFile.Failure) in try file.replace(with: bytes) }
                return nil
            } catch {
                return error
            }
        }
    }

    /// The kept file's bytes, as ``StrictJSON/encode(_:compact:)`` writes a state file, compact: a copy
    /// of what a service sent is read by the app, not a person, and compact it is about half the size,
    /// so writing and reading it back costs less memory and time.
    nonisolated private static func encoded(_ kept: Kept) throws(StateFile.Failure) -> Data {
        try StrictJSON.encode(kept, compact: true)
    }

    /// The bytes a service serves for `document`: its `format` beside the document's own keys,
    /// sorted, indented; what the package's shipped documents hold.
    nonisolated public static func served(_ document: Document) throws(StateFile.Failure) -> Data {
        try StrictJSON.encode(Served(document: document))
    }

    // MARK: The shapes

    private enum Key: String, CodingKey {
        case format, address, fetched, validators
    }

    /// A document as a source serves it: `format`, beside the document's own keys.
    private struct Served: Codable {
        var document: Document

        init(document: Document) {
            self.document = document
        }

        init(from decoder: any Decoder) throws {
            document = try Document(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Records.format, forKey: .format)
            try document.encode(to: encoder)
        }
    }

    /// The kept answer as its file holds it: `format`, when it was fetched, its validators, beside the
    /// document's own keys.
    private struct Kept: Codable, Sendable {
        /// Where it was fetched from: the source's address of the document.
        var address: String
        var fetched: Date
        var validators: [String: String]
        var document: Document

        init(address: String, fetched: Date, validators: [String: String], document: Document) {
            self.address = address
            self.fetched = fetched
            self.validators = validators
            self.document = document
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            let text = try container.decode(String.self, forKey: .fetched)
            guard let fetched = try? Date.ISO8601FormatStyle().parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .fetched, in: container, debugDescription: "not an ISO 8601 time")
            }
            self.fetched = fetched
            address = try container.decode(String.self, forKey: .address)
            validators = try container.decode([String: String].self, forKey: .validators)
            document = try Document(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Records.format, forKey: .format)
            try container.encode(address, forKey: .address)
            try container.encode(fetched.formatted(.iso8601), forKey: .fetched)
            try container.encode(validators, forKey: .validators)
            try document.encode(to: encoder)
        }

        /// What makes the kept answer unfit: an address or validators that are not text a request
        /// may carry (a header name other than the two, a value with control characters or too long).
        var problem: String? {
            if let name = validators.keys.first(where: { !Self.validatorNames.contains($0) }) {
                return "a validator named '\(name.visible)'"
            }
            return StateCheck.text([address], as: "address") ?? StateCheck.text(validators.values, as: "validator")
        }

        private static var validatorNames: Set<String> { ["If-None-Match", "If-Modified-Since"] }

        /// The validators a server gave that may be sent back: those that would pass ``problem``.
        /// An unfit one (`ETag` with control characters, or 10 KB long) is dropped: the next request
        /// for the document is then not conditional on it.
        static func fit(_ validators: [String: String]) -> [String: String] {
            validators.filter { validatorNames.contains($0.key) && StateCheck.text([$0.value], as: "") == nil }
        }
    }
}

/// A component's records as a load gives them: the document, and, when the source could not
/// answer and a kept answer stands in, when that one was fetched and what failed.
public struct Fetched<Document: Sendable>: Sendable {
    /// The document shown.
    public var document: Document
    /// Set when the document is a kept answer standing in for one the source could not give.
    public var stale: Stale?

    /// A kept answer standing in: when it was fetched, and what failed now.
    public struct Stale: Sendable {
        /// When the kept answer was fetched.
        public var fetched: Date
        /// What failed, in one line.
        public var problem: String

        /// One line for a screen: `Kept from 2026-11-26 15:02 (not current): <problem>`.
        public var note: String {
            let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: fetched)
            func two(_ value: Int?) -> String { String(String((value ?? 0) + 100).dropFirst()) }
            let time =
                "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
            return "Kept from \(time), not current: \(problem)"
        }
    }

    /// A fresh document, or a kept one when `stale` says so.
    public init(document: Document, stale: Stale? = nil) {
        self.document = document
        self.stale = stale
    }
}
