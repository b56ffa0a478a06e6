import Foundation

/// Applies a package's layer contract: to the dependencies its manifest declares, along every chain of
/// them, and to every import in every source file of every target.
public struct LayeringChecker: Sendable {
    /// The package to check.
    public let graph: PackageGraph
    /// The contract it keeps: its `layers.json`, or ``LayerContract/empty``.
    public let contract: LayerContract

    let targets: [PackageGraph.Target]
    let targetsByName: [String: PackageGraph.Target]
    let targetsByModule: [String: PackageGraph.Target]
    /// What each target declares and reaches, other packages' modules included.
    let modules: ModuleReach
    /// Folders, from the root, that the contract's `packages` names and that hold a package this one
    /// does not depend on by path (one it takes by URL, say): nothing in them is checked, and the check
    /// says so. ``check(packageAt:)`` finds them.
    public var packagesLeftOut: [String] = []

    /// Creates a checker for a package.
    public init(graph: PackageGraph, contract: LayerContract = .empty) {
        self.graph = graph
        self.contract = contract
        // A description may list a name twice; the first one counts, as in SwiftPM's own error message.
        var seen: Set<String> = []
        targets = graph.targets.filter { !$0.isPlugin && seen.insert($0.name).inserted }
        targetsByName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        targetsByModule = Dictionary(targets.map { ($0.moduleName, $0) }, uniquingKeysWith: { first, _ in first })
        modules = ModuleReach(graph: graph, targets: targetsByName)
    }

    /// Checks every target, with `manifest` as the text of `Package.swift`.
    public func check(
        manifest: String? = nil,
        readFile: (String) throws -> [UInt8]
    ) throws(LayeringCheckError) -> LayeringReport {
        try check(manifests: manifest.map { [ManifestFile(path: "Package.swift", text: $0)] } ?? [], readFile: readFile)
    }

    /// Checks every target.
    ///
    /// - Parameters:
    ///   - manifests: The package's manifests, the one SwiftPM reads first: it locates dependency
    ///     findings; every one is searched for module aliases. Those of a package checked as this
    ///     one's own (``PackageGraph/includedPackages``) follow, at their paths from the root
    ///     (`Features/Reminders/Package.swift`), and locate its targets' findings.
    ///   - readFile: Reads a file, given its path relative to the package root.
    public func check(
        manifests: [ManifestFile],
        readFile: (String) throws -> [UInt8]
    ) throws(LayeringCheckError) -> LayeringReport {
        let resolved = try ResolvedContract(contract, targets: targets, packagesProblem: graph.packagesProblem)
        let locators = manifests.map(ManifestLocator.init)
        var run = Run(
            checker: self, contract: resolved,
            locator: locators.first ?? ManifestLocator(ManifestFile(path: "Package.swift", text: "")),
            packageLocators: locators)
        var fileCount = 0
        var importCount = 0
        let buildToolPlugins = Set(
            graph.targets.filter { $0.isPlugin && $0.pluginCapability == "buildTool" }.map(\.name))
        for target in targets {
            run.checkDependencies(of: target)
            run.checkPlugins(of: target, buildToolPlugins: buildToolPlugins)
            for source in target.sources where source.hasSuffix(".swift") {
                let path = target.path.isEmpty ? source : "\(target.path)/\(source)"
                let bytes: [UInt8]
                do {
                    bytes = try readFile(path)
                } catch {
                    throw .unreadableFile(path: path, reason: error.localizedDescription)
                }
                fileCount += 1
                if let offset = Self.firstInvalidUTF8Offset(in: bytes) {
                    run.append(Self.encodingWarning(path: path, bytes: bytes, offset: offset, target: target))
                }
                let imports = ImportScanner.imports(in: bytes)
                importCount += imports.count
                run.checkImports(imports, in: path, of: target, bytes: bytes)
            }
        }
        for locator in locators {
            run.checkModuleAliases(in: locator)
        }
        if let problem = graph.packagesProblem {
            // Said once, so a package that cannot resolve its dependencies is never taken for clean.
            run.append(
                Diagnostic(
                    path: run.locator.path, line: 1, column: 1, severity: .warning, rule: .incompleteSources,
                    message: "the packages this one depends on could not be read, so imports of their modules are "
                        + "not checked (\(problem))",
                    hint: "resolve the dependencies (swift package resolve), then run again with --no-cache",
                    target: ""))
        }
        for pattern in contract.packages
        where !(graph.includedPackages ?? []).contains(where: pattern.matches)
            // A folder left out is said below, with what to do about it.
            && !packagesLeftOut.contains(where: pattern.matches)
        {
            // Said, so a typo or a description without folders (one written elsewhere) is never taken
            // for a package checked as this one's own.
            let hint =
                if graph.packagesProblem != nil {
                    "the packages this one depends on could not be read (the warning on the manifest says why)"
                } else if graph.packages?.contains(where: { $0.folder != nil }) != true {
                    "the description given says no package's folder; run the command (swift run layering-check)"
                } else {
                    "give the folder of a package this one depends on by path, relative to its root"
                }
            run.append(
                Diagnostic(
                    path: contract.path ?? LayerContract.fileName, line: 1, column: 1, severity: .warning,
                    rule: .incompleteSources,
                    message: "\"packages\" names '\(pattern.text)', which matches no folder of a package this one"
                        + " depends on by path, so nothing there is checked as this package's own",
                    hint: hint,
                    target: ""))
        }
        for folder in packagesLeftOut {
            // Said, so a package the app stopped depending on by path is never taken for one checked.
            run.append(
                Diagnostic(
                    path: contract.path ?? LayerContract.fileName, line: 1, column: 1, severity: .warning,
                    rule: .incompleteSources,
                    message: "the package in \(folder), which \"packages\" names, is not checked: this package"
                        + " does not depend on it by path from its folder (it may take a published version"
                        + " instead, or reach it through a symbolic link)",
                    hint: "check it in its own repository, or depend on its folder by path to check it here",
                    target: ""))
        }
        run.countUndecidedImports()
        var diagnostics = run.applyIgnores()
        diagnostics.sort {
            ($0.path, $0.line, $0.column, $0.rule.rawValue, $0.message)
                < ($1.path, $1.line, $1.column, $1.rule.rawValue, $1.message)
        }
        var report = LayeringReport(
            diagnostics: diagnostics,
            targetCount: targets.count,
            fileCount: fileCount,
            importCount: importCount
        )
        report.importedTargets = run.importedTargets.mapValues { $0.sorted() }
        return report
    }

