import Foundation
import Support

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
    /// The component's name, as warnings spell it, e.g. `Shop`.
    public let owner: String
    /// The document's name at the source, e.g. `shops`; the kept file is `<owner>.<name>.json`.
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
        let kept = keptAnswer()
        let answer: SourceAnswer
        do {
            answer = try await source.fetch(name, validators: kept?.validators ?? [:])
        } catch {
            try Task.checkCancellation()
            return try fallBack(to: kept, because: "\(error)")
        }
        try Task.checkCancellation()
        switch answer {
        case .notModified:
            guard let kept else {
                return try fallBack(to: nil, because: "the \(name) source said 'not modified' to a plain request")
            }
            lastLoaded = kept.document
            return Fetched(document: kept.document)
        case .document(let bytes, let validators, let address):
            switch await Self.decoded(bytes) {
            case .failure(let failure):
                return try fallBack(to: kept, because: "the \(name) document at '\(address.visible)' \(failure)")
            case .success(let document):
                try Task.checkCancellation()
                let fresh = Kept(fetched: Date(), validators: validators, document: document)
                keep(fresh)
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

    /// The kept answer, read from its file the first time.
    private func keptAnswer() -> Kept? {
        guard !hasReadKept else { return kept }
        hasReadKept = true
        guard let file else { return nil }
        do throws(StateFile.Failure) {
            let bytes = try file.withLock { () throws(StateFile.Failure) in try file.read() }
            guard let bytes else { return nil }
            switch StrictJSON.decode(Kept.self, from: bytes, format: Self.format) {
            case .success(let found):
                if let problem = found.document.problem ?? found.problem {
                    throw StrictJSON.damage("holds \(problem)")
                }
                kept = found
            case .failure(let failure):
                throw failure
            }
        } catch  where error.kind == .damage {
            let aside = (try? file.withLock { () throws(StateFile.Failure) in try file.moveAside() }) ?? file.path
            warn("\(owner)'s kept \(name) \(error); moved it to '\(aside.visible)'")
        } catch {
            warn("\(owner)'s kept \(name) cannot be read: \(error)")
        }
        return kept
    }

    /// Makes `fresh` the kept answer, in memory and in its file; a file that cannot be written is
    /// said once and not written again this launch.
    private func keep(_ fresh: Kept) {
        kept = fresh
        guard let file, writes else { return }
        do {
            let bytes = try Self.encoded(fresh)
            try file.withLock { () throws(StateFile.Failure) in try file.replace(with: bytes) }
        } catch {
            writes = false
            warn("\(owner)'s \(name) are not kept: \(error); the last answer lasts only until you quit")
        }
    }

    /// The kept file's bytes: sorted keys, so the same answer is always the same file.
    nonisolated private static func encoded(_ kept: Kept) throws(StateFile.Failure) -> [UInt8] {
        try written(kept)
    }

    /// The bytes a service serves for `document`: its `format` beside the document's own keys,
    /// sorted, indented; what the package's shipped documents hold.
    nonisolated public static func served(_ document: Document) throws(StateFile.Failure) -> [UInt8] {
        try written(Served(document: document))
    }

    nonisolated private static func written(_ value: some Encodable) throws(StateFile.Failure) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(value)) + [UInt8(ascii: "\n")]
        } catch {
            throw StateFile.Failure(description: "cannot encode it: \(error)")
        }
    }

    // MARK: The shapes

    private enum Key: String, CodingKey {
        case format, fetched, validators
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
    private struct Kept: Codable {
        var fetched: Date
        var validators: [String: String]
        var document: Document

        init(fetched: Date, validators: [String: String], document: Document) {
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
            validators = try container.decode([String: String].self, forKey: .validators)
            document = try Document(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(Records.format, forKey: .format)
            try container.encode(fetched.formatted(.iso8601), forKey: .fetched)
            try container.encode(validators, forKey: .validators)
            try document.encode(to: encoder)
        }

        /// What makes the validators unfit to send again: a header name other than the two, a
        /// value with control characters or too long.
        var problem: String? {
            if let name = validators.keys.first(where: { !["If-None-Match", "If-Modified-Since"].contains($0) }) {
                return "a validator named '\(name.visible)'"
            }
            return StateCheck.text(validators.values, as: "validator")
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
