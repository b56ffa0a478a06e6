import Foundation

/// What a package promises about its architecture: `layers.json` at the package root.
///
/// Modelled on import-linter's contract types:
/// - `layers`, top to bottom: a target may reach only targets in the layers below its own.
/// - `independence`: groups whose members must not reach each other. A member stands for its whole
///   component: the targets whose folders lie inside its folder (a preview) and, unless the group
///   says `"includeTests": false`, its test target (`<Name>Tests`).
/// - `forbidden`: targets matching `from` must not reach targets matching `to`; with
///   `"allowDependency": true`, only the import is forbidden and the declared dependency stays allowed.
/// - `ignore`: accepted findings, each with a reason.
/// - `dependencyHints`: what an `undeclared-import` finding tells a target matching `from` to do about
///   a target matching `to`, where the app declares dependencies its own way.
/// - `packages`: the folders, relative to the package root, of packages it depends on by path whose
///   targets are checked as its own (a feature in a package of its own, `Features/*`): each target
///   is matched by the folder it has from the root, and its imports are checked wherever they sit.
///
/// "Reach" means along any chain of declared dependencies, and by any `import`.
public struct LayerContract: Sendable, Equatable {
    /// One layer: a name and the targets in it.
    public struct Layer: Sendable, Equatable {
        /// The layer's name in findings, e.g. `Trunk`.
        public var name: String
        /// The targets in the layer.
        public var targets: [TargetPattern]
        /// What to do about a target of this layer that reaches a layer above, in the contract's own
        /// words; `{target}`, `{other}`, `{owner}` and `{router}` in it are filled in.
        public var hint: String?

        /// A layer of `targets` named `name`, with its own words for a finding if `hint` is given.
        public init(name: String, targets: [TargetPattern], hint: String? = nil) {
            self.name = name
            self.targets = targets
            self.hint = hint
        }
    }

    /// Targets whose members must not reach each other.
    public struct Group: Sendable, Equatable {
        /// The group's name in findings; `independence[i]` when it has none.
        public var name: String?
        /// The members: each target a pattern matches is one.
        public var targets: [TargetPattern]
        /// Whether each member's test target (`<Name>Tests`) belongs to it.
        public var includesTests: Bool
        /// What to do about a member reaching another, in the contract's own words.
        public var hint: String?
        /// Whether the members are the app's business components (`"components": true`): findings then
        /// speak of components, their previews and tests, requires and routers.
        public var areComponents: Bool
        /// Where a member's router is, with `{owner}` for the member, e.g.
        /// `App/Routers/{owner}Router.swift`: what `{router}` in a hint stands for.
        public var router: String?

        /// A group of `targets` that must not reach each other.
        public init(
            name: String? = nil, targets: [TargetPattern], includesTests: Bool = true, hint: String? = nil,
            areComponents: Bool = false, router: String? = nil
        ) {
            self.name = name
            self.targets = targets
            self.includesTests = includesTests
            self.hint = hint
            self.areComponents = areComponents
            self.router = router
        }
    }

    /// What an `undeclared-import` finding from a target matching `from` to one matching `to` tells
    /// the user to do, where the app does not declare such a dependency in the target's own list.
    public struct DependencyHint: Sendable, Equatable {
        /// The importing targets.
        public var from: [TargetPattern]
        /// The imported targets.
        public var to: [TargetPattern]
        /// The hint; `{target}` and `{other}` stand for the two targets, `{folder}` and
        /// `{otherFolder}` for the folders the matching patterns' first wildcards stand for (`Notes`
        /// in `Features/Notes/Routes`, matched by `Features/*/Routes`), else the last part of their
        /// folders.
        public var hint: String
    }