    /// The state of one check: the findings so far and what was worked out on the way.
    private struct Run {
        let checker: LayeringChecker
        let contract: ResolvedContract
        /// The package's manifest, which locates dependency findings.
        let locator: ManifestLocator
        /// The folder of the package checked as this one's own that each of its targets is in.
        private let includedFolders: [String: String]
        /// The manifest SwiftPM reads in each such folder.
        private let folderLocators: [String: ManifestLocator]
        private(set) var diagnostics: [Diagnostic] = []
        /// For each target, the other targets of this package its sources import.
        private(set) var importedTargets: [String: Set<String>] = [:]
        /// Every target each target reaches through declared dependencies, worked out on demand.
        private var reachable: [String: Set<String>] = [:]
        /// For each target, the highest layer it reaches along allowed dependencies.
        private var highestLayer: [String: Int] = [:]
        /// For each target, what its `#if`s may test, worked out on demand.
        private var definedNames: [String: DefinedNames] = [:]
        /// For each target, the one warning about imports whose conditions the check cannot decide:
        /// where it is in ``diagnostics``, and how many imports it stands for.
        private var undecided: [String: (index: Int, count: Int)] = [:]

        init(
            checker: LayeringChecker, contract: ResolvedContract, locator: ManifestLocator,
            packageLocators: [ManifestLocator]
        ) {
            self.checker = checker
            self.contract = contract
            self.locator = locator
            // The first manifest in each included package's folder is the one SwiftPM reads there.
            var byFolder: [String: ManifestLocator] = [:]
            for other in packageLocators {
                let folder = String(other.path.split(separator: "/").dropLast().joined(separator: "/"))
                if byFolder[folder] == nil { byFolder[folder] = other }
            }
            folderLocators = byFolder
            var folders: [String: String] = [:]
            for folder in checker.graph.includedPackages ?? [] {
                for target in checker.targets where target.path == folder || target.path.hasPrefix(folder + "/") {
                    folders[target.name] = folder
                }
            }
            includedFolders = folders
        }

        /// The manifest that declares `target`: its package's own.
        func locator(of target: String) -> ManifestLocator {
            includedFolders[target].flatMap { folderLocators[$0] } ?? locator
        }

        mutating func append(_ diagnostic: Diagnostic) {
            diagnostics.append(diagnostic)
        }

        private func target(_ name: String) -> PackageGraph.Target? { checker.targetsByName[name] }

        // MARK: Dependencies and chains

