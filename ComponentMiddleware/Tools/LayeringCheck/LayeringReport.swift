import Foundation
import MiddlewareSupport

/// The outcome of a check: every finding, and what was looked at.
public struct LayeringReport: Sendable, Codable {
    /// Every finding, sorted by file, line and column.
    public var diagnostics: [Diagnostic]
    /// The number of targets checked.
    public var targetCount: Int
    /// The number of Swift files read.
    public var fileCount: Int
    /// The number of import declarations found.
    public var importCount: Int
    /// The number of findings a baseline accepted (and removed from ``diagnostics``).
    public var acceptedCount = 0
    /// For each target, the other targets of this package its sources import, sorted.
    public var importedTargets: [String: [String]] = [:]

    /// Creates a report.
    public init(diagnostics: [Diagnostic], targetCount: Int, fileCount: Int, importCount: Int) {
        self.diagnostics = diagnostics
        self.targetCount = targetCount
        self.fileCount = fileCount
        self.importCount = importCount
    }

    /// The findings that break a rule.
    public var violations: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// Whether the package keeps every rule.
    public var isClean: Bool { violations.isEmpty }

    /// One line: what was checked and what was found.
    public var summary: String {
        let warnings = diagnostics.count - violations.count
        let counts = [
            String.counted(violations.count, "violation"),
            warnings == 0 ? nil : String.counted(warnings, "warning"),
            acceptedCount == 0 ? nil : "\(String.counted(acceptedCount, "finding")) accepted by the baseline",
        ]
        return "checked \(String.counted(targetCount, "target")), \(String.counted(fileCount, "file")), "
            + "\(String.counted(importCount, "import")): \(counts.compactMap { $0 }.joined(separator: ", "))"
    }

    /// Every finding in the compiler's format, one per line, then the summary.
    public var text: String {
        (diagnostics.map(\.formatted) + [summary]).joined(separator: "\n") + "\n"
    }

    /// The same facts as JSON: the counts, the summary, and every finding with its parts.
    public var json: String {
        struct Document: Encodable {
            var summary: String
            var targets: Int
            var files: Int
            var imports: Int
            var violations: Int
            var warnings: Int
            var accepted: Int
            var diagnostics: [Diagnostic]
        }
        let document = Document(
            summary: summary,
            targets: targetCount,
            files: fileCount,
            imports: importCount,
            violations: violations.count,
            warnings: diagnostics.count - violations.count,
            accepted: acceptedCount,
            diagnostics: diagnostics
        )
        return ReadableJSON.text(document)
    }

    /// GitHub Actions workflow commands: one `::error` or `::warning` annotation per finding, shown on
    /// the file and line in a pull request, then the summary as a plain line. Columns count Unicode
    /// scalars, as in SARIF; control and formatting characters show as `\u{…}`.
    public var githubAnnotations: String {
        let lines = diagnostics.map { diagnostic in
            let properties = [
                "file=\(Self.escapeProperty(diagnostic.path.visible))", "line=\(diagnostic.line)",
                "col=\(diagnostic.scalarColumn ?? diagnostic.column)",
                "title=\(Self.escapeProperty(diagnostic.rule.rawValue))",
            ]
            let message = "\(diagnostic.message.visible); \(diagnostic.hint.visible)"
            return "::\(diagnostic.severity.rawValue) \(properties.joined(separator: ","))::\(Self.escapeData(message))"
        }
        return (lines + [summary]).joined(separator: "\n") + "\n"
    }

    /// Escapes a workflow command's message: `%`, carriage return and line feed.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a workflow command's property value: as a message, plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// SARIF 2.1.0, the format code-scanning services read: the tool with every rule's id,
    /// description and help, and one result per finding with its location relative to the package
    /// root (`%SRCROOT%`); columns count Unicode scalars, as SARIF's `unicodeCodePoints` says.
    public var sarif: String {
        let rules = Rule.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let log = SARIF.Log(
            runs: [
                SARIF.Run(
                    tool: SARIF.Tool(
                        driver: SARIF.Driver(
                            rules: rules.map { rule in
                                SARIF.ReportingDescriptor(
                                    id: rule.rawValue, shortDescription: .init(text: rule.summary),
                                    fullDescription: .init(text: rule.summary), help: .init(text: rule.help),
                                    defaultConfiguration: .init(level: rule.severity.rawValue))
                            })),
                    results: diagnostics.map { diagnostic in
                        SARIF.Result(
                            ruleId: diagnostic.rule.rawValue, ruleIndex: ruleIndex[diagnostic.rule] ?? 0,
                            level: diagnostic.severity.rawValue,
                            message: .init(text: "\(diagnostic.message.visible); \(diagnostic.hint.visible)"),
                            locations: [
                                SARIF.Location(
                                    physicalLocation: .init(
                                        artifactLocation: Self.artifact(diagnostic.path),
                                        region: .init(
                                            startLine: diagnostic.line,
                                            startColumn: diagnostic.scalarColumn ?? diagnostic.column)))
                            ],
                            partialFingerprints: [
                                "layeringCheck/v1": [
                                    diagnostic.rule.rawValue, diagnostic.path, diagnostic.target,
                                    diagnostic.module ?? "",
                                ].joined(separator: "|").visible
                            ])
                    })
            ])
        return ReadableJSON.text(log)
    }

    /// A path as a SARIF artifact location: relative to the package root (`%SRCROOT%`, which the
    /// consumer sets to the checkout), or, for a file outside it such as a baseline given by an absolute
    /// path, a `file://` URI of its own. Each segment is percent-encoded, `:` too, so a relative path
    /// such as `Co:lon/X.swift` stays a relative reference instead of a URI with the scheme `Co`.
    static func artifact(_ path: String) -> SARIF.ArtifactLocation {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%;?#:")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/")
            ? SARIF.ArtifactLocation(uri: "file://" + encoded, uriBaseId: nil) : .init(uri: encoded)
    }

}

/// The parts of SARIF 2.1.0 the report writes.
enum SARIF {
    struct Log: Encodable {
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case version
            case schema = "$schema"
            case runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var columnKind = "unicodeCodePoints"
        var results: [Result]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "layering-check"
        var informationUri = "https://www.swift.org/documentation/package-manager/"
        var rules: [ReportingDescriptor]
    }

    struct Message: Encodable {
        var text: String
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable, Equatable {
        var uri: String
        var uriBaseId: String? = "%SRCROOT%"
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
