import MiddlewareSupport

/// A ``LayerContract`` applied to one package's targets: which layer each target is in, which
/// component each belongs to, and what each may not reach.
struct ResolvedContract {
    /// Why one target may not reach another.
    enum Breach {
        /// The other target is in a higher layer.
        case upward(from: Int, to: Int)
        /// Both belong to members of independence group `group`: components `owner` and `otherOwner`.
        case independence(group: Int, owner: String, otherOwner: String)
        /// A `forbidden` entry covers the pair.
        case forbidden(LayerContract.Forbidden)
    }

    let contract: LayerContract
    /// Each target's layer, as an index into ``LayerContract/layers`` (0 is the top).
    private let layerIndex: [String: Int]
    /// For each independence group, each target's component: the member it belongs to.
    private let owners: [[String: String]]
    /// For each forbidden entry, the names its sides match.
    private let forbidden: [(entry: LayerContract.Forbidden, from: Set<String>, to: Set<String>)]

    /// Resolves `contract` against `targets`; a file contract that names no target, or puts a target in
    /// two layers, is refused with the key at fault, and with why the packages this one depends on could
    /// not be read (`packagesProblem`), if they could not: the contract may name targets of theirs.
    init(
        _ contract: LayerContract, targets: [PackageGraph.Target], packagesProblem: String? = nil
    ) throws(LayeringCheckError) {
        self.contract = contract
        let validates = contract.path != nil
        func resolve(_ patterns: [TargetPattern], key: String) throws(LayeringCheckError) -> [PackageGraph.Target] {
            var matched: [PackageGraph.Target] = []
            for (index, pattern) in patterns.enumerated() {
                let hits = targets.filter { pattern.matches($0) }
                if hits.isEmpty, validates {
                    throw .invalidContract(
                        path: contract.path ?? LayerContract.fileName,
                        key: patterns.count == 1 ? key : "\(key)[\(index)]",
                        problem: Self.noMatch(
                            pattern, targets: targets, packages: contract.packages, packagesProblem: packagesProblem))
                }
                matched += hits
            }
            return matched
        }

        var layerIndex: [String: Int] = [:]
        for (index, layer) in contract.layers.enumerated() {
            for target in try resolve(layer.targets, key: "layers[\(index)]") {
                if let other = layerIndex[target.name], other != index, validates {
                    throw .invalidContract(
                        path: contract.path ?? LayerContract.fileName, key: "layers[\(index)]",
                        problem: "'\(target.name)' is already in layer '\(contract.layers[other].name)'; "
                            + "a target has one layer")
                }
                layerIndex[target.name] = layerIndex[target.name] ?? index
            }
        }
        self.layerIndex = layerIndex

        var owners: [[String: String]] = []
        for (index, group) in contract.independence.enumerated() {
            let members = try resolve(group.targets, key: "independence[\(index)]")
            let kept = Set(members.filter { !$0.isTest }.map(\.name))
            if validates, kept.count < 2 {
                let tests = Set(members.map(\.name)).count - kept.count
                throw .invalidContract(
                    path: contract.path ?? LayerContract.fileName, key: "independence[\(index)]",
                    problem: "the group matches \(kept.count) target\(kept.count == 1 ? "" : "s") that "
                        + "\(kept.count == 1 ? "is" : "are") not tests"
                        + (tests == 0
                            ? "" : " (and \(tests) test target\(tests == 1 ? "" : "s"), which follow their members)")
                        + "; it needs two or more to keep apart")
            }
            owners.append(Self.components(of: members, among: targets, includingTests: group.includesTests))
        }
        self.owners = owners

        var forbidden: [(LayerContract.Forbidden, Set<String>, Set<String>)] = []
        for (index, entry) in contract.forbidden.enumerated() {
            let from = try resolve(entry.from, key: "forbidden[\(index)].from")
            let to = try resolve(entry.to, key: "forbidden[\(index)].to")
            forbidden.append((entry, Set(from.map(\.name)), Set(to.map(\.name))))
        }
        self.forbidden = forbidden

        for (index, entry) in contract.ignore.enumerated() {
            _ = try resolve(entry.from, key: "ignore[\(index)].from")
            _ = try resolve(entry.to, key: "ignore[\(index)].to")
        }
        for (index, entry) in contract.dependencyHints.enumerated() {
            _ = try resolve(entry.from, key: "dependencyHints[\(index)].from")
            _ = try resolve(entry.to, key: "dependencyHints[\(index)].to")
        }
    }