        /// Reports each declared dependency that breaks the contract, then each target reached along a
        /// chain of allowed dependencies that the target itself may not reach: one finding per first
        /// hop, naming the chain to the first such target.
        mutating func checkDependencies(of source: PackageGraph.Target) {
            for name in source.dependencies {
                guard let dependency = target(name), let breach = contract.breach(from: source.name, to: name) else {
                    continue
                }
                report(breach, from: source, to: dependency, chain: nil, more: [], isImport: false)
            }
            guard contract.constrains(source.name) else { return }
            // Only the layers constrain it, and nothing it reaches along allowed dependencies is in a
            // layer above its own: no chain can break a rule, so none is searched for.
            if !contract.constrainsBeyondLayers(source.name), let layer = contract.layer(of: source.name),
                highestLayerReached(from: source.name) >= layer
            {
                return
            }
            for (hop, reached) in chainsBreaking(from: source) {
                guard let first = reached.first, let destination = target(first.last ?? ""),
                    let breach = contract.breach(from: source.name, to: destination.name),
                    target(hop) != nil
                else { continue }
                let others = reached.dropFirst().compactMap(\.last)
                report(breach, from: source, to: destination, chain: first, more: Array(others), isImport: false)
            }
        }

        /// For each first hop of `source`, the targets `source` may not reach that it reaches through
        /// that hop, passing only through dependencies each target on the way may have: the first with
        /// its chain (a shortest one), the others by name. Linear in the targets and dependencies.
        private func chainsBreaking(from source: PackageGraph.Target) -> [(hop: String, chains: [[String]])] {
            var previous: [String: String] = [source.name: source.name]
            var queue: [String] = []
            for name in source.dependencies where target(name) != nil && previous[name] == nil {
                if contract.breach(from: source.name, to: name) == nil {
                    previous[name] = source.name
                    queue.append(name)
                }
            }
            let direct = Set(source.dependencies)
            var found: [String: [[String]]] = [:]
            var hops: [String] = []
            var hopOf: [String: String] = [:]
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                let hop = hopOf[current] ?? current
                for next in target(current)?.dependencies ?? [] where previous[next] == nil && target(next) != nil {
                    guard contract.breach(from: current, to: next) == nil else { continue }
                    previous[next] = current
                    hopOf[next] = hop
                    queue.append(next)
                    guard !direct.contains(next), contract.breach(from: source.name, to: next) != nil else { continue }
                    if found[hop] == nil {
                        hops.append(hop)
                        var chain = [next]
                        while let last = chain.last, last != source.name, let before = previous[last] {
                            chain.append(before)
                        }
                        found[hop] = [chain.reversed()]
                    } else {
                        found[hop]?.append([next])  // only the name is shown for the others
                    }
                }
            }
            return hops.map { ($0, found[$0] ?? []) }
        }

        /// The highest layer (the smallest index; `Int.max` for none) of any target `name` reaches
        /// along dependencies the contract allows at each step, as a chain search would walk them.
        /// Worked out once for every target, each from those of its dependencies, so a long chain of
        /// targets costs its length, not its length squared. A cycle, which SwiftPM refuses, counts
        /// what was found before it closed.
        private mutating func highestLayerReached(from name: String) -> Int {
            if let known = highestLayer[name] { return known }
            let (checker, contract) = (self.checker, self.contract)
            foldDependencies(from: name, into: &highestLayer) { current in
                (checker.targetsByName[current]?.dependencies ?? []).filter {
                    checker.targetsByName[$0] != nil && contract.breach(from: current, to: $0) == nil
                }
            } fold: { _, dependencies in
                dependencies.reduce(Int.max) { highest, dependency in
                    min(highest, contract.layer(of: dependency.name) ?? Int.max, dependency.value)
                }
            }
            return highestLayer[name] ?? Int.max
        }

        /// Every target `source` reaches through declared dependencies.
        private mutating func reach(of source: String) -> Set<String> {
            if let known = reachable[source] { return known }
            var seen: Set<String> = []
            var stack = target(source)?.dependencies ?? []
            while let name = stack.popLast() {
                guard seen.insert(name).inserted else { continue }
                stack += target(name)?.dependencies ?? []
            }
            reachable[source] = seen
            return seen
        }

        // MARK: Imports

