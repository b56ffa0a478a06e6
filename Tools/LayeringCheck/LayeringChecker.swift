/// Applies the layer rules to a package: to the dependencies its manifest declares and to every import
/// in every source file of every target.
public struct LayeringChecker: Sendable {
    /// The package to check.
    public let graph: PackageGraph

    private let targetsByName: [String: PackageGraph.Target]
    private let targetsByModule: [String: PackageGraph.Target]
    private let routerFolder: String?
    /// For each test-layer target that belongs to one component, that component's name.
    private let owners: [String: String]
    /// For each component-layer target, the component it is part of: the target whose folder holds it
    /// (`ShopPreview` in `Components/Shop/Preview` is part of `Shop`), or itself.
    private let families: [String: String]

    /// Creates a checker for a package.
    public init(graph: PackageGraph) {
        self.graph = graph
        let checked = graph.targets.filter { $0.layer != .plugins && $0.type != "plugin" }
        targetsByName = Dictionary(checked.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        targetsByModule = Dictionary(checked.map { ($0.moduleName, $0) }, uniquingKeysWith: { first, _ in first })
        routerFolder = checked.first { $0.layer == .shell && !$0.isTest }.map { "\($0.path)/Routers" }
        let families = Self.componentFamilies(of: checked)
        self.families = families
        let byName = targetsByName
        owners = Dictionary(
            uniqueKeysWithValues: checked.filter { $0.layer == .tests }.compactMap { target in
                Self.owningComponent(of: target, targetsByName: byName).map { (target.name, families[$0] ?? $0) }
            }
        )
    }

    /// Checks every target.
    ///
    /// - Parameters:
    ///   - manifest: The text of `Package.swift`, used only to point dependency findings at a line.
    ///   - readFile: Reads a file, given its path relative to the package root.
    public func check(
        manifest: String? = nil,
        readFile: (String) throws -> [UInt8]
    ) throws(LayeringCheckError) -> LayeringReport {
        let locator = ManifestLocator(manifest: manifest ?? "")
        var diagnostics: [Diagnostic] = []
        var fileCount = 0
        var importCount = 0
        let targets = graph.targets.filter { targetsByName[$0.name] != nil }
        for target in targets {
            diagnostics += checkDependencies(of: target, locator: locator)
            for source in target.sources where source.hasSuffix(".swift") {
                let path = target.path.isEmpty ? source : "\(target.path)/\(source)"
                let bytes: [UInt8]
                do {
                    bytes = try readFile(path)
                } catch {
                    throw .unreadableFile(path: path, reason: "\(error)")
                }
                fileCount += 1
                if let offset = Self.firstInvalidUTF8Offset(in: bytes) {
                    diagnostics.append(encodingWarning(path: path, bytes: bytes, offset: offset, target: target))
                }
                let imports = ImportScanner.imports(in: bytes)
                importCount += imports.count
                for declaration in imports {
                    if let diagnostic = checkImport(declaration, in: path, of: target) {
                        diagnostics.append(diagnostic)
                    }
                }
            }
        }
        diagnostics.sort {
            ($0.path, $0.line, $0.column, $0.rule.rawValue) < ($1.path, $1.line, $1.column, $1.rule.rawValue)
        }
        return LayeringReport(
            diagnostics: diagnostics,
            targetCount: targets.count,
            fileCount: fileCount,
            importCount: importCount
        )
    }

    // MARK: Rules

    /// The relation of `target` to `other` that a rule forbids, if any.
    private func forbiddenRelation(
        from target: PackageGraph.Target,
        to other: PackageGraph.Target
    ) -> Relation? {
        guard other.name != target.name else { return nil }
        switch (target.layer, other.layer) {
        case (.component, .component):
            guard family(of: target) != family(of: other) else { return nil }
            return target.isTest ? .testIsolation(owner: family(of: target)) : .horizontal
        case (.component, .shell), (.sources, .component), (.sources, .shell):
            return .upward
        case (.tests, .component):
            guard let owner = owners[target.name], owner != family(of: other) else { return nil }
            return .testIsolation(owner: owner)
        default:
            return nil
        }
    }

    /// The component a component-layer target is part of.
    private func family(of target: PackageGraph.Target) -> String {
        families[target.name] ?? target.name
    }

    /// Maps each component-layer target, tests included, to the outermost component-layer target (not a
    /// test) whose folder holds it.
    private static func componentFamilies(of targets: [PackageGraph.Target]) -> [String: String] {
        let components = targets.filter { $0.layer == .component && !$0.isTest }.sorted {
            $0.path.count < $1.path.count
        }
        var families: [String: String] = [:]
        for target in targets where target.layer == .component {
            let root = components.first { $0.path == target.path || target.path.hasPrefix($0.path + "/") }
            families[target.name] = root?.name ?? target.name
        }
        return families
    }

    private enum Relation {
        case horizontal
        case upward
        /// A test target of component `owner` reaching a sibling.
        case testIsolation(owner: String)
    }

    /// The component a test-layer target tests, or `nil` if it tests the app or no component.
    ///
    /// A test target that depends on the app may use every component. Otherwise it belongs to the
    /// component it is named after (`ShopTests`), or to the first component it depends on.
    private static func owningComponent(
        of target: PackageGraph.Target,
        targetsByName: [String: PackageGraph.Target]
    ) -> String? {
        let dependencies = target.dependencies.compactMap { targetsByName[$0] }
        guard !dependencies.contains(where: { $0.layer == .shell }) else { return nil }
        if target.name.hasSuffix("Tests"), let named = targetsByName[String(target.name.dropLast(5))],
            named.layer == .component
        {
            return named.name
        }
        return dependencies.first { $0.layer == .component }?.name
    }

    private func checkDependencies(of target: PackageGraph.Target, locator: ManifestLocator) -> [Diagnostic] {
        target.dependencies.compactMap { name -> Diagnostic? in
            guard let dependency = targetsByName[name],
                let relation = forbiddenRelation(from: target, to: dependency)
            else { return nil }
            let (line, column) = locator.location(ofDependency: name, inTarget: target.name)
            let (rule, message, hint) = explain(relation, target: target, other: dependency, isImport: false)
            return Diagnostic(
                path: "Package.swift",
                line: line,
                column: column,
                rule: rule,
                message: message,
                hint: hint,
                target: target.name,
                module: dependency.name
            )
        }
    }

    private func checkImport(
        _ declaration: ImportDeclaration,
        in path: String,
        of target: PackageGraph.Target
    ) -> Diagnostic? {
        guard let imported = targetsByModule[declaration.module], imported.name != target.name else { return nil }
        let rule: Rule
        let message: String
        let hint: String
        if let relation = forbiddenRelation(from: target, to: imported) {
            (rule, message, hint) = explain(relation, target: target, other: imported, isImport: true)
        } else if !target.dependencies.contains(imported.name) {
            rule = .undeclaredImport
            message = "'\(target.name)' imports '\(imported.moduleName)', a module of this package it does not declare"
            hint =
                "add \"\(imported.name)\" to the dependencies of '\(target.name)' in Package.swift"
                + " (today it builds only when '\(imported.name)' happens to be built first)"
        } else {
            return nil
        }
        return Diagnostic(
            path: path,
            line: declaration.line,
            column: declaration.column,
            rule: rule,
            message: message,
            hint: hint,
            target: target.name,
            module: imported.moduleName
        )
    }

    private func explain(
        _ relation: Relation,
        target: PackageGraph.Target,
        other: PackageGraph.Target,
        isImport: Bool
    ) -> (Rule, String, String) {
        let verb = isImport ? "imports" : "depends on"
        let owner = family(of: target)
        let router = routerFolder.map { "\($0)/\(owner)Router.swift" } ?? "the app's router for '\(owner)'"
        switch relation {
        case .horizontal where owner != target.name:
            return (
                isImport ? .horizontalImport : .horizontalDependency,
                "'\(target.name)' of component '\(owner)' \(verb) sibling component '\(other.name)'",
                "a preview runs its component alone: answer the require with a stub, as the other requires are"
            )
        case .horizontal:
            return (
                isImport ? .horizontalImport : .horizontalDependency,
                "component '\(target.name)' \(verb) sibling component '\(other.name)'",
                isImport
                    ? "route it through a require wired in \(router)"
                    : "remove '\(other.name)' from its dependencies and declare a require wired in \(router)"
            )
        case .upward:
            let what = other.layer == .shell ? "the app '\(other.name)'" : "component '\(other.name)'"
            let who = target.layer == .component ? "component '\(target.name)'" : "'\(target.name)' in Sources/"
            let hint =
                target.layer == .component
                ? "components must not know the app; declare a require and let \(router) provide it"
                : "lower layers must not know the layers above; move what both need down into Sources/"
            return (isImport ? .upwardImport : .upwardDependency, "\(who) \(verb) \(what)", hint)
        case .testIsolation(let owner):
            return (
                .testIsolation,
                "test target '\(target.name)' of component '\(owner)' \(verb) sibling component '\(other.name)'",
                "stub \(owner)'s requires instead; only the app's tests may use several components"
            )
        }
    }

    // MARK: Encoding

    private func encodingWarning(path: String, bytes: [UInt8], offset: Int, target: PackageGraph.Target) -> Diagnostic {
        var line = 1
        var lineStart = 0
        for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return Diagnostic(
            path: path,
            line: line,
            column: offset - lineStart + 1,
            severity: .warning,
            rule: .invalidEncoding,
            message: "the file is not valid UTF-8 (byte \(offset)); its imports were read from the readable parts",
            hint: "re-save it as UTF-8; the compiler rejects it as it is",
            target: target.name
        )
    }

    /// The offset of the first byte that is not part of valid UTF-8, or `nil` if the bytes are valid.
    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
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
