/// What each name an `#if` of a target's sources may test is where the target is compiled, as SwiftPM
/// builds it: its own names (`SWIFT_PACKAGE`, and `DEBUG` in debug builds), the target's defines on
/// each platform and in each configuration, and the package's traits. A name none of them defines is
/// not defined: the check reads the package as a plain `swift build` builds it, without `-Xswiftc -D`.
struct DefinedNames {
    /// A name's value on one platform in one configuration.
    enum Value: Equatable {
        case defined, undefined
        /// Not known: the manifest was not read, or SwiftPM decides it from what the check does not
        /// read (whether the target has resources).
        case unknown
        /// Decided outside the package's files: by whoever builds, or by the machine that runs the
        /// manifest.
        case undecidable(Reason)
    }

    /// Why a name cannot be decided.
    enum Reason: Equatable {
        /// It is a trait of the package: defined where whoever builds enables it.
        case trait
        /// It is defined only with one of these traits enabled.
        case definedWithTraits([String])
        /// The manifest may define it under an `#if` of its own, at this line, that another machine
        /// decides otherwise.
        case manifestBranch(line: Int)
    }

    /// Where an import stands on one platform in one configuration.
    enum Verdict: Equatable {
        case notCompiled, compiled
        /// Compiled or not depending on `name`, which cannot be decided.
        case undecided(name: String, reason: Reason)
    }

    /// The target's defines by name; `nil` when the manifest was not read.
    private let defines: [String: [SwiftDefine]]?
    private let traits: Set<String>
    /// The traits a plain `swift build` enables: their names are defined, as that build fails or not.
    private let defaultTraits: Set<String>
    /// The names defined under the manifest's varying `#if`s: in this target's declaration, and
    /// outside any declaration.
    private let ownBranchNames: ManifestLocator.BranchNames?
    private let sharedBranchNames: ManifestLocator.BranchNames?

    init(target: String, graph: PackageGraph, locator: ManifestLocator) {
        defines = graph.defines.map { Dictionary(grouping: $0[target] ?? [], by: \.name) }
        traits = Set(graph.traits ?? [])
        defaultTraits = Set(graph.defaultTraits ?? [])
        ownBranchNames = locator.branchDefines[target]
        sharedBranchNames = locator.branchDefines[String?.none]
    }

    func value(of name: String, on platform: String, in configuration: BuildConfiguration) -> Value {
        guard let defines else { return .unknown }
        // `$AsyncAwait` and the like: the compiler's features, which the check does not know.
        guard !name.hasPrefix("$") else { return .unknown }
        switch name {
        case "SWIFT_PACKAGE": return .defined
        case "DEBUG" where configuration == .debug: return .defined
        case "SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE", "SWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE": return .unknown
        default: break
        }
        // The description was read here; a manifest that chooses its defines with its own `#if` may
        // choose others on a machine of another platform.
        if platform != Platform.host,
            let line = ownBranchNames?.line(of: name) ?? sharedBranchNames?.line(of: name)
        {
            return .undecidable(.manifestBranch(line: line))
        }
        var withTraits: [String] = []
        for define in defines[name] ?? [] where define.applies(on: platform, in: configuration) {
            guard let traits = define.traits, !traits.contains(where: defaultTraits.contains) else { return .defined }
            withTraits += traits
        }
        if defaultTraits.contains(name) { return .defined }
        if traits.contains(name) { return .undecidable(.trait) }
        return withTraits.isEmpty ? .undefined : .undecidable(.definedWithTraits(withTraits))
    }

    /// Whether `declaration` is compiled on `platform` in `configuration`, for a module declared for
    /// `platforms`. A condition the check cannot evaluate (`compiler(>=6)`) may hold, as ever; one that
    /// holds or not depending on an undecidable name is compiled only if it is whichever way the name
    /// goes, else it is undecided, never reported as compiled.
    func verdict(
        of declaration: ImportDeclaration, on platform: String, in configuration: BuildConfiguration,
        declaredFor platforms: [String]?
    ) -> Verdict {
        var undecidable: (name: String, reason: Reason)?
        let mayBeCompiled = declaration.mayBeActive(on: platform, declaredFor: platforms) { name in
            switch value(of: name, on: platform, in: configuration) {
            case .defined: return true
            case .undefined: return false
            case .unknown: return nil
            case .undecidable(let reason):
                if undecidable == nil { undecidable = (name, reason) }
                return nil
            }
        }
        guard mayBeCompiled else { return .notCompiled }
        guard let undecidable else { return .compiled }
        let eitherWay = [true, false].allSatisfy { assumed in
            declaration.mayBeActive(on: platform, declaredFor: platforms) { name in
                switch value(of: name, on: platform, in: configuration) {
                case .defined: true
                case .undefined: false
                case .unknown: nil
                case .undecidable: assumed
                }
            }
        }
        return eitherWay ? .compiled : .undecided(name: undecidable.name, reason: undecidable.reason)
    }
}
