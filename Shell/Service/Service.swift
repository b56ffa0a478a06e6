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
    /// The longest a fetch may take, from the request to the last byte.
    let timeout: Duration

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

    func fetch(_ name: String, validators: [String: String]) async throws -> SourceAnswer {
        let url = base.appendingPathComponent(name + ".json")
        let shown = url.absoluteString.visible
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        for (header, value) in validators {
            request.setValue(value, forHTTPHeaderField: header)
        }
        let (answer, _) = await Download.fetch(
            request, limit: Self.documentLimit, timeout: timeout, naming: "the document")
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
            return .document([UInt8](body), validators: response.validators, address: url.absoluteString)
        }
    }
}
