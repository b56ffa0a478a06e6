import Foundation
import MiddlewareSupport

/// Findings accepted for now, so a package can adopt the check before it is clean: only new findings
/// fail it. Entries are keyed by rule, file, target and module, never by line, so they survive edits
/// that move code; a count covers repeats. The file is a tie-breaker, not a condition: a finding whose
/// file was renamed still matches an entry of the same rule, target and module left over after every
/// exact match, so a pure rename keeps CI green. An entry that no longer matches is reported as stale.
public struct Baseline: Sendable, Equatable, Codable {
    /// One accepted kind of finding.
    public struct Entry: Sendable, Hashable, Codable, Comparable {
        /// The rule the finding broke.
        public var rule: Rule
        /// The file the finding is in, relative to the package root.
        public var path: String
        /// The target that reaches too far.
        public var target: String
        /// The module it reaches, where the finding names one.
        public var module: String?
        /// How many findings with this key are accepted.
        public var count: Int

        var key: Key { Key(rule: rule, path: path, target: target, module: module) }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.rule.rawValue, lhs.target, lhs.module ?? "")
                < (rhs.path, rhs.rule.rawValue, rhs.target, rhs.module ?? "")
        }
    }

    struct Key: Hashable {
        var rule: Rule
        var path: String
        var target: String
        var module: String?

        init(rule: Rule, path: String, target: String, module: String?) {
            self.rule = rule
            self.path = path
            self.target = target
            self.module = module
        }

        init(_ diagnostic: Diagnostic) {
            self.init(
                rule: diagnostic.rule, path: diagnostic.path, target: diagnostic.target, module: diagnostic.module)
        }

        /// The key with its file left out, to match a finding whose file was renamed.
        var withoutPath: Key { Key(rule: rule, path: "", target: target, module: module) }
    }

    /// The format version, so a later format can be told apart.
    public var version = 1
    /// The accepted findings, sorted.
    public var entries: [Entry]

    /// A baseline accepting every finding of `report` except those about the baseline itself.
    public init(accepting report: LayeringReport) {
        var counts: [Key: Int] = [:]
        for diagnostic in report.diagnostics where diagnostic.rule != .staleBaseline {
            counts[Key(diagnostic), default: 0] += 1
        }
        entries = counts.map {
            Entry(rule: $0.key.rule, path: $0.key.path, target: $0.key.target, module: $0.key.module, count: $0.value)
        }.sorted()
    }

    /// The largest count an entry may hold.
    static let maximumCount = 1_000_000
    /// The largest baseline file read: reading one takes many times its size in memory.
    static let maximumSize = 10_000_000

    /// Reads a baseline file written by ``encoded()``.
    public static func load(from path: String) throws(LayeringCheckError) -> Baseline {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .unreadableFile(path: path, reason: "no such file; create it with --update-baseline")
        }
        return try parse(try RegularFile.read(path, shownAs: path, limit: maximumSize), path: path)
    }

    /// Reads a baseline from the text of a file, `path` naming it in errors.
    public static func parse(_ data: Data, path: String) throws(LayeringCheckError) -> Baseline {
        guard data.count <= maximumSize else {
            throw .invalidBaseline(path: path, problem: "over \(maximumSize) bytes")
        }
        try checkShape(data, path: path)
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalidBaseline(path: path, problem: Self.describe(context))
        } catch let DecodingError.keyNotFound(key, context) {
            throw .invalidBaseline(path: path, problem: "\(Self.location(context)) has no \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .invalidBaseline(path: path, problem: Self.describe(context))
        } catch {
            throw .invalidBaseline(path: path, problem: "\(error)")
        }
        guard baseline.version == 1 else {
            throw .invalidBaseline(path: path, problem: "version \(baseline.version); this tool reads version 1")
        }
        var keys: Set<Key> = []
        for (index, entry) in baseline.entries.enumerated() {
            guard (1...maximumCount).contains(entry.count) else {
                throw .invalidBaseline(path: path, problem: "entries[\(index)].count must be 1 to \(maximumCount)")
            }
            guard keys.insert(entry.key).inserted else {
                throw .invalidBaseline(
                    path: path, problem: "entries[\(index)] repeats an earlier entry; add the counts")
            }
        }
        return baseline
    }

    /// Refuses what `layers.json` refuses and what the decoder would skip in silence: a key written
    /// twice, a trailing comma, and a key a baseline does not have (a hand-added `"line"`, say).
    private static func checkShape(_ data: Data, path: String) throws(LayeringCheckError) {
        let inspection = JSONKeys.inspect(data)
        if let duplicate = inspection.duplicate {
            throw .invalidBaseline(
                path: path,
                problem: "the key \"\(duplicate.key)\" appears twice in one object on line \(duplicate.line)")
        }
        if let line = inspection.trailingCommaLine {
            throw .invalidBaseline(path: path, problem: "a comma before a closing bracket on line \(line)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw .invalidBaseline(path: path, problem: "not a JSON object with \"version\" and \"entries\"")
        }
        if let unknown = root.keys.sorted().first(where: { !["version", "entries"].contains($0) }) {
            throw .invalidBaseline(path: path, problem: "unknown key \"\(unknown)\" at the top level")
        }
        let known = ["rule", "path", "target", "module", "count"]
        for (index, entry) in (root["entries"] as? [Any] ?? []).enumerated() {
            if let object = entry as? [String: Any],
                let unknown = object.keys.sorted().first(where: { !known.contains($0) })
            {
                throw .invalidBaseline(
                    path: path,
                    problem: "unknown key \"\(unknown)\" in entries[\(index)]; an entry has "
                        + known.map { "\"\($0)\"" }.joined(separator: ", "))
            }
        }
    }

    private static func location(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the file" : String(path.drop { $0 == "." })
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty
            ? "not valid JSON of the baseline's shape"
            : "\(location(context)) is not what a baseline holds there"
    }

    /// The baseline as pretty JSON with sorted keys, for a readable diff in review.
    public func encoded() -> Data {
        ReadableJSON.data(self)
    }

    /// `report` without the findings this baseline accepts, plus a warning for each entry (or part of
    /// a count) that matched nothing, located at the baseline file.
    ///
    /// Findings match entries of their own file first; what is left of each then matches entries of
    /// the same rule, target and module in other files (a file renamed), in the entries' order.
    public func apply(to report: LayeringReport, baselinePath: String) -> LayeringReport {
        var remaining = Dictionary(entries.map { ($0.key, $0.count) }, uniquingKeysWith: +)
        var unmatched: [Diagnostic] = []
        var accepted = 0
        for diagnostic in report.diagnostics {
            let key = Key(diagnostic)
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                accepted += 1
            } else {
                unmatched.append(diagnostic)
            }
        }
        // The second pass: keys without their file, each with the exact keys still holding a count.
        var elsewhere: [Key: (keys: [Key], next: Int)] = [:]
        for entry in entries where (remaining[entry.key] ?? 0) > 0 {
            elsewhere[entry.key.withoutPath, default: ([], 0)].keys.append(entry.key)
        }
        var kept: [Diagnostic] = []
        for diagnostic in unmatched {
            let pathless = Key(diagnostic).withoutPath
            guard var candidates = elsewhere[pathless] else {
                kept.append(diagnostic)
                continue
            }
            while candidates.next < candidates.keys.count, remaining[candidates.keys[candidates.next]] == 0 {
                candidates.next += 1  // used up; each key is passed once, so the pass stays linear
            }
            if candidates.next < candidates.keys.count {
                remaining[candidates.keys[candidates.next], default: 0] -= 1
                accepted += 1
            } else {
                kept.append(diagnostic)
            }
            elsewhere[pathless] = candidates
        }
        for entry in entries {
            guard let left = remaining[entry.key], left > 0 else { continue }
            remaining[entry.key] = 0
            let what = [entry.rule.rawValue, entry.path, entry.target, entry.module].compactMap { $0 }
            kept.append(
                Diagnostic(
                    path: baselinePath, line: 1, column: 1, severity: .warning, rule: .staleBaseline,
                    message: "the baseline accepts \(left) more finding\(left == 1 ? "" : "s") of "
                        + "\(what.joined(separator: " ")) than there are",
                    hint: "run with --update-baseline to drop what was fixed", target: entry.target,
                    module: entry.module))
        }
        var result = report
        result.diagnostics = kept
        result.acceptedCount = accepted
        return result
    }
}
