import Foundation
import MallNavigator
import Middleware
import MiddlewareSupport

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
        // One transfer at a time: over https://, a fetch cut short (a body past the limit, a screen left)
        // may go on arriving inside FoundationNetworking for a while, and fetches that overlapped it would
        // each hold as much again. Over http://, read by the app itself, a transfer ends with its fetch.
        let deadline = ContinuousClock.now + timeout
        let (mine, ended) = AsyncStream.makeStream(of: Void.self)
        guard let previous = transfers.enqueue(mine) else {
            return try await fetch(request, shown: shown, sentValidators: !validators.isEmpty, until: deadline, ended)
        }
        let wait = Transfers.Wait(for: previous)
        guard await wait.ended(before: deadline) else {
            // This fetch's place in line ends when the transfer it waited for does.
            wait.whenEnded { ended.finish() }
            try Task.checkCancellation()
            throw SourceFailure("cannot fetch '\(shown)': the last answer is still arriving; try again in a moment")
        }
        return try await fetch(request, shown: shown, sentValidators: !validators.isEmpty, until: deadline, ended)
    }

    /// Fetches `request` before `deadline`, then ends `ended` once its transfer has ended.
    private func fetch(
        _ request: URLRequest, shown: String, sentValidators: Bool, until deadline: ContinuousClock.Instant,
        _ ended: AsyncStream<Void>.Continuation
    ) async throws -> SourceAnswer {
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
            case 304 where sentValidators: return .notModified
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

        /// A wait for a transfer to end. The transfer is followed by a task of its own that is never
        /// cancelled: cancelling the iteration of a stream ends the stream, and the transfer behind it
        /// would seem to have ended while it still runs.
        ///
        /// `@unchecked Sendable`: every stored property is read and written holding `lock`.
        final class Wait: @unchecked Sendable {
            private let lock = NSLock()
            private var hasEnded = false
            private var waiter: CheckedContinuation<Bool, Never>?
            private var afterwards: (@Sendable () -> Void)?

            /// Starts following `transfer`.
            init(for transfer: AsyncStream<Void>) {
                Task.detached { [self] in
                    for await _ in transfer {}
                    let (waiter, afterwards) = lock.withLock {
                        hasEnded = true
                        defer { (self.waiter, self.afterwards) = (nil, nil) }
                        return (self.waiter, self.afterwards)
                    }
                    waiter?.resume(returning: true)
                    afterwards?()
                }
            }

            /// Whether the transfer ended before `deadline`.
            func ended(before deadline: ContinuousClock.Instant) async -> Bool {
                await withCheckedContinuation { continuation in
                    let hasEnded = lock.withLock {
                        if !self.hasEnded { waiter = continuation }
                        return self.hasEnded
                    }
                    guard !hasEnded else { return continuation.resume(returning: true) }
                    Task.detached { [self] in
                        try? await Task.sleep(until: deadline)
                        let waiter = lock.withLock {
                            defer { self.waiter = nil }
                            return self.waiter
                        }
                        waiter?.resume(returning: false)
                    }
                }
            }

            /// Runs `body` once the transfer has ended: now, if it has.
            func whenEnded(_ body: @escaping @Sendable () -> Void) {
                let hasEnded = lock.withLock {
                    if !self.hasEnded { afterwards = body }
                    return self.hasEnded
                }
                if hasEnded { body() }
            }
        }
    }
}
