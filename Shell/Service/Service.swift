import Foundation
import MallNavigator
import Middleware
import Support

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The service the components' records come from with `--backend URL`: each component's document
/// is JSON at `<URL>/<name>.json` (`shops.json`), fetched through the app's one bounded fetcher
/// (``Download``), conditionally once an answer is kept.
///
/// Every fault is thrown as one line naming the address: no answer in time, an HTTP error, a
/// redirect the address rule refuses, a body over ``documentLimit`` or not JSON. What the body holds
/// is checked by the component's ``Records``.
struct Service: RecordSource {
    /// The address the documents are under, e.g. `http://127.0.0.1:3001/api`.
    let base: URL
    /// The longest a fetch may take, from the request to the last byte, waiting for the transfer
    /// before it included.
    let timeout: Duration
    private let transfers = Transfers()

    /// The largest document fetched; a larger one is cut off as it arrives.
    static let documentLimit = 1 << 20
    /// The environment variable naming the service when `--backend` is not given.
    static let variable = "MALL_BACKEND"

    /// The service `given` names (`--backend`), else the one `MALL_BACKEND` names, else none: the
    /// embedded records.
    static func named(
        _ given: String?, environment: Environment, timeout: Duration
    ) throws(LaunchFailure) -> Service? {
        let fromEnvironment = environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = given ?? fromEnvironment else { return nil }
        let noun = given == nil ? "\(variable)" : "backend"
        let url = try Address.parse(text, naming: noun, example: "http://127.0.0.1:3001/api")
        return Service(base: url, timeout: timeout)
    }

    private init(base: URL, timeout: Duration) {
        self.base = base
        self.timeout = timeout
    }

    func address(of name: String) -> String {
        base.appendingPathComponent(name + ".json").absoluteString
    }

    func fetch(_ name: String, validators: [String: String]) async throws -> SourceAnswer {
        let url = base.appendingPathComponent(name + ".json")
        let shown = url.absoluteString.visible
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        for (header, value) in validators {
            request.setValue(value, forHTTPHeaderField: header)
        }
        // One transfer at a time: a fetch cut short (a body past the limit, a screen left) may go on
        // arriving inside FoundationNetworking for a while, and fetches that overlapped it would each
        // hold as much again.
        let deadline = ContinuousClock.now + timeout
        let (mine, ended) = AsyncStream.makeStream(of: Void.self)
        let previous = transfers.enqueue(mine)
        guard await transfers.wait(untilEnded: previous, before: deadline) else {
            // This fetch's place in line ends when the one it waited for does.
            Task.detached {
                for await _ in previous ?? AsyncStream(unfolding: { nil }) {}
                ended.finish()
            }
            try Task.checkCancellation()
            throw SourceFailure("cannot fetch '\(shown)': the last answer is still arriving; try again in a moment")
        }
        let (answer, transfer) = await Download.fetch(
            request, limit: Self.documentLimit, timeout: deadline - ContinuousClock.now, naming: "the document")
        Task.detached {
            for await _ in transfer {}
            ended.finish()
        }
        switch answer {
        case .failure(let problem):
            throw SourceFailure("cannot fetch '\(shown)': \(problem)")
        case .success(let (response, body)):
            switch response.statusCode {
            case 304 where !validators.isEmpty: return .notModified
            case 200: break
            default: throw SourceFailure("'\(shown)': the service answered \(response.statusText)")
            }
            if let notJSON = response.notJSON {
                throw SourceFailure("'\(shown)' refused: \(notJSON)")
            }
            return .document([UInt8](body), validators: response.validators)
        }
    }
}

extension Service {
    /// The transfers of one service's fetches, in the order they started, so each starts only once
    /// FoundationNetworking has let go of the one before.
    ///
    /// `@unchecked Sendable`: `last` is read and written only holding `lock`.
    private final class Transfers: @unchecked Sendable {
        private let lock = NSLock()
        /// Ends when the transfer of the latest fetch has ended.
        private var last: AsyncStream<Void>?

        /// Puts a transfer in line, which ends when `next` does; returns the one to wait for.
        func enqueue(_ next: AsyncStream<Void>) -> AsyncStream<Void>? {
            lock.withLock {
                defer { last = next }
                return last
            }
        }

        /// Waits until `transfer` has ended; `false` when `deadline` (or a cancellation) came first.
        func wait(untilEnded transfer: AsyncStream<Void>?, before deadline: ContinuousClock.Instant) async -> Bool {
            guard let transfer else { return true }
            return await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for await _ in transfer {}
                    return !Task.isCancelled
                }
                group.addTask {
                    try? await Task.sleep(until: deadline)
                    return false
                }
                let ended = await group.next() ?? false
                group.cancelAll()
                return ended
            }
        }
    }
}