        /// Checks a file's imports: of this package's modules by the contract and the declared
        /// dependencies, of other packages' modules by the declared products, and of modules declared
        /// for some platforms only by the `#if` around them. One finding per module and rule, however
        /// many `#if` branches repeat the import.
        mutating func checkImports(
            _ imports: [ImportDeclaration], in path: String, of source: PackageGraph.Target, bytes: [UInt8]
        ) {
            let start = diagnostics.count
            defer { Self.addScalarColumns(to: &diagnostics[start...], bytes: bytes) }
            // The imports of each module, by their places in `imports`: one lookup per import, no copy.
            var groups: [[Int]] = []
            var groupOf: [String: Int] = [:]
            for index in imports.indices {
                let module = imports[index].module
                if let group = groupOf[module] {
                    groups[group].append(index)
                } else {
                    groupOf[module] = groups.count
                    groups.append([index])
                }
            }
            for group in groups {
                let declaration = imports[group[0]]
                let module = declaration.module
                let declarations = group.lazy.map { imports[$0] }
                // Through the plugin, a dependency declared for other platforms only is not listed:
                // an import under `#if` may be of one, so whether it is declared cannot be told.
                let mayBeDeclaredElsewhere =
                    checker.graph.conditionsApplied == true && declarations.allSatisfy { !$0.conditions.isEmpty }
                if let imported = checker.targetsByModule[module] {
                    guard imported.name != source.name else { continue }
                    checkImport(
                        of: imported, at: declaration, in: path, from: source,
                        checksDeclaration: !mayBeDeclaredElsewhere)
                } else if let owner = checker.modules.owners[module], !mayBeDeclaredElsewhere {
                    checkImport(of: module, owner: owner, at: declaration, in: path, from: source)
                }
                checkPlatforms(of: module, imports: declarations, in: path, from: source)
            }
        }

        /// The contract's own words for `source` importing `imported` without declaring it, if a
        /// `dependencyHints` entry covers the two.
        func dependencyHint(for imported: PackageGraph.Target, in source: PackageGraph.Target) -> String? {
            guard
                let entry = contract.contract.dependencyHints.first(where: { entry in
                    entry.from.contains { $0.matches(source) } && entry.to.contains { $0.matches(imported) }
                })
            else { return nil }
            /// The folder the first matching pattern's wildcard stands for, else the target's last folder.
            func folder(_ target: PackageGraph.Target, matching patterns: [TargetPattern]) -> String {
                let named = patterns.lazy.compactMap { $0.wildcardFolder(in: target.path) }.first
                return String(named ?? target.path.split(separator: "/").last ?? Substring(target.name))
            }
            return entry.hint.replacingOccurrences(of: "{target}", with: source.name)
                .replacingOccurrences(of: "{other}", with: imported.name)
                .replacingOccurrences(of: "{folder}", with: folder(source, matching: entry.from))
                .replacingOccurrences(of: "{otherFolder}", with: folder(imported, matching: entry.to))
        }

        /// An import of a target of this package.
        private mutating func checkImport(
            of imported: PackageGraph.Target, at declaration: ImportDeclaration, in path: String,
            from source: PackageGraph.Target, checksDeclaration: Bool
        ) {
            importedTargets[source.name, default: []].insert(imported.name)
            let location = (path, declaration.line, declaration.column)
            if let breach = contract.breach(from: source.name, to: imported.name, isImport: true) {
                report(breach, from: source, to: imported, chain: nil, more: [], isImport: true, at: location)
            } else if checksDeclaration, !source.dependencies.contains(imported.name) {
                let reached = reach(of: source.name).contains(imported.name)
                // Where the imported target already reaches this one, declaring it would close a cycle.
                let cycles = !reached && reach(of: imported.name).contains(source.name)
                let manifest = locator(of: source.name).path
                let (sourceFolder, importedFolder) = (includedFolders[source.name], includedFolders[imported.name])
                let isAcross = sourceFolder != importedFolder
                let owner =
                    !isAcross ? "this package" : importedFolder.map { "the package in \($0)" } ?? "the app's package"
                let hint: String
                if cycles {
                    hint =
                        "'\(imported.name)' depends on '\(source.name)', so declaring it would make a cycle; move what"
                        + " '\(source.name)' needs of it into '\(source.name)' or a target both depend on"
                } else if let contractHint = dependencyHint(for: imported, in: source) {
                    // The contract's own hint, where it has one, says it best.
                    hint = contractHint
                } else if isAcross {
                    // Declaring it is a dependency on the other package, which must not close a cycle of
                    // packages: the app's package depends on each it checks as its own, and another may
                    // already reach this one.
                    let closesCycle =
                        sourceFolder != nil
                        && (importedFolder == nil
                            || reach(of: imported.name).contains { includedFolders[$0] == sourceFolder })
                    hint =
                        closesCycle
                        ? "\(owner) depends on \(sourceFolder.map { "the package in \($0)" } ?? "the app's package"),"
                            + " which cannot depend on it in turn; move what '\(source.name)' needs of"
                            + " '\(imported.name)' into a package both depend on"
                        : "add the product of \(owner) that offers '\(imported.name)' to the dependencies of"
                            + " '\(source.name)' in \(manifest), and that package to its package's dependencies if it"
                            + " is not there yet"
                } else if reached {
                    hint =
                        "declare \"\(imported.name)\" in the dependencies of '\(source.name)' in \(manifest), so the"
                        + " import survives a change to those dependencies"
                } else {
                    hint =
                        "add \"\(imported.name)\" to the dependencies of '\(source.name)' in \(manifest) (today it"
                        + " builds only when '\(imported.name)' happens to be built first)"
                }
                append(
                    Diagnostic(
                        path: path, line: declaration.line, column: declaration.column,
                        severity: reached ? .warning : .error,
                        rule: reached ? .transitiveImport : .undeclaredImport,
                        message: reached
                            ? "'\(source.name)' imports '\(imported.moduleName)', \(isAcross ? "a module of \(owner) that" : "which")"
                                + " it reaches only through its dependencies"
                            : "'\(source.name)' imports '\(imported.moduleName)', a module of \(owner) that none of its"
                                + " dependencies brings in",
                        hint: hint, target: source.name, module: imported.moduleName))
            }
        }

