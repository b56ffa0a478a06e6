import Foundation
import MallNavigator
import MiddlewareSupport

/// The rule every address the app fetches is held to, whether given at launch (`--routes-config`,
/// `--backend`) or reached by a redirect: `https://`, or `http://` only to this machine, where no
/// one on the way can read or change what comes back.
enum Address {
    /// Whether `text` starts with a scheme (`https:`), so it is meant as an address, not a path.
    static func hasScheme(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// Reads an address given at launch, or says, naming it as `noun`, why it is not fetched.
    ///
    /// - Parameters:
    ///   - example: An address that would do, for the error.
    ///   - forFile: Said after the scheme rule, where a path is also accepted.
    static func parse(
        _ text: String, naming noun: String, example: String, forFile: String = ""
    ) throws(LaunchFailure) -> URL {
        func refuse(_ problem: String) -> LaunchFailure {
            LaunchFailure("Error: \(noun) '\(text.visible(atMost: 200))': \(problem)", status: .usage)
        }
        guard var parts = URLComponents(string: text), hasScheme(text) else {
            throw refuse("not a valid address; e.g. \(example)")
        }
        if let problem = problem(with: parts, example: example) {
            throw refuse(problem.hasPrefix("only https://") ? problem + forFile : problem)
        }
        parts.scheme = parts.scheme?.lowercased()
        guard let url = parts.url else {
            throw refuse("not a valid address; e.g. \(example)")
        }
        return url
    }

    /// Whether `url` may be fetched, by the rule an address given at launch is held to; redirects
    /// are held to it too.
    static func allows(_ url: URL?) -> Bool {
        guard let url, let parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return false }
        return problem(with: parts, example: "") == nil
    }

    /// Why an address is not fetched, or `nil`: a scheme other than `https` (or `http` to this
    /// machine, where no one on the way can read or change it), no host, a user or password
    /// (warnings would show it), a port outside 1–65535, an IPv6 address.
    private static func problem(with parts: URLComponents, example: String) -> String? {
        let scheme = parts.scheme?.lowercased() ?? ""
        guard scheme == "https" || scheme == "http" else {
            return "only https:// addresses (or http:// to this machine) are fetched"
        }
        guard let host = parts.host, !host.isEmpty else {
            return "not a valid address; e.g. \(example)"
        }
        guard parts.user == nil, parts.password == nil else {
            return "an address with a user or a password is not fetched: warnings would show it"
        }
        // The written port, not `parts.port`, which is `nil` for one too large for an `Int`.
        if let range = parts.rangeOfPort, let written = parts.string?[range] {
            guard let port = Int(written), (1...65_535).contains(port) else {
                return "the port \(String(written).visible(atMost: 20)) is not one from 1 to 65535"
            }
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
