/// Where a component's records come from: the app hands one to each component at launch, the way
/// it hands each its state folder, so a component asks for its documents by name and never knows
/// whether they come from the process itself or from a service (seed 000's layer under each page).
///
/// A source answers one document at a time, as JSON bytes, conditionally: given the validators of
/// the answer the component kept (`If-None-Match`, `If-Modified-Since`), it may say the document has
/// not changed. Whatever goes wrong (no answer, an HTTP error, a body too large or of another type)
/// is thrown as an error whose description is one line a screen can show.
public protocol RecordSource: Sendable {
    /// Where the document named `name` comes from, e.g. `http://127.0.0.1:8080/api/notes.json`: a
    /// kept answer is used only for the address it was fetched from, and faults name it.
    func address(of name: String) -> String
    /// The document named `name` (e.g. `notes`), unless `validators` show the kept one is current.
    func fetch(_ name: String, validators: [String: String]) async throws -> SourceAnswer
}

/// What a ``RecordSource`` answers for a document.
public enum SourceAnswer: Sendable, Equatable {
    /// The document's bytes, and the validators that make the next request for it conditional.
    case document([UInt8], validators: [String: String])
    /// The document has not changed since the answer whose validators were sent.
    case notModified
}

/// A fault of a ``RecordSource``, in one line a screen shows as it is.
public struct SourceFailure: Error, Sendable, CustomStringConvertible {
    /// What went wrong, e.g. `the service at 'http://127.0.0.1:8080/api/notes.json': nothing answers`.
    public var description: String

    /// A fault described by `description`.
    public init(_ description: String) {
        self.description = description
    }
}
