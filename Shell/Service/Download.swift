import Foundation
import MiddlewareSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP fetch, held to a size limit, a total time and the address rule for redirects: over
/// `http://` (this machine only) read by the app itself (``PlainHTTP``), over `https://` through
/// `URLSession`.
///
/// The fetch ends as soon as its outcome is known: a body past the limit, a compressed answer or
/// the deadline end it at once. Over `http://` the transfer ends with it. Over `https://` the app
/// does not wait for FoundationNetworking to wind the transfer down (libcurl may go on receiving,
/// and inflating, bytes for a while); whatever arrives after that is dropped unread, and the
/// transfer's end is reported separately, so the next fetch can wait for it.
///
/// It is `@unchecked Sendable` because every stored property that changes is read and written
/// holding `lock`: the delegate callbacks run on the session's queue, the deadline on another.
final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Answer = Result<(HTTPURLResponse, Data), Failure>

    /// Why a fetch failed, in words for a warning.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// Whether the transfer was cut short: no answer within the timeout, or a body past the limit.
        var isCut = false

        /// The refusal of an answer compressed as `coding` says, shown as the server wrote it: a small
        /// compressed body can expand without bound, so only an uncompressed one is asked for.
        static func compressed(_ coding: String) -> Failure {
            Failure(
                description:
                    "the server sent a compressed answer ('\(coding.visible(atMost: 40))'), which the app does not ask for"
            )
        }
    }

    private let limit: Int
    /// What is fetched, as a failure names it: `the configuration`, `the document`.
    private let noun: String
    private let lock = NSLock()
    private var response: HTTPURLResponse?
    private var body = Data()
    /// Resumed once, by whichever comes first: the end of the transfer, a problem, the deadline.
    private var finish: CheckedContinuation<Answer, Never>?
    /// Finished when URLSession reports the transfer complete, whenever the answer was given.
    private let transferEnded: AsyncStream<Void>.Continuation
    /// Whether the answer was given; nothing is kept after it.
    private var isFinished = false

    private init(limit: Int, noun: String, transferEnded: AsyncStream<Void>.Continuation) {
        self.limit = limit
        self.noun = noun
        self.transferEnded = transferEnded
    }

    /// The most redirects followed, as FoundationNetworking followed; one more, and the server is said
    /// to redirect in a loop.
    static let redirectLimit = 20
    /// The statuses of a redirect, followed when the answer has a `Location`.
    static let redirectStatuses: Set = [301, 302, 303, 307, 308]

    /// The codings a `Content-Encoding` or `Transfer-Encoding` header lists, in lower case without
    /// surrounding spaces, leaving out those that change nothing: `identity` and empty ones.
    static func codings(in header: String) -> [String] {
        header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
    }

    /// Fetches `request`: the answer and its whole body, or why there is none, as soon as it is
    /// known; and a stream that ends when the transfer has ended, which over `https://` may be later.
    ///
    /// Redirects are followed here, whatever their scheme, so each is held to the address rule, all
    /// count towards one limit, and every `http://` hop is read by ``PlainHTTP``.
    ///
    /// - Parameter noun: What is fetched, as a failure names it: `the configuration`.
    static func fetch(
        _ request: URLRequest, limit: Int, timeout: Duration, naming noun: String
    ) async -> (answer: Answer, transfer: AsyncStream<Void>) {
        let deadline = ContinuousClock.now + timeout
        var request = request
        var redirectedTo: URL?
        /// `answer`, a failure naming where the server redirected when it happened there.
        func placed(_ answer: Answer) -> Answer {
            answer.mapError { failure in
                guard let redirectedTo else { return failure }
                let place = " (at '\(redirectedTo.absoluteString.visible)', where the server redirected)"
                return Failure(description: failure.description + place, isCut: failure.isCut)
            }
        }
        var redirects = 0
        while true {
            let (answer, transfer) = await exchange(request, limit: limit, until: deadline, naming: noun)
            guard case .success(let (response, _)) = answer, redirectStatuses.contains(response.statusCode),
                let location = response.value(forHTTPHeaderField: "Location")
            else { return (placed(answer), transfer) }
            guard redirects < redirectLimit else {
                return (placed(.failure(Failure(description: "the server redirects in a loop"))), transfer)
            }
            let next: URL
            do throws(Failure) {
                next = try follow(location, from: response.url ?? request.url)
            } catch {
                return (.failure(error), transfer)
            }
            // The redirect's own transfer ends before the next starts.
            for await _ in transfer {}
            redirects += 1
            (request.url, redirectedTo) = (next, next)
        }
    }

    /// Where a redirect to `location` from `url` leads, or why it is not followed: the header itself
    /// is checked first (resolved, a scheme-relative `//user:password@host/` loses the user and
    /// password a warning should name), then the address made from it.
    private static func follow(_ location: String, from url: URL?) throws(Failure) -> URL {
        if let problem = problem(withLocation: location) {
            throw Failure(description: problem)
        }
        let next = URL(string: location, relativeTo: url)?.absoluteURL
        guard let next, Address.allows(next) else {
            throw Failure(description: refusal(of: next))
        }
        return next
    }

    /// One request and its answer, no redirect followed (a redirect is the answer): over `http://`
    /// read by ``PlainHTTP`` where FoundationNetworking would read it, else through URLSession.
    private static func exchange(
        _ request: URLRequest, limit: Int, until deadline: ContinuousClock.Instant, naming noun: String
    ) async -> (answer: Answer, transfer: AsyncStream<Void>) {
        let (transfer, transferEnded) = AsyncStream.makeStream(of: Void.self)
        #if canImport(Glibc)
            if request.url?.scheme?.lowercased() == "http" {
                let answer = await PlainHTTP.fetch(request, limit: limit, until: deadline, naming: noun)
                // Nothing of the transfer goes on once the fetch has returned.
                transferEnded.finish()
                return (answer, transfer)
            }
        #endif
        let timeout = deadline - ContinuousClock.now
        guard timeout > .zero else {
            transferEnded.finish()
            return (.failure(Failure(description: "no answer in time", isCut: true)), transfer)
        }
        var request = request
        let download = Download(limit: limit, noun: noun, transferEnded: transferEnded)
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        // FoundationNetworking inflates what a server compresses before the delegate sees a byte, so
        // a small compressed body can expand without bound: only an uncompressed one is asked for.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let task = session.dataTask(with: request)
        // The whole fetch, however slowly the bytes come, ends within the timeout.
        let deadline = Task.detached {
            try await Task.sleep(for: timeout)
            download.end(with: .failure(Failure(description: "no answer in time", isCut: true)), stopping: task)
        }
        defer { deadline.cancel() }
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                download.lock.withLock { download.finish = continuation }
                task.resume()
            }
        } onCancel: {
            download.end(with: .failure(Failure(description: "no answer in time", isCut: true)), stopping: task)
        }
        return (answer, transfer)
    }

    /// Gives `answer` unless one was given, and stops `task` if it still runs.
    ///
    /// The task is cancelled from another thread: cancelling waits for FoundationNetworking's own
    /// queue, which may be busy, and the delegate's queue must keep draining meanwhile.
    private func end(with answer: Answer, stopping task: URLSessionTask?) {
        let continuation: CheckedContinuation<Answer, Never>? = lock.withLock {
            guard !isFinished else { return nil }
            isFinished = true
            body = Data()
            defer { finish = nil }
            return finish
        }
        continuation?.resume(returning: answer)
        if let task, task.state == .running || task.state == .suspended {
            DispatchQueue.global().async { task.cancel() }
        }
    }

    /// Ends the fetch with `problem`.
    private func fail(_ problem: String, stopping task: URLSessionTask) {
        end(with: .failure(Failure(description: problem)), stopping: task)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return fail("the answer is not HTTP", stopping: dataTask)
        }
        guard http.expectedContentLength <= Int64(limit) else {
            completionHandler(.cancel)
            return fail("\(noun) is larger than \(limit) bytes", stopping: dataTask)
        }
        // Shown as the server wrote it.
        let coding = http.value(forHTTPHeaderField: "Content-Encoding") ?? "identity"
        guard Self.codings(in: coding).isEmpty else {
            completionHandler(.cancel)
            return end(with: .failure(.compressed(coding)), stopping: dataTask)
        }
        lock.withLock { self.response = http }
        completionHandler(.allow)
    }

    /// A server's own certificate is checked as usual; a server asking for a sign-in gets none, at
    /// once (left unanswered, the request would wait for its timeout).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if !canImport(FoundationNetworking)
            // Only Darwin's URLSession asks about the server's certificate.
            if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
                return completionHandler(.performDefaultHandling, nil)
            }
        #endif
        let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode ?? 401
        completionHandler(.cancelAuthenticationChallenge, nil)
        fail("the server answered \(status) (it asks for a sign-in, which the app does not give)", stopping: task)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let isOverLimit = lock.withLock {
            guard !isFinished else { return false }
            body.append(data)
            return body.count > limit
        }
        if isOverLimit {
            let problem = Failure(description: "\(noun) is larger than \(limit) bytes", isCut: true)
            end(with: .failure(problem), stopping: dataTask)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // ``fetch(_:limit:timeout:naming:)`` follows every redirect itself. Declining one ends the task
        // with the redirect as its answer; cancelling it here as well would make FoundationNetworking trap.
        completionHandler(nil)
        end(with: .success((response, Data())), stopping: nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (response, body) = lock.withLock { (self.response, self.body) }
        let answer: Answer
        if let error {
            let code = (error as? URLError)?.code
            answer = .failure(
                Failure(description: Self.reason(error), isCut: code == .cancelled || code == .timedOut))
        } else if let response {
            answer = .success((response, body))
        } else {
            answer = .failure(Failure(description: "the server sent no answer that could be read"))
        }
        end(with: answer, stopping: nil)
        transferEnded.finish()
    }

    /// Why a redirect's `Location` is not followed before it is resolved, or `nil`: an address in
    /// a scheme other than `http` or `https`, or one with a user or password (FoundationNetworking
    /// drops them from a scheme-relative `//user:password@host/`). A relative one is resolved against
    /// the request and checked like any other address. The address is named without its user or password.
    private static func problem(withLocation location: String) -> String? {
        let scheme = location.prefix { $0.isLetter || $0.isNumber || "+-.".contains($0) }
        let hasScheme =
            location.dropFirst(scheme.count).first == ":" && !scheme.isEmpty && scheme.first?.isLetter == true
        let (shown, hadCredentials) = withoutCredentials(location, schemeLength: hasScheme ? scheme.count + 1 : 0)
        let credentials = hadCredentials ? " with a user or password" : ""
        if hasScheme, !["http", "https"].contains(scheme.lowercased()) || hadCredentials {
            return "the server redirects to '\(shown)'\(credentials), which is not fetched"
        }
        if location.hasPrefix("//"), hadCredentials {
            return "the server redirects to '\(shown)'\(credentials), which is not fetched"
        }
        return nil
    }

    /// `location` as a warning may show it: without the user and password of its authority
    /// (`scheme://user:password@host/…`), cut at 200 characters, invisible characters replaced;
    /// and whether it had a user or password.
    private static func withoutCredentials(
        _ location: String, schemeLength: Int
    ) -> (shown: String, hadCredentials: Bool) {
        var text = Substring(location)
        var hadCredentials = false
        let afterScheme = text.dropFirst(schemeLength)
        if afterScheme.hasPrefix("//") {
            let slashes = afterScheme.startIndex..<afterScheme.index(afterScheme.startIndex, offsetBy: 2)
            let authorityEnd = text[slashes.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
            if let at = text[slashes.upperBound..<authorityEnd].lastIndex(of: "@") {
                text = text[..<slashes.upperBound] + text[text.index(after: at)...]
                hadCredentials = true
            }
        }
        let cut = text.count > 200 ? text.prefix(200) + "…" : text
        return (String(cut).visible, hadCredentials)
    }

    /// Why a redirect to `url` is not followed, naming where it leads without any user or password.
    private static func refusal(of url: URL?) -> String {
        guard let url, let parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return "the server redirects to an address that cannot be read, which is not fetched"
        }
        var shown = parts
        let hadCredentials = parts.user != nil || parts.password != nil
        shown.user = nil
        shown.password = nil
        let address = (shown.string ?? "").visible
        if hadCredentials {
            return "the server redirects to '\(address)' with a user or password, which is not fetched"
        }
        return "the server redirects to '\(address)', which is not fetched"
    }

    /// Why a request failed, in words that stay the same from one fetch to the next (the system's
    /// own text counts milliseconds), so a warning is said once.
    private static func reason(_ error: any Error) -> String {
        switch (error as? URLError)?.code {
        case .cancelled?, .timedOut?: "no answer in time"
        case .cannotConnectToHost?: "nothing answers at that address"
        case .cannotFindHost?, .dnsLookupFailed?: "the host is not found"
        case .networkConnectionLost?: "the connection was lost"
        case .notConnectedToInternet?: "there is no network"
        case .httpTooManyRedirects?: "the server redirects in a loop"
        case .badServerResponse?, .badURL?, .unsupportedURL?, .cannotParseResponse?:
            "the server's answer could not be read (not HTTP, or cut short)"
        case .unknown?: "the connection failed or ended early"
        case .userAuthenticationRequired?, .userCancelledAuthentication?: "the server asks for a sign-in"
        case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?,
            .serverCertificateNotYetValid?, .serverCertificateHasUnknownRoot?:
            "the secure connection failed"
        case let code?: "the request failed (URLError \(code.rawValue))"
        case nil: "the request failed"
        }
    }
}

extension HTTPURLResponse {
    /// The headers that make the next request for the same address conditional on its having
    /// changed (`If-None-Match`, `If-Modified-Since`), from this answer's `ETag` and `Last-Modified`.
    var validators: [String: String] {
        var headers: [String: String] = [:]
        if let tag = value(forHTTPHeaderField: "ETag") {
            headers["If-None-Match"] = tag
        }
        if let modified = value(forHTTPHeaderField: "Last-Modified") {
            headers["If-Modified-Since"] = modified
        }
        return headers
    }

    /// Why the body is not taken for JSON, naming what the server sent, or `nil` when its
    /// `Content-Type` is `application/json` or a `+json` type.
    var notJSON: String? {
        let type = (value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
        let mediaType = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard mediaType != "application/json", !mediaType.hasSuffix("+json") else { return nil }
        let shown = mediaType.isEmpty ? "no content type" : "'\(mediaType.visible)'"
        return "the server sent \(shown), not application/json"
    }

    /// The status as a failure says it: `404 (not found)`.
    var statusText: String {
        "\(statusCode) (\(HTTPURLResponse.localizedString(forStatusCode: statusCode)))"
    }
}
