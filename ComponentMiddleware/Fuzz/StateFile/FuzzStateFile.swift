import Middleware

/// A state of the shapes the components keep: records with text, counts and a status, text keys
/// with counts, a list of ids, a flag.
private struct Sample: StoredState, Equatable {
    struct Record: Codable, Equatable {
        enum Status: String, Codable {
            case waiting = "Waiting"
            case cancelled = "Cancelled"
        }

        var serialNo: String
        var partiesAhead: Int
        var status: Status
    }

    var records: [Record]
    var counts: [String: Int]
    var ids: [String]
    var isSignedIn: Bool

    var problem: String? {
        StateCheck.text(records.map(\.serialNo) + counts.keys.sorted() + ids, as: "text")
            ?? StateCheck.count(records.map(\.partiesAhead) + Array(counts.values), as: "count")
            ?? StateCheck.duplicate(in: ids, as: "id")
    }
}

/// libFuzzer's entry: a state file's bytes. A file that is accepted holds a value fit to show, and
/// writes back to bytes that are accepted as the same value and write back to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let value) = KeptState<Sample>.decoded(bytes) else { return 0 }
    guard value.problem == nil else { fatalError("accepted a value with a problem: \(value)") }
    guard let written = try? KeptState<Sample>.encoded(value) else { fatalError("cannot write \(value)") }
    guard case .success(let reread) = KeptState<Sample>.decoded(Array(written)), reread == value else {
        fatalError("\(value) wrote \(String(decoding: written, as: UTF8.self)), which reads differently")
    }
    guard (try? KeptState<Sample>.encoded(reread)) == written else { fatalError("\(value) writes two ways") }
    return 0
}