        /// An import of a module of another package: declared through a product, reached through the
        /// dependencies (a warning), or neither (an error). System modules belong to no package read,
        /// so they never get here.
        private mutating func checkImport(
            of module: String, owner: ModuleReach.Owner, at declaration: ImportDeclaration, in path: String,
            from source: PackageGraph.Target
        ) {
            guard checker.modules.declared[source.name]?[module] == nil else { return }
            let reached = checker.modules.reaches(source.name, module)
            let declare = owner.products.first.map {
                ".product(name: \"\($0)\", package: \"\(owner.identity)\")"
            }
            let hint: String
            if let declare {
                hint =
                    reached
                    ? "declare \(declare) in the dependencies of '\(source.name)' in Package.swift, so the import "
                        + "survives a change to those dependencies"
                    : "add \(declare) to the dependencies of '\(source.name)' in Package.swift"
            } else {
                hint =
                    "no product of '\(owner.package)' offers '\(module)': it is internal to that package; import a "
                    + "module one of its products offers"
            }
            append(
                Diagnostic(
                    path: path, line: declaration.line, column: declaration.column,
                    severity: reached ? .warning : .error, rule: reached ? .transitiveImport : .undeclaredImport,
                    message: reached
                        ? "'\(source.name)' imports '\(module)' of package '\(owner.package)', which it reaches only "
                            + "through its dependencies"
                        : "'\(source.name)' imports '\(module)' of package '\(owner.package)', which none of its "
                            + "dependencies brings in",
                    hint: hint, target: source.name, module: module))
        }

        /// An import of a module `source` declares for some platforms only: reported where some
        /// import of it may be compiled, in either configuration, on a platform it is not declared for,
        /// with what the target defines there. One that is compiled there only if a name the check
        /// cannot decide goes one way is not reported; the target's first such import says so.
        private mutating func checkPlatforms(
            of module: String, imports: some Sequence<ImportDeclaration>, in path: String,
            from source: PackageGraph.Target
        ) {
            guard let declared = checker.modules.declared[source.name]?[module], let platforms = declared else {
                return
            }
            let missing = checker.modules.platforms.filter { !platforms.contains($0) }
            let names = names(of: source.name)
            let only = Platform.list(platforms.sorted { Platform.name($0) < Platform.name($1) })
            for declaration in imports {
                var active: [String] = []
                var configurations: Set<BuildConfiguration> = []
                var unsettled: Unsettled?
                for platform in missing {
                    for configuration in BuildConfiguration.allCases {
                        switch names.verdict(of: declaration, on: platform, in: configuration, declaredFor: platforms) {
                        case .notCompiled:
                            continue
                        case .compiled:
                            if active.last != platform { active.append(platform) }
                            configurations.insert(configuration)
                        case .undecided(let name, let reason):
                            if unsettled == nil { unsettled = Unsettled(platforms: [], name: name, reason: reason) }
                            if unsettled?.platforms.last != platform { unsettled?.platforms.append(platform) }
                        }
                    }
                }
                guard !active.isEmpty else {
                    if let unsettled {
                        noteUnsettled(unsettled, at: declaration, of: module, declaredFor: only, in: path, from: source)
                    }
                    continue
                }
                // Said when one configuration alone compiles it: `#if DEBUG` holds in debug builds only.
                let builds = configurations.count == 1 ? configurations.first.map { " in \($0) builds" } ?? "" : ""
                append(
                    Diagnostic(
                        path: path, line: declaration.line, column: declaration.column, rule: .conditionalImport,
                        message: "'\(source.name)' imports '\(module)', which it declares only for \(only); the "
                            + "import is also compiled on \(Platform.list(active))\(builds), where the build fails "
                            + "with no such module '\(module)'",
                        hint:
                            "guard it with #if \(platforms.map { Platform.condition($0, among: platforms) }.joined(separator: " || ")) "
                            + "or #if canImport(\(module)), or declare the dependency for every platform",
                        target: source.name, module: module))
                return
            }
        }

