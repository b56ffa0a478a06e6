import Foundation
import MallBase
import MallNavigator
import Middleware
import MiddlewareSupport

/// The route table as `mall routes` prints it: text for people, JSON for programs, and the
/// deep-link document (Markdown) the links article shows.
@MainActor
struct RouteDocument {
    let routes: [AnyRoute<Screen>]
    let downgrades: [String: WebTemplate]

    func render(_ format: RouteFormat) -> String {
        switch format {
        case .text: text
        case .json: json
        case .markdown: markdown
        }
    }

    // MARK: Text

    private var text: String {
        var lines: [String] = []
        for route in routes {
            lines.append("\(route.pattern)  (\(route.exposure.rawValue))")
            lines.append("  opens    \(route.provide)")
            for parameter in route.parameters {
                lines.append("  \(parameter.name)  \(Self.summary(of: parameter))")
            }
            lines.append("  example  \(route.exampleURL)")
            if let template = downgrades[route.pattern] {
                lines.append("  web      \(template.text)  (downgraded by the routes configuration)")
            }
            lines.append("")
        }
        let external = routes.filter { $0.exposure == .external }.count
        lines.append(
            "\(String.counted(routes.count, "route")): \(external) external, \(routes.count - external) internal.")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    private struct Entry: Encodable {
        struct Parameter: Encodable {
            var name: String
            var type: String
            var required: Bool
            var accepts: String
        }
        var pattern: String
        var exposure: String
        var provide: String
        var parameters: [Parameter]
        var example: String
        var downgrade: String?
    }

    private var json: String {
        let entries = routes.map { route in
            Entry(
                pattern: route.pattern,
                exposure: route.exposure.rawValue,
                provide: route.provide,
                parameters: route.parameters.map {
                    .init(name: $0.name, type: $0.type, required: $0.isRequired, accepts: $0.accepts)
                },
                example: route.exampleURL,
                downgrade: downgrades[route.pattern]?.text
            )
        }
        return ReadableJSON.text(entries)
    }

    // MARK: Markdown

    private var markdown: String {
        let external = routes.filter { $0.exposure == .external }
        let internalRoutes = routes.filter { $0.exposure == .internal }
        var lines = [
            "| link | opens | parameters | example |",
            "| --- | --- | --- | --- |",
        ]
        for route in external {
            let parameters =
                route.parameters.isEmpty
                ? "none"
                : route.parameters.map { "`\($0.name)`: \(Self.summary(of: $0))" }.joined(separator: "<br>")
            lines.append("| `\(route.pattern)` | `\(route.provide)` | \(parameters) | `\(route.exampleURL)` |")
        }
        lines.append("")
        lines.append(
            "Internal, opened only from inside the app: "
                + internalRoutes.map { "`\($0.pattern)`" }.joined(separator: ", ") + ".")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Shared wording

    private static func summary(of parameter: RouteParameter) -> String {
        "\(parameter.type), \(parameter.isRequired ? "required" : "optional"): \(parameter.accepts)"
    }
}
