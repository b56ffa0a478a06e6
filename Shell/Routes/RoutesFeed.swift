import Foundation
import MallNavigator
import Middleware
import Support

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A routes configuration a server pushes: fetched over HTTP when the app starts, then again every
/// few seconds while it runs, so a route downgraded on the server opens as a web page at the next
/// navigation, without a restart.
///
/// Navigation never waits for the network: it reads the last good configuration, which a fetch
/// replaces only once a new one has arrived whole and passed every check a file passes. A fetch
/// that fails (no server, a timeout, an HTTP error, a body that is not JSON, too large or refused by
/// the checks) changes nothing and leaves one warning, said once until the problem changes.
/// Requests are conditional (`If-None-Match`, `If-Modified-Since`), so an unchanged configuration
/// costs the server a `304 Not Modified`.
///
/// It is `@unchecked Sendable` because every stored property that changes is read and written
/// holding `lock`; the fetches run off the main thread while the session reads its input.
final class RoutesFeed: @unchecked Sendable {
    /// The address fetched.
    let url: URL
    /// The time between the end of one fetch and the start of the next.
    let interval: Duration
    /// The longest a fetch may take, from the request to the last byte.
    let timeout: Duration
    private let routes: [(pattern: String, parameters: [String])]
    private let lock = NSLock()
    private var latest = RouteConfiguration()
    /// The conditional-request headers the last answer allows.
    private var validators: [String: String] = [:]
    private var lastProblem: String?
    private var warnings: [Warning] = []
    /// Where warnings go as they happen, once the session runs; until then they are kept.
    private var deliver: (@Sendable (Warning) -> Void)?
    /// Whether a configuration arrived and applies.
    private var hasConfiguration = false
    /// Whether the last fetch was cut short: no answer in time, or a body past the limit.
    private var lastWasCut = false
    /// Ends when URLSession has let go of the last fetch's transfer, which may go on after its
    /// answer is known (a body past the limit): the next fetch starts only then, so transfers never
    /// overlap.
    private var lastTransfer: AsyncStream<Void>?

    /// What a fetch that changed nothing has to say.
    struct Warning: Sendable, Equatable {
        /// Whether the configuration could not be had, or was had and refused.
        enum Kind: String, Sendable {
            case unavailable = "routes-config-unavailable"
            case refused = "routes-config-refused"
        }

        var kind: Kind
        /// What went wrong, e.g. `cannot fetch routes config 'https://…': no answer in time`.
        var subject: String
        /// What it means for the session: the last good configuration stays, or, before there is
        /// one, every route opens natively.
        var consequence: String

        /// The warning, one line, without `warning: `.
        var message: String { subject + "; " + consequence }

        /// The warning as a session's notice, for standard error and the analytics file.
        var notice: Notice { Notice(kind: kind.rawValue, detail: message) }
    }

    /// The least time between fetches after one that was cut short: while a request waits, or
    /// while a body past the limit is still arriving, FoundationNetworking on Linux keeps a thread
    /// busy, so a server that does not answer, or sends without end, is asked again at most this often.
    static let pauseAfterCut = Duration.seconds(30)

    /// The default time between fetches.
    static let defaultInterval = Duration.seconds(30)

    /// Creates a feed for `url`, checked against `routes` as a file would be; nothing is fetched yet.
    init(
        url: URL, routes: [(pattern: String, parameters: [String])], interval: Duration = defaultInterval,
        timeout: Duration = .seconds(5)
    ) {
        self.url = url
        self.routes = routes
        self.interval = interval
        self.timeout = timeout
    }

    /// The last good configuration; none downgrades nothing, until the first fetch succeeds.
    var configuration: RouteConfiguration { lock.withLock { latest } }

    /// The warnings fetches left since the last call, oldest first.
    ///
    /// - Parameter deliver: Where later warnings go, as they happen, instead of being kept.
    func takeWarnings(thenSendingTo deliver: (@Sendable (Warning) -> Void)? = nil) -> [Warning] {
        lock.withLock {
            defer { warnings = [] }
            if let deliver { self.deliver = deliver }
            return warnings
        }
    }

    /// Fetches every ``interval`` until the task is cancelled.
    func poll() -> Task<Void, Never> {
        Task.detached { [self] in
            while !Task.isCancelled {
                let (wasCut, transfer) = lock.withLock { (lastWasCut, lastTransfer) }
                for await _ in transfer ?? AsyncStream(unfolding: { nil }) {}
                try? await Task.sleep(for: wasCut ? max(interval, Self.pauseAfterCut) : interval)
                guard !Task.isCancelled else { return }
                await refresh()
            }
        }
    }