        /// What the `#if`s of `target` may test.
        private mutating func names(of target: String) -> DefinedNames {
            if let known = definedNames[target] { return known }
            let names = DefinedNames(target: target, graph: checker.graph, locator: locator(of: target))
            definedNames[target] = names
            return names
        }

        /// Where an import may be compiled though its module is missing, if a name goes one way: the
        /// platforms, and the first such name with why it cannot be decided.
        private struct Unsettled {
            var platforms: [String]
            var name: String
            var reason: DefinedNames.Reason
        }

        /// Warns, once per target, of an import the check does not report because whether it is
        /// compiled where its module is missing turns on a name it cannot decide.
        private mutating func noteUnsettled(
            _ unsettled: Unsettled, at declaration: ImportDeclaration, of module: String, declaredFor only: String,
            in path: String, from source: PackageGraph.Target
        ) {
            if let first = undecided[source.name] {
                undecided[source.name]?.count = first.count + 1
                return
            }
            let name = unsettled.name
            let why: String
            switch unsettled.reason {
            case .trait:
                why = "'\(name)' is a trait of the package, defined where whoever builds it enables it"
            case .definedWithTraits(let traits):
                let list = traits.map { "'\($0)'" }.joined(separator: " or ")
                why = "'\(name)' is defined only with the trait\(traits.count == 1 ? "" : "s") \(list) enabled"
            case .manifestBranch(let line):
                why =
                    "'\(name)' may be defined at \(locator(of: source.name).path):\(line), under an #if of the manifest that SwiftPM "
                    + "decides on the machine that runs it"
            }
            undecided[source.name] = (diagnostics.count, 1)
            append(
                Diagnostic(
                    path: path, line: declaration.line, column: declaration.column, severity: .warning,
                    rule: .incompleteSources,
                    message: "'\(source.name)' imports '\(module)', which it declares only for \(only), under a "
                        + "condition the check cannot decide on \(Platform.list(unsettled.platforms)): \(why); the "
                        + "import is not reported",
                    hint: "guard it with #if canImport(\(module)), which the check reads, or make sure the name is "
                        + "defined only where '\(module)' is declared",
                    target: source.name, module: module))
        }

        /// Counts, in each target's warning about undecided imports, the imports it stands for.
        mutating func countUndecidedImports() {
            for (index, count) in undecided.values where count > 1 {
                diagnostics[index].message +=
                    " (nor \(count - 1) more import\(count == 2 ? "" : "s") of the target "
                    + "that turn\(count == 2 ? "s" : "") on such a name)"
            }
        }

        /// Sets ``Diagnostic/scalarColumn`` where a non-ASCII character precedes the column on its line.
        private static func addScalarColumns(to diagnostics: inout ArraySlice<Diagnostic>, bytes: [UInt8]) {
            guard !diagnostics.isEmpty, bytes.contains(where: { $0 >= 0x80 }) else { return }
            let lines = SourceLines(bytes)
            for index in diagnostics.indices {
                let diagnostic = diagnostics[index]
                guard let start = lines.start(ofLine: diagnostic.line) else { continue }
                let prefix = bytes[start..<min(bytes.count, start + diagnostic.column - 1)]
                guard prefix.contains(where: { $0 >= 0x80 }) else { continue }
                diagnostics[index].scalarColumn = String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
            }
        }

        // MARK: What the check cannot see

        /// Warns about a target that uses a build-tool plugin of this package: its generated sources are
        /// not in the description, so their imports go unchecked.
        mutating func checkPlugins(of source: PackageGraph.Target, buildToolPlugins: Set<String>) {
            for name in source.dependencies where buildToolPlugins.contains(name) {
                let manifest = locator(of: source.name)
                let (line, column) = manifest.location(ofDependency: name, inTarget: source.name)
                append(
                    Diagnostic(
                        path: manifest.path, line: line, column: column, severity: .warning,
                        rule: .incompleteSources,
                        message: "'\(source.name)' uses the build-tool plugin '\(name)'; the sources it generates are "
                            + "not on disk before a build, so their imports are not checked",
                        hint: "keep generated code's imports to modules '\(source.name)' declares", target: source.name,
                        module: name))
            }
        }