    /// Targets matching `from` must not reach targets matching `to`.
    public struct Forbidden: Sendable, Equatable {
        /// The targets that must not reach `to`.
        public var from: [TargetPattern]
        /// The targets `from` must not reach.
        public var to: [TargetPattern]
        /// Why, in the contract's words, for the finding.
        public var reason: String?
        /// Only the import is forbidden: declaring the dependency (e.g. an umbrella kept for
        /// compatibility) is allowed.
        public var allowsDependency = false
    }

    /// A finding accepted on purpose: `from` reaching `to`, optionally only under one rule.
    public struct Ignore: Sendable, Equatable {
        /// The targets whose findings are accepted.
        public var from: [TargetPattern]
        /// What they may reach.
        public var to: [TargetPattern]
        /// The one rule accepted; `nil` for every rule.
        public var rule: Rule?
        /// Why the finding is accepted, required so the choice is explained where it is made.
        public var reason: String
        /// The 1-based line of the entry in the contract file, for reporting it when it matches nothing.
        public var line: Int
    }

    /// The layers, top to bottom.
    public var layers: [Layer]
    /// Groups of targets that must not reach each other.
    public var independence: [Group]
    /// Explicit pairs that must not reach each other.
    public var forbidden: [Forbidden]
    /// Findings accepted on purpose.
    public var ignore: [Ignore]
    /// The app's own words for an undeclared import, by the targets they apply to.
    public var dependencyHints: [DependencyHint]
    /// The folders of packages depended on by path whose targets are checked as the package's own.
    public var packages: [TargetPattern]
    /// Where the contract came from: the file, relative to the package root, or `nil` for none.
    public var path: String?

    /// A contract of `layers`, top to bottom, and the other rules.
    public init(
        layers: [Layer], independence: [Group] = [], forbidden: [Forbidden] = [], ignore: [Ignore] = [],
        dependencyHints: [DependencyHint] = [], packages: [TargetPattern] = [], path: String? = nil
    ) {
        self.layers = layers
        self.independence = independence
        self.forbidden = forbidden
        self.ignore = ignore
        self.dependencyHints = dependencyHints
        self.packages = packages
        self.path = path
    }

    /// The file name the check looks for at the package root.
    public static let fileName = "layers.json"

    /// The largest contract file read, in bytes, and the most strings (names, patterns, keys) in it.
    public static let maximumSize = 1_000_000
    /// The most strings (names, patterns, keys) a contract file may hold.
    public static let maximumStrings = 20_000

    /// The contract of a package without `layers.json`: no layers, no groups, so only the rules every
    /// package keeps apply (each import declared, no module imported but through a dependency).
    public static let empty = LayerContract(layers: [])

    /// Reads `layers.json` from `root`, or returns ``empty`` if there is none.
    public static func load(packageRoot root: URL) throws(LayeringCheckError) -> LayerContract {
        let path = root.appendingPathComponent(fileName).path
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else {
            if (try? manager.destinationOfSymbolicLink(atPath: path)) != nil {
                throw .unreadableFile(path: fileName, reason: "it is a symbolic link to a file that does not exist")
            }
            return empty
        }
        return try parse(try RegularFile.read(path, shownAs: fileName, limit: maximumSize), path: fileName)
    }

    /// Reads the contract file at `path` (`--contract`); findings about it name it as given.
    public static func load(from path: String) throws(LayeringCheckError) -> LayerContract {
        guard !path.isEmpty else { throw .unreadableFile(path: path, reason: "the path is empty") }
        return try parse(try RegularFile.read(path, shownAs: path, limit: maximumSize), path: path)
    }

