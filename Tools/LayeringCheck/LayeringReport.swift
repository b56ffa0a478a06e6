import Foundation

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
        let violationsText = "\(violations.count) violation\(violations.count == 1 ? "" : "s")"
        let warningsText = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
        return
            "checked \(targetCount) targets, \(fileCount) files, \(importCount) imports: \(violationsText)\(warningsText)"
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
            var diagnostics: [Diagnostic]
        }
        let document = Document(
            summary: summary,
            targets: targetCount,
            files: fileCount,
            imports: importCount,
            violations: violations.count,
            warnings: diagnostics.count - violations.count,
            diagnostics: diagnostics
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