        /// Warns at each `moduleAliases:` argument and each `-module-alias` compiler flag of a manifest,
        /// and at compiler flags built from an expression: an aliased module is imported under a name the
        /// check does not know.
        /// One warning per target and kind, at the first place, counting the others.
        mutating func checkModuleAliases(in manifest: ManifestLocator) {
            struct Kind: Hashable {
                var owner: String?
                var isExpression: Bool
            }
            var firsts: [ManifestLocator.Rename] = []
            var counts: [Kind: Int] = [:]
            for rename in manifest.renames {
                let kind = Kind(owner: rename.owner, isExpression: rename.isExpression)
                if counts[kind] == nil {
                    firsts.append(rename)
                }
                counts[kind, default: 0] += 1
            }
            for rename in firsts {
                let others = (counts[Kind(owner: rename.owner, isExpression: rename.isExpression)] ?? 1) - 1
                let more = others == 0 ? "" : " (and \(others) more place\(others == 1 ? "" : "s") in the manifest)"
                let owner = rename.owner.map { "'\($0)'" } ?? "a target"
                append(
                    Diagnostic(
                        path: manifest.path, line: rename.line, column: rename.column, severity: .warning,
                        rule: .incompleteSources,
                        message: rename.isExpression
                            ? "\(owner) passes compiler flags built from an expression\(more); a module alias "
                                + "among them would rename a module the check does not see"
                            : "\(owner) renames a module with a module alias\(more); imports of the new name are "
                                + "not matched to the target",
                        hint: rename.isExpression
                            ? "write the flags as string literals, so the check can read them"
                            : "prefer the module's own name, or add the alias's target to the contract by its name",
                        target: rename.owner ?? "", module: nil))
            }
        }

        // MARK: Ignores

        /// Removes the findings the contract accepts, and reports each ignore entry that matched none.
        func applyIgnores() -> [Diagnostic] {
            let entries = contract.contract.ignore
            guard !entries.isEmpty else { return diagnostics }
            var used = [Bool](repeating: false, count: entries.count)
            let kept = diagnostics.filter { diagnostic in
                guard let other = diagnostic.module.flatMap({ checker.targetsByModule[$0] ?? target($0) }),
                    let source = target(diagnostic.target)
                else { return true }
                guard
                    let index = entries.firstIndex(where: { entry in
                        (entry.rule == nil || entry.rule == diagnostic.rule)
                            && entry.from.contains { $0.matches(source) } && entry.to.contains { $0.matches(other) }
                    })
                else { return true }
                used[index] = true
                return false
            }
            let unused = entries.indices.filter { !used[$0] }.map { index in
                Diagnostic(
                    path: contract.contract.path ?? LayerContract.fileName, line: entries[index].line, column: 1,
                    severity: .warning, rule: .unusedIgnore,
                    message: "ignore[\(index)] (\(entries[index].reason)) matches no finding",
                    hint: "remove it: what it accepted is gone", target: "")
            }
            return kept + unused
        }

        // MARK: Explaining

        private mutating func report(
            _ breach: ResolvedContract.Breach, from source: PackageGraph.Target, to other: PackageGraph.Target,
            chain: [String]?, more: [String], isImport: Bool, at location: (String, Int, Int)? = nil
        ) {
            let (rule, message, hint) = explain(breach, from: source, to: other, chain: chain, isImport: isImport)
            let moreText =
                more.isEmpty
                ? ""
                : " (and \(more.count) more: \(more.prefix(3).joined(separator: ", "))\(more.count > 3 ? ", …" : ""))"
            let (path, line, column): (String, Int, Int)
            if let location {
                (path, line, column) = location
            } else {
                let declared = chain?[1] ?? other.name
                let manifest = locator(of: source.name)
                let position = manifest.location(ofDependency: declared, inTarget: source.name)
                (path, line, column) = (manifest.path, position.line, position.column)
            }
            append(
                Diagnostic(
                    path: path, line: line, column: column, rule: rule, message: message + moreText,
                    hint: hint, target: source.name, module: isImport ? other.moduleName : other.name, chain: chain))
        }