    /// Fetches the configuration once and applies it if it is new and good; otherwise notes why not.
    func refresh() async {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        let sent = lock.withLock { validators }
        for (header, value) in sent {
            request.setValue(value, forHTTPHeaderField: header)
        }
        let (answer, transfer) = await Download.fetch(request, limit: RouteConfiguration.maximumSize, timeout: timeout)
        lock.withLock {
            lastTransfer = transfer
            if case .failure(let failure) = answer { lastWasCut = failure.isCut } else { lastWasCut = false }
        }
        switch answer {
        case .failure(let problem):
            report(.unavailable, "cannot fetch routes config '\(url.absoluteString.visible)': \(problem)")
        case .success(let (response, body)):
            accept(response, body, wasConditional: !sent.isEmpty)
        }
    }

    private func accept(_ response: HTTPURLResponse, _ body: Data, wasConditional: Bool) {
        let source = url.absoluteString.visible
        switch response.statusCode {
        case 304 where wasConditional:
            return clearProblem()
        case 200:
            break
        default:
            let reason = HTTPURLResponse.localizedString(forStatusCode: response.statusCode)
            return report(
                .unavailable, "routes config '\(source)': the server answered \(response.statusCode) (\(reason))")
        }
        let validators = Self.validators(of: response)
        let type = (response.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
        let mediaType = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        // The validators are not kept here: the file may be sound and its header fixed later.
        guard mediaType == "application/json" || mediaType.hasSuffix("+json") else {
            let shown = mediaType.isEmpty ? "no content type" : "'\(mediaType.visible)'"
            return report(.refused, "routes config '\(source)' refused: the server sent \(shown), not application/json")
        }
        do {
            let configuration = try RouteConfiguration.parse(body, source: source, routes: routes, help: Links.help)
            lock.withLock {
                latest = configuration
                hasConfiguration = true
                self.validators = validators
            }
            clearProblem()
        } catch {
            // The refused answer's validators are kept too: the same bad file is not fetched, or
            // reported, again until it changes.
            lock.withLock { self.validators = validators }
            let place = error.key.map { "\($0): " } ?? ""
            report(.refused, "routes config '\(source)' refused: \(place)\(error.problem)")
        }
    }

    /// Records `problem` as a warning, unless it is the one already said: kept, or sent on at once
    /// once the session takes them as they happen.
    private func report(_ kind: Warning.Kind, _ problem: String) {
        let (warning, send): (Warning?, (@Sendable (Warning) -> Void)?) = lock.withLock {
            defer { lastProblem = problem }
            guard problem != lastProblem else { return (nil, nil) }
            let consequence =
                hasConfiguration ? "the last good one stays" : "every route opens natively until a good one arrives"
            let warning = Warning(kind: kind, subject: problem, consequence: consequence)
            guard let deliver else {
                warnings.append(warning)
                return (nil, nil)
            }
            return (warning, deliver)
        }
        if let warning, let send {
            send(warning)
        }
    }

    /// Notes that all is well, so the next problem is said even if it is the last one again.
    private func clearProblem() {
        lock.withLock { lastProblem = nil }
    }

    /// The headers that make the next request conditional on the answer having changed.
    private static func validators(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        if let tag = response.value(forHTTPHeaderField: "ETag") {
            headers["If-None-Match"] = tag
        }
        if let modified = response.value(forHTTPHeaderField: "Last-Modified") {
            headers["If-Modified-Since"] = modified
        }
        return headers
    }
}

extension RoutesFeed {
    /// What `--routes-config` names: an address to fetch, or a file to read.
    enum Source: Equatable {
        case address(URL)
        case file(String)

        /// Reads the option's value: `https://…`, `http://` only to a loopback address (the address
        /// could otherwise be read and changed by anyone on the way), or a file path.
        static func parse(_ text: String) throws(LaunchFailure) -> Source {
            guard let separator = text.range(of: "://") else { return .file(text) }
            let scheme = text[..<separator.lowerBound].lowercased()
            guard scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }), !scheme.isEmpty else {
                return .file(text)
            }
            func refuse(_ problem: String) -> LaunchFailure {
                LaunchFailure("Error: routes config '\(text.visible)': \(problem)", status: .usage)
            }
            guard var parts = URLComponents(string: text) else {
                throw refuse("not a valid address; e.g. https://config.mall.example/routes.json")
            }
            if let problem = problem(with: parts) {
                throw refuse(problem)
            }
            parts.scheme = scheme
            guard let url = parts.url else {
                throw refuse("not a valid address; e.g. https://config.mall.example/routes.json")
            }
            return .address(url)
        }

