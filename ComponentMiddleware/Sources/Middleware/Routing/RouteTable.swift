import MiddlewareSupport

/// Every route of an app, found by scheme, host and path in one dictionary lookup.
///
/// Opening a URL parses it, finds its route, checks who is asking, then types every value; only a
/// link that passed all of that can be opened, so a refusal changes nothing.
@MainActor
public struct RouteTable<Destination> {
    /// The scheme every route uses, e.g. `notes`.
    public let scheme: String
    /// The routes, in declaration order.
    public let routes: [AnyRoute<Destination>]
    private let index: [String: Int]

    /// Creates a table; ``problems`` lists anything wrong with the routes as a whole.
    public init(scheme: String, routes: [AnyRoute<Destination>]) {
        self.scheme = scheme
        self.routes = routes
        var index: [String: Int] = [:]
        index.reserveCapacity(routes.count)
        // By position, not `enumerated()`: this generic code runs unspecialized, and an enumerated
        // sequence of routes is one more type the runtime builds, checking its conformances, at launch.
        for position in routes.indices where index[routes[position].pattern] == nil {
            index[routes[position].pattern] = position
        }
        self.index = index
    }

    /// The route with this pattern, e.g. `notes://note/detail`.
    public func route(_ pattern: String) -> AnyRoute<Destination>? {
        index[pattern].map { routes[$0] }
    }

    /// Parses `url`, finds its route and types its values, or throws the first thing wrong.
    public func resolve(_ url: String, from caller: Caller) throws(RouteError) -> (
        route: AnyRoute<Destination>, link: ResolvedLink<Destination>
    ) {
        let link = try DeepLink.parse(url)
        guard link.scheme == scheme else { throw .wrongScheme(link.scheme, expected: scheme) }
        guard let route = route(link.pattern) else {
            // Suggest only a route this caller may open, so the suggestion is never refused in turn.
            let openable = routes.lazy.filter { caller.mayOpen($0.exposure) }.map(\.pattern)
            throw .unknownRoute(link.pattern, suggestion: openable.closest(to: link.pattern))
        }
        guard caller.mayOpen(route.exposure) else { throw .internalRoute(route.pattern) }
        return (route, try route.resolve(link))
    }

    /// What is wrong with the table as a whole; empty when every route is sound.
    ///
    /// A pattern must be `scheme://host/path` in lowercase letters, digits, `-` and `/`, under the
    /// table's scheme, and no two may be equal or differ only in case or a trailing `/`. Parameter
    /// names must be unique within a route, and every route's example URL must open from inside
    /// the app (and from outside, for an external route) and write itself back unchanged.
    public var problems: [String] {
        var problems: [String] = []
        var seen: [String: String] = [:]
        for route in routes {
            let pattern = route.pattern
            if let shapeProblem = shapeProblem(of: pattern) {
                problems.append("'\(pattern)': \(shapeProblem)")
            }
            let key = pattern.lowercased().trimmingSuffix("/")
            if let earlier = seen[key] {
                problems.append(
                    earlier == pattern
                        ? "'\(pattern)' is declared twice" : "'\(pattern)' and '\(earlier)' are ambiguous")
            } else {
                seen[key] = pattern
            }
            let names = route.parameters.map(\.name)
            for name in Set(names) where names.filter({ $0 == name }).count > 1 {
                problems.append("'\(pattern)' declares parameter '\(name)' twice")
            }
            problems += exampleProblems(of: route)
        }
        return problems
    }

    private func shapeProblem(of pattern: String) -> String? {
        let prefix = scheme + "://"
        guard pattern.hasPrefix(prefix) else { return "a pattern starts with \(prefix)" }
        let rest = pattern.dropFirst(prefix.count)
        guard let first = rest.first, first != "/", !rest.hasSuffix("/"), !rest.contains("//") else {
            return "a pattern is \(prefix)host/path, without an empty segment or a trailing '/'"
        }
        guard rest.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "/" })
        else { return "a pattern uses lowercase letters, digits, '-' and '/' only" }
        return nil
    }

    private func exampleProblems(of route: AnyRoute<Destination>) -> [String] {
        var problems: [String] = []
        let callers: [Caller] = route.exposure == .external ? [.inside, .outside] : [.inside]
        for caller in callers {
            do {
                let (found, link) = try resolve(route.exampleURL, from: caller)
                if found.pattern != route.pattern {
                    problems.append("'\(route.exampleURL)' opens '\(found.pattern)', not '\(route.pattern)'")
                } else if link.url != route.exampleURL {
                    problems.append("'\(route.exampleURL)' writes itself back as '\(link.url)'")
                }
            } catch {
                problems.append("the example '\(route.exampleURL)' does not open: \(error.problem)")
            }
        }
        return problems
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
