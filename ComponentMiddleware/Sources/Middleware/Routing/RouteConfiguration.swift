import Foundation
import MiddlewareSupport

/// What a server would push to change routes without a release: which routes open as web pages.
///
/// The file is JSON, `{"downgrade": {"<route pattern>": "<web template>"}}`. It is checked whole
/// before the app starts: an unknown route, an unknown placeholder, a template that is not an https
/// address, malformed JSON, a duplicated key: each stops the launch with the key named.
public struct RouteConfiguration: Sendable, Hashable {
    /// The web template of each downgraded route, by route pattern.
    public var downgrades: [String: WebTemplate]

    /// The largest configuration file read.
    public static let maximumSize = 1_048_576

    /// A configuration that downgrades nothing.
    public init(downgrades: [String: WebTemplate] = [:]) {
        self.downgrades = downgrades
    }

    /// Reads and checks the configuration at `path` against the routes it may name.
    ///
    /// - Parameters:
    ///   - path: The configuration file.
    ///   - routes: Each route's pattern and parameter names.
    ///   - help: What the app tells about itself, for the hints of its errors.
    public static func load(
        from path: String,
        routes: [(pattern: String, parameters: [String])],
        help: RouteHelp = .none
    ) throws(RouteConfigurationError) -> RouteConfiguration {
        try parse(read(path), source: path, routes: routes, help: help)
    }

    /// Checks configuration text against the routes it may name.
    ///
    /// - Parameters:
    ///   - data: The configuration's bytes, UTF-8 JSON.
    ///   - source: Where they came from (a path or an address), as errors name it.
    ///   - routes: Each route's pattern and parameter names.
    ///   - help: What the app tells about itself, for the hints of its errors.
    public static func parse(
        _ data: Data,
        source: String,
        routes: [(pattern: String, parameters: [String])],
        help: RouteHelp = .none
    ) throws(RouteConfigurationError) -> RouteConfiguration {
        func fail(_ key: String?, _ problem: String) -> RouteConfigurationError {
            RouteConfigurationError(source: source, key: key, problem: problem)
        }
        // JSONSerialization would also read UTF-16 and UTF-32, which the checks below do not.
        guard String(validating: data, as: UTF8.self) != nil, !data.contains(0) else {
            throw fail(nil, "it is not UTF-8 text; save it as UTF-8")
        }
        if let shape = JSONShape.firstProblem(in: data) {
            throw fail(shape.path.map(JSONShape.quoted), shape.problem)
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw fail(nil, "not valid JSON" + (detail.map { " (\($0))" } ?? ""))
        }
        guard let top = object as? [String: Any] else {
            throw fail(nil, #"the file must be a JSON object: {"downgrade": {"<route>": "<https template>"}}"#)
        }
        for key in top.keys.sorted() where key != "downgrade" {
            let hint =
                ["downgrade"].closest(to: key) != nil ? "; did you mean 'downgrade'?" : "; the only key is 'downgrade'"
            throw fail(JSONShape.quoted(key), "unknown key" + hint)
        }
        guard let entries = top["downgrade"] else { return RouteConfiguration() }
        guard let downgrade = entries as? [String: Any] else {
            throw fail("downgrade", #"must be an object: {"<route pattern>": "<https template>"}"#)
        }
        var downgrades: [String: WebTemplate] = [:]
        let patterns = routes.map(\.pattern)
        for pattern in downgrade.keys.sorted() {
            let key = "downgrade[\(JSONShape.quoted(pattern))]"
            guard let route = routes.first(where: { $0.pattern == pattern }) else {
                let hint =
                    patterns.closest(to: pattern).map { "did you mean '\($0)'?" }
                    ?? help.listRoutes.map { "\($0) to list them" } ?? "check the pattern against the app's routes"
                throw fail(key, "no such route; \(hint)")
            }
            guard let template = downgrade[pattern] as? String else {
                throw fail(key, "the template must be a string, e.g. \"https://app.example/…\"")
            }
            do {
                downgrades[pattern] = try WebTemplate(template, parameters: route.parameters)
            } catch {
                throw fail(key, error.reason)
            }
        }
        return RouteConfiguration(downgrades: downgrades)
    }

    private static func read(_ path: String) throws(RouteConfigurationError) -> Data {
        func fail(_ problem: String) -> RouteConfigurationError {
            RouteConfigurationError(source: path, key: nil, problem: problem)
        }
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { throw fail("no such file") }
        // Only a regular file: a FIFO would block the launch until someone writes to it.
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        switch (try? manager.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw fail("it is a folder, not a file")
        default: throw fail("it is not a regular file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw fail("permission denied or unreadable") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumSize + 1) ?? Data() else {
            throw fail("permission denied or unreadable")
        }
        guard data.count <= maximumSize else { throw fail("it is larger than \(maximumSize) bytes") }
        return data
    }
}

/// A routes configuration the app refuses to start with.
public struct RouteConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it.
    public let source: String
    /// The key at fault, e.g. `downgrade['notes://note/detail']`; `nil` for the file as a whole.
    public let key: String?
    /// What is wrong.
    public let problem: String

    /// `Error: routes config 'FILE': KEY: PROBLEM`.
    public var description: String {
        "Error: routes config '\(source)': " + (key.map { "\($0): " } ?? "") + problem
    }
}