        private func explain(
            _ breach: ResolvedContract.Breach, from source: PackageGraph.Target, to other: PackageGraph.Target,
            chain: [String]?, isImport: Bool
        ) -> (Rule, String, String) {
            let verb = isImport ? "imports" : chain == nil ? "depends on" : "reaches"
            // The chain follows what it reaches: "'Tags' reaches 'Notes' through Tags → Bridge → Notes".
            let through = chain.map { " through \($0.joined(separator: " → "))" } ?? ""
            let owner = contract.component(of: source.name) ?? source.name
            // Where the owner's group says its routers are, else its router target (`<Owner>Router`).
            let router =
                contract.group(of: source.name).flatMap { contract.contract.independence[$0].router }
                .map { $0.replacingOccurrences(of: "{owner}", with: owner) }
                ?? checker.targetsByName["\(owner)Router"].flatMap {
                    $0.isTest ? nil : "\($0.path)/\(owner)Router.swift"
                }
                ?? "the app's router for '\(owner)'"
            /// A contract's own hint with its placeholders filled in.
            func fill(_ hint: String) -> String {
                hint.replacingOccurrences(of: "{target}", with: source.name)
                    .replacingOccurrences(of: "{other}", with: other.name)
                    .replacingOccurrences(of: "{owner}", with: owner)
                    .replacingOccurrences(of: "{router}", with: router)
            }
            switch breach {
            case .independence(let groupIndex, let owner, let otherOwner):
                let group = contract.contract.independence[groupIndex]
                let rule: Rule =
                    source.isTest ? .testIsolation : isImport ? .horizontalImport : .horizontalDependency
                // A group of the app's components speaks of components; any other in the contract's
                // own terms.
                guard group.areComponents else {
                    let name = group.name.map { "independence group '\($0)'" } ?? "independence[\(groupIndex)]"
                    let whose = source.name == owner ? "" : " (of '\(owner)')"
                    let what = other.name == otherOwner ? "'\(other.name)'" : "'\(other.name)' (of '\(otherOwner)')"
                    let neutral =
                        source.isTest
                        ? "a member's tests use only that member; stub what '\(otherOwner)' provides, or set "
                            + "\"includeTests\": false on the group"
                        : chain.map {
                            "cut the chain at '\($0[1])'; members of the group reach each other through none"
                        }
                            ?? "move what both need into a target outside the group, or connect them in a target above both"
                    return (
                        rule,
                        "'\(source.name)'\(whose) \(verb) \(what)\(through), which \(name) keeps apart from it",
                        group.hint.map(fill) ?? neutral
                    )
                }
                let what = other.name == otherOwner ? "'\(other.name)'" : "'\(other.name)' of component '\(otherOwner)'"
                if source.isTest, owner == source.name {
                    return (
                        .testIsolation,
                        "test target '\(source.name)', in no component's folder, \(verb) component \(what)\(through)",
                        "move it to Tests/ or into the folder of the component it tests, and stub the other "
                            + "components' requires"
                    )
                }
                if source.isTest {
                    return (
                        .testIsolation,
                        "test target '\(source.name)' of component '\(owner)' \(verb) sibling component \(what)\(through)",
                        "stub \(owner)'s requires instead; only the app's tests may use several components"
                    )
                }
                if source.name != owner {
                    return (
                        rule, "'\(source.name)' of component '\(owner)' \(verb) sibling component \(what)\(through)",
                        "a preview runs its component alone: answer the require with a stub, as the other requires are"
                    )
                }
                let hint =
                    isImport
                    ? fill(group.hint ?? "route it through a require wired in {router}")
                    : chain == nil
                        ? "remove '\(other.name)' from its dependencies and declare a require wired in \(router)"
                        : "cut the chain at '\(chain?[1] ?? "")' and declare a require wired in \(router)"
                return (rule, "component '\(source.name)' \(verb) sibling component \(what)\(through)", hint)
            case .upward(let from, let to):
                let layers = contract.contract.layers
                let message =
                    "'\(source.name)' in layer '\(layers[from].name)' \(verb) '\(other.name)' in layer "
                    + "'\(layers[to].name)' above it\(through)"
                let hint =
                    layers[from].hint.map(fill)
                    ?? "a layer may reach only the layers below it; move what both need down into "
                    + "'\(layers[from].name)' or below"
                return (isImport ? .upwardImport : .upwardDependency, message, hint)
            case .forbidden(let entry):
                return (
                    isImport ? .forbiddenImport : .forbiddenDependency,
                    "'\(source.name)' \(verb) '\(other.name)'\(through), which the contract forbids",
                    entry.reason.map(fill) ?? (isImport ? "remove the import" : "remove the dependency")
                )
            }
        }
    }

    // MARK: Encoding

    private static func encodingWarning(
        path: String, bytes: [UInt8], offset: Int, target: PackageGraph.Target
    ) -> Diagnostic {
        let (line, column) = SourceLines(bytes[..<offset]).location(of: offset)
        return Diagnostic(
            path: path,
            line: line,
            column: column,
            severity: .warning,
            rule: .invalidEncoding,
            message: "the file is not valid UTF-8 (byte \(offset)); its imports were read from the readable parts",
            hint: "re-save it as UTF-8; the compiler rejects it as it is",
            target: target.name
        )
    }

    /// The offset of the first byte that is not part of valid UTF-8, or `nil` if the bytes are valid.
    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        // The standard library validates in bulk; only a file that fails is decoded scalar by scalar.
        guard bytes.contains(where: { $0 >= 0x80 }), String(validating: bytes, as: UTF8.self) == nil else {
            return nil
        }
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