    /// Maps every target that belongs to a member to that member: the member itself, any target whose
    /// folder lies inside the member's (a preview, a test target placed there), and, when
    /// `includingTests`, its test target `<Member>Tests`. A member inside another member's folder
    /// belongs to the outer one; a test target matched directly and in no member's folder is a
    /// component of its own.
    private static func components(
        of members: [PackageGraph.Target], among targets: [PackageGraph.Target], includingTests: Bool
    ) -> [String: String] {
        // Each member's folder, outermost first: a target belongs to the shortest member folder that is
        // its own folder or one of its ancestors, found by walking up its path.
        var rootByFolder: [Substring: String] = [:]
        for member in members.filter({ !$0.isTest }).sorted(by: { $0.path.count > $1.path.count }) {
            rootByFolder[member.path[...]] = member.name
        }
        var owner: [String: String] = [:]
        for target in targets {
            var folder = target.path[...]
            var found: String?
            while true {
                if let root = rootByFolder[folder] {
                    found = root  // keep walking: an outer member wins
                }
                guard let slash = folder.lastIndex(of: "/") else { break }
                folder = folder[..<slash]
            }
            if let found, !includingTests, target.isTest, target.name != found {
                continue  // the group leaves its members' tests out, wherever they live
            }
            owner[target.name] = found
        }
        for target in targets
        where includingTests && target.isTest && owner[target.name] == nil && target.name.hasSuffix("Tests") {
            let tested = String(target.name.dropLast("Tests".count))
            if let root = owner[tested] {
                owner[target.name] = root
            }
        }
        for member in members where owner[member.name] == nil {
            owner[member.name] = member.name  // a test target matched directly, in no member's folder
        }
        return owner
    }

    private static func noMatch(
        _ pattern: TargetPattern, targets: [PackageGraph.Target], packages: [TargetPattern], packagesProblem: String?
    ) -> String {
        if let packagesProblem, !packages.isEmpty {
            // The targets of the packages "packages" names are missing because SwiftPM could not read them.
            return "'\(pattern.text)' matches no target, as the packages this one depends on could not be read,"
                + " those \"packages\" names among them: \(packagesProblem); fix that first (swift build says more)"
        }
        let what = pattern.matchesPath ? "no target's folder" : "no target"
        let candidates = pattern.matchesPath ? targets.map(\.path) : targets.map(\.name)
        let suggestion = pattern.isGlob ? nil : candidates.closest(to: pattern.text)
        // A target of a package "packages" names is missing when that package was not found.
        let elsewhere =
            packages.isEmpty
            ? ""
            : ", or, if it is a target of a package in a folder \"packages\" names"
                + " (\(packages.map { "'\($0.text)'" }.joined(separator: ", "))), that this package depends on that one by path"
        return "'\(pattern.text)' matches \(what)"
            + (suggestion.map { "; did you mean '\($0)'?" } ?? "; check the name against Package.swift\(elsewhere)")
    }

    // MARK: Questions

    /// The layer `target` is in, as an index into ``LayerContract/layers`` (0 is the top), if any.
    func layer(of target: String) -> Int? {
        layerIndex[target]
    }

    /// The name of the layer `target` is in, if any.
    func layerName(of target: String) -> String? {
        layerIndex[target].map { contract.layers[$0].name }
    }

    /// The index of the first independence group `target` belongs to, if any.
    func group(of target: String) -> Int? {
        owners.firstIndex { $0[target] != nil }
    }

    /// The component `target` belongs to in some independence group, if any.
    func component(of target: String) -> String? {
        owners.lazy.compactMap { $0[target] }.first
    }

    /// Whether any rule could keep `target` from reaching something: the search along chains is
    /// skipped for targets no rule constrains.
    func constrains(_ target: String) -> Bool {
        (layerIndex[target] ?? 0) > 0 || constrainsBeyondLayers(target)
    }

    /// Whether a rule other than the layers could keep `target` from reaching something: it belongs
    /// to an independence group, or a forbidden entry starts at it.
    func constrainsBeyondLayers(_ target: String) -> Bool {
        owners.contains { $0[target] != nil } || forbidden.contains { $0.from.contains(target) }
    }

    /// Why `source` may not reach `destination`, or `nil` if it may: by `import` when `isImport`,
    /// else by a declared dependency.
    func breach(from source: String, to destination: String, isImport: Bool = false) -> Breach? {
        guard source != destination else { return nil }
        for (index, group) in owners.enumerated() {
            if let owner = group[source], let otherOwner = group[destination], owner != otherOwner {
                return .independence(group: index, owner: owner, otherOwner: otherOwner)
            }
        }
        if let entry = forbidden.first(where: {
            (isImport || !$0.entry.allowsDependency) && $0.from.contains(source) && $0.to.contains(destination)
        }) {
            return .forbidden(entry.entry)
        }
        if let from = layerIndex[source], let to = layerIndex[destination], to < from {
            return .upward(from: from, to: to)
        }
        return nil
    }
}