    /// Parses a contract, naming the key of the first problem.
    public static func parse(_ data: Data, path: String = fileName) throws(LayeringCheckError) -> LayerContract {
        func fail(_ key: String, _ problem: String) -> LayeringCheckError {
            .invalidContract(path: path, key: key, problem: problem)
        }
        guard data.count <= maximumSize else {
            throw fail("(file)", "the file is over \(maximumSize) bytes")
        }
        // Every pattern is matched against every target: bound the work a contract can ask for. Counted
        // first, on the bytes, so an oversized file is refused before any parse (the whole file, in one
        // pass, costs less than JSON parsing of a tenth of it).
        let stringCount = data.reduce(0) { $0 + ($1 == UInt8(ascii: "\"") ? 1 : 0) } / 2
        guard stringCount <= maximumStrings else {
            throw fail("(file)", "over \(maximumStrings) names, patterns and keys; group targets with globs")
        }
        let inspection = JSONKeys.inspect(data, elementsOf: "ignore")
        if let duplicate = inspection.duplicate {
            throw fail(duplicate.key, "the key appears twice in one object (line \(duplicate.line)); keep one")
        }
        if let line = inspection.trailingCommaLine {
            throw fail("(file)", "a comma before a closing bracket on line \(line); JSON allows none")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw fail("(file)", "not valid JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error)")
        }
        guard let root = object as? [String: Any] else {
            throw fail("(file)", "the top level must be an object with \"layers\"")
        }
        let known = ["layers", "independence", "forbidden", "ignore", "dependencyHints", "packages"]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail(unknown, "unknown key; a contract has \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        let reader = Reader(fail: fail, ignoreLines: inspection.elementLines)
        guard let layersValue = root["layers"] else {
            throw fail("layers", "missing; list the layers top to bottom")
        }
        let layers = try reader.layers(layersValue)
        let independence = try reader.list(root["independence"] ?? [Any](), key: "independence") {
            value, key throws(LayeringCheckError) in try reader.group(value, key: key)
        }
        let forbidden = try reader.list(root["forbidden"] ?? [Any](), key: "forbidden") {
            value, key throws(LayeringCheckError) in try reader.forbidden(value, key: key)
        }
        var ignore: [Ignore] = []
        for (index, entry) in try reader.list(root["ignore"] ?? [Any](), key: "ignore", { value, _ in value })
            .enumerated()
        {
            ignore.append(try reader.ignore(entry, key: "ignore[\(index)]", index: index))
        }
        let dependencyHints = try reader.list(root["dependencyHints"] ?? [Any](), key: "dependencyHints") {
            value, key throws(LayeringCheckError) in try reader.dependencyHint(value, key: key)
        }
        let packages = try root["packages"].map { value throws(LayeringCheckError) in
            try reader.patterns(value, key: "packages", allowEmpty: true)
        }
        return LayerContract(
            layers: layers, independence: independence, forbidden: forbidden, ignore: ignore,
            dependencyHints: dependencyHints, packages: packages ?? [], path: path)
    }

    /// Reads the parts of a contract, each naming its key on failure.
    private struct Reader {
        let fail: (String, String) -> LayeringCheckError
        /// The line of each `ignore` entry, for reporting one that matches nothing.
        let ignoreLines: [Int]

        func list<T>(
            _ value: Any, key: String, _ element: (Any, String) throws(LayeringCheckError) -> T
        ) throws(LayeringCheckError) -> [T] {
            guard let array = value as? [Any] else { throw fail(key, "must be an array") }
            var result: [T] = []
            for (index, item) in array.enumerated() {
                result.append(try element(item, "\(key)[\(index)]"))
            }
            return result
        }

        func layers(_ value: Any) throws(LayeringCheckError) -> [Layer] {
            let layers = try list(value, key: "layers") { item, key throws(LayeringCheckError) -> Layer in
                if let object = item as? [String: Any] {
                    try onlyKeys(object, ["name", "targets", "hint"], key: key)
                    guard let name = object["name"] as? String, Self.isLineOfText(name, maximumLength: 100) else {
                        throw fail("\(key).name", "needs a name: a short line of text, e.g. \"Trunk\"")
                    }
                    guard let targets = object["targets"] else { throw fail("\(key).targets", "missing") }
                    return Layer(
                        name: name, targets: try patterns(targets, key: "\(key).targets", allowEmpty: false),
                        hint: try hint(object["hint"], key: "\(key).hint", placeholders: Self.findingPlaceholders))
                }
                let targets = try patterns(item, key: key, allowEmpty: false)
                return Layer(name: targets.map(\.text).joined(separator: ", "), targets: targets)
            }
            guard !layers.isEmpty else { throw fail("layers", "is empty; list at least one layer") }
            var names: Set<String> = []
            for (index, layer) in layers.enumerated() where !names.insert(layer.name).inserted {
                throw fail("layers[\(index)]", "the layer '\(layer.name)' is listed twice; a layer has one place")
            }
            return layers
        }

        func patterns(_ value: Any, key: String, allowEmpty: Bool) throws(LayeringCheckError) -> [TargetPattern] {
            let texts: [Any] = value is String ? [value] : try list(value, key: key) { item, _ in item }
            guard allowEmpty || !texts.isEmpty else { throw fail(key, "is empty; name at least one target") }
            var patterns: [TargetPattern] = []
            var seen: Set<String> = []
            for (index, text) in texts.enumerated() {
                let elementKey = value is String ? key : "\(key)[\(index)]"
                guard let string = text as? String else {
                    throw fail(elementKey, "must be a target name or glob, as a string")
                }
                guard let pattern = TargetPattern(string) else {
                    throw fail(
                        elementKey,
                        "'\(string.prefix(80))' is not a target name or glob (empty, over "
                            + "\(TargetPattern.maximumLength) characters, a control character, or a stray '/')")
                }
                guard seen.insert(string).inserted else {
                    throw fail(elementKey, "'\(string)' is listed twice")
                }
                patterns.append(pattern)
            }
            return patterns
        }

        func group(_ value: Any, key: String) throws(LayeringCheckError) -> Group {
            if value is [Any] {
                return Group(targets: try patterns(value, key: key, allowEmpty: false))
            }
            guard let object = value as? [String: Any] else {
                throw fail(
                    key,
                    "a group must be an array of the targets kept apart, e.g. [[\"Notes\", \"Tags\"]], or an object "
                        + "with \"targets\"")
            }
            try onlyKeys(object, ["name", "targets", "includeTests", "hint", "components", "router"], key: key)
            guard let targets = object["targets"] else { throw fail("\(key).targets", "missing") }
            var name: String?
            if let value = object["name"] {
                guard let text = value as? String, Self.isLineOfText(text, maximumLength: 100) else {
                    throw fail("\(key).name", "must be a short line of text, e.g. \"components\"")
                }
                name = text
            }
            return Group(
                name: name, targets: try patterns(targets, key: "\(key).targets", allowEmpty: false),
                includesTests: try flag(object["includeTests"], key: "\(key).includeTests") ?? true,
                hint: try hint(object["hint"], key: "\(key).hint", placeholders: Self.findingPlaceholders),
                areComponents: try flag(object["components"], key: "\(key).components") ?? false,
                router: try hint(object["router"], key: "\(key).router", placeholders: ["owner"]))
        }

        func dependencyHint(_ value: Any, key: String) throws(LayeringCheckError) -> DependencyHint {
            guard let object = value as? [String: Any] else {
                throw fail(key, "must be an object: {\"from\": [...], \"to\": [...], \"hint\": \"...\"}")
            }
            try onlyKeys(object, ["from", "to", "hint"], key: key)
            guard
                let hint = try hint(
                    object["hint"], key: "\(key).hint", placeholders: ["target", "other", "folder", "otherFolder"])
            else {
                throw fail("\(key).hint", "missing; say what to do instead of declaring the dependency")
            }
            return DependencyHint(
                from: try patterns(object["from"] ?? [Any](), key: "\(key).from", allowEmpty: false),
                to: try patterns(object["to"] ?? [Any](), key: "\(key).to", allowEmpty: false),
                hint: hint)
        }

        func forbidden(_ value: Any, key: String) throws(LayeringCheckError) -> Forbidden {
            guard let object = value as? [String: Any] else {
                throw fail(key, "must be an object: {\"from\": [...], \"to\": [...], \"reason\": \"...\"}")
            }
            try onlyKeys(object, ["from", "to", "reason", "allowDependency"], key: key)
            return Forbidden(
                from: try patterns(object["from"] ?? [Any](), key: "\(key).from", allowEmpty: false),
                to: try patterns(object["to"] ?? [Any](), key: "\(key).to", allowEmpty: false),
                reason: try hint(object["reason"], key: "\(key).reason", placeholders: Self.findingPlaceholders),
                allowsDependency: try flag(object["allowDependency"], key: "\(key).allowDependency") ?? false
            )
        }

        /// A `true` or `false`, not a number or a string that looks like one.
        func flag(_ value: Any?, key: String) throws(LayeringCheckError) -> Bool? {
            guard let value else { return nil }
            // JSON's `true` and `false` decode to a number of type char ("c"); `1` to an integer.
            guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else {
                throw fail(key, "must be true or false")
            }
            return number.boolValue
        }

        func ignore(_ value: Any, key: String, index: Int) throws(LayeringCheckError) -> Ignore {
            guard let object = value as? [String: Any] else {
                throw fail(key, "must be an object: {\"from\": ..., \"to\": ..., \"rule\": ..., \"reason\": \"...\"}")
            }
            try onlyKeys(object, ["from", "to", "rule", "reason"], key: key)
            guard let reason = try optionalText(object["reason"], key: "\(key).reason") else {
                throw fail("\(key).reason", "missing; say why this finding is accepted")
            }
            var rule: Rule?
            if let ruleValue = object["rule"] {
                guard let text = ruleValue as? String, let parsed = Rule(rawValue: text) else {
                    throw fail(
                        "\(key).rule",
                        "not a rule; use one of \(Rule.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                rule = parsed
            }
            return Ignore(
                from: try patterns(object["from"] ?? [Any](), key: "\(key).from", allowEmpty: false),
                to: try patterns(object["to"] ?? [Any](), key: "\(key).to", allowEmpty: false),
                rule: rule,
                reason: reason,
                line: ignoreLines.indices.contains(index) ? ignoreLines[index] : 1
            )
        }

        /// What a layer's or group's hint, or a forbidden entry's reason, may name.
        static let findingPlaceholders = ["target", "other", "owner", "router"]

        /// ``optionalText(_:key:)`` whose `{name}` placeholders are each one of `placeholders`: any other
        /// would be printed as it is written.
        func hint(_ value: Any?, key: String, placeholders: [String]) throws(LayeringCheckError) -> String? {
            guard let text = try optionalText(value, key: key) else { return nil }
            for match in text.matches(of: #/\{([A-Za-z_][A-Za-z0-9_]*)\}/#)
            where !placeholders.contains(String(match.output.1)) {
                let known = placeholders.map { "{\($0)}" }.joined(separator: ", ")
                throw fail(key, "'{\(match.output.1)}' is no placeholder here; the placeholders here are \(known)")
            }
            return text
        }

        func optionalText(_ value: Any?, key: String) throws(LayeringCheckError) -> String? {
            guard let value else { return nil }
            guard let text = value as? String, Self.isLineOfText(text, maximumLength: 500) else {
                throw fail(key, "must be one line of text (at most 500 characters, no control characters)")
            }
            return text
        }

        /// Text that prints on one line as it is: not blank, not too long, no control characters (a line
        /// break or an escape sequence would forge or hide output).
        static func isLineOfText(_ text: String, maximumLength: Int) -> Bool {
            !text.trimmingCharacters(in: .whitespaces).isEmpty && text.count <= maximumLength
                && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }

        func onlyKeys(_ object: [String: Any], _ allowed: [String], key: String) throws(LayeringCheckError) {
            if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw fail(
                    "\(key).\(unknown)", "unknown key; use \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
        }
    }
}