        /// Whether `url` may be fetched, by the rule an address given at launch is held to; redirects
        /// are held to it too.
        static func allows(_ url: URL?) -> Bool {
            guard let url, let parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return false }
            return problem(with: parts) == nil
        }

        /// Why an address is not fetched, or `nil`: a scheme other than `https` (or `http` to this
        /// machine, where no one on the way can read or change it), no host, a user or password
        /// (warnings would show it), a port outside 1–65535, an IPv6 address.
        private static func problem(with parts: URLComponents) -> String? {
            let scheme = parts.scheme?.lowercased() ?? ""
            guard scheme == "https" || scheme == "http" else {
                return "only https:// addresses (or http:// to this machine) are fetched; for a file, give its path"
            }
            guard let host = parts.host, !host.isEmpty else {
                return "not a valid address; e.g. https://config.mall.example/routes.json"
            }
            guard parts.user == nil, parts.password == nil else {
                return "an address with a user or a password is not fetched: warnings would show it"
            }
            if let port = parts.port, !(1...65_535).contains(port) {
                return "the port \(port) is not one from 1 to 65535"
            }
            if host.hasPrefix("[") || host.contains(":") {
                return "an IPv6 address is not fetched (URLSession on Linux cannot); use 127.0.0.1 or a name"
            }
            if scheme == "http", !isLoopback(host) {
                return "http:// is allowed only to this machine (127.0.0.1 or localhost), where no one can change"
                    + " it on the way; use https://"
            }
            return nil
        }

        /// `localhost`, or `127.x.y.z` written plainly (no leading zeros, which some readers take
        /// for octal).
        private static func isLoopback(_ host: String) -> Bool {
            let bare = host.lowercased()
            if bare == "localhost" { return true }
            let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 4 && parts[0] == "127"
                && parts.allSatisfy { part in UInt8(part).map { String($0) == part } ?? false }
        }
    }
}

/// One HTTP fetch through `URLSession`, held to a size limit, a total time and the address rule
/// for redirects.
///
/// The fetch ends as soon as its outcome is known: a body past the limit, a compressed answer or
/// the deadline end it at once, without waiting for FoundationNetworking to wind the transfer down
/// (libcurl may still be inflating bytes it already holds); whatever arrives after that is dropped
/// unread, so memory stays within the limit whatever the server sends.
///
/// It is `@unchecked Sendable` because every stored property that changes is read and written
/// holding `lock`: the delegate callbacks run on the session's queue, the deadline on another.
private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Answer = Result<(HTTPURLResponse, Data), Failure>

    /// Why a fetch failed, in words for a warning.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// Whether the transfer was cut short: no answer within the timeout, or a body past the limit.
        var isCut = false
    }

    private let limit: Int
    private let lock = NSLock()
    /// Where the server redirected the request, if it did: failures there name it.
    private var redirectedTo: URL?
    private var response: HTTPURLResponse?
    private var body = Data()
    /// Resumed once, by whichever comes first: the end of the transfer, a problem, the deadline.
    private var finish: CheckedContinuation<Answer, Never>?
    /// Finished when URLSession reports the transfer complete, whenever the answer was given.
    private let transferEnded: AsyncStream<Void>.Continuation
    /// Whether the answer was given; nothing is kept after it.
    private var isFinished = false

    private init(limit: Int, transferEnded: AsyncStream<Void>.Continuation) {
        self.limit = limit
        self.transferEnded = transferEnded
    }

    /// Fetches `request`: the answer and its whole body, or why there is none, as soon as it is
    /// known; and a stream that ends when URLSession has let go of the transfer.
    static func fetch(
        _ request: URLRequest, limit: Int, timeout: Duration
    ) async -> (answer: Answer, transfer: AsyncStream<Void>) {
        let (transfer, transferEnded) = AsyncStream.makeStream(of: Void.self)
        let download = Download(limit: limit, transferEnded: transferEnded)
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = request
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
            return fail("the configuration is larger than \(limit) bytes", stopping: dataTask)
        }
        let coding = (http.value(forHTTPHeaderField: "Content-Encoding") ?? "identity").lowercased()
        guard coding == "identity" else {
            completionHandler(.cancel)
            return fail(
                "the server sent a compressed answer ('\(coding.visible)'), which the app does not ask for",
                stopping: dataTask)
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
            let problem = Failure(description: "the configuration is larger than \(limit) bytes", isCut: true)
            end(with: .failure(problem), stopping: dataTask)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // FoundationNetworking reads a `Location` in another scheme (`file:`, `data:`) as a path on
        // the same server, so the header itself is checked, not only the request made from it.
        let location = response.value(forHTTPHeaderField: "Location") ?? ""
        let refusal =
            if let problem = Self.problem(withLocation: location) {
                problem
            } else if !RoutesFeed.Source.allows(request.url) {
                Self.refusal(of: request.url)
            } else {
                nil as String?
            }
        if let refusal {
            // Declining the redirect ends the task with the redirect as its answer; cancelling it here
            // as well would make FoundationNetworking trap.
            completionHandler(nil)
            return end(with: .failure(Failure(description: refusal)), stopping: nil)
        }
        lock.withLock { redirectedTo = request.url }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (response, body, redirectedTo) = lock.withLock { (self.response, self.body, self.redirectedTo) }
        let answer: Answer
        if let error {
            let code = (error as? URLError)?.code
            let place = redirectedTo.map { " (at '\($0.absoluteString.visible)', where the server redirected)" } ?? ""
            answer = .failure(
                Failure(description: Self.reason(error) + place, isCut: code == .cancelled || code == .timedOut))
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
