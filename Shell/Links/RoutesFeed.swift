import Foundation
import MallNavigator
import Middleware
import MiddlewareSupport

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
    /// Ends when the last fetch's transfer has ended, which over `https://` may be after its answer
    /// is known (URLSession may still be receiving a body past the limit): the next fetch starts only
    /// then, so transfers never overlap.
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

    /// The least time between fetches after one that was cut short: a server that does not answer,
    /// or sends without end, is asked again at most this often (over `https://`, FoundationNetworking
    /// on Linux keeps a thread busy while a request waits or a refused body still arrives).
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
        let (answer, transfer) = await Download.fetch(
            request, limit: RouteConfiguration.maximumSize, timeout: timeout, naming: "the configuration")
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
            return report(.unavailable, "routes config '\(source)': the server answered \(response.statusText)")
        }
        let validators = response.validators
        // The validators are not kept here: the file may be sound and its header fixed later.
        if let notJSON = response.notJSON {
            return report(.refused, "routes config '\(source)' refused: \(notJSON)")
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
}

extension RoutesFeed {
    /// What `--routes-config` names: an address to fetch, or a file to read.
    enum Source: Equatable {
        case address(URL)
        case file(String)

        /// Reads the option's value: an address the rule of ``Address`` allows, or a file path.
        static func parse(_ text: String) throws(LaunchFailure) -> Source {
            guard Address.hasScheme(text) else { return .file(text) }
            return .address(
                try Address.parse(
                    text, naming: "routes config", example: "https://config.mall.example/routes.json",
                    forFile: "; for a file, give its path"))
        }
    }
}
