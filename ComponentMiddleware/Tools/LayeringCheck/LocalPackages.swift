import Foundation

extension PackageGraph {
    /// The package with the targets of the packages it depends on by path, in folders under its root
    /// that `contract`'s `packages` names, as its own: each at the folder it has from the root
    /// (`Features/Reminders`, `Features/Reminders/Preview`), so the contract's patterns place it
    /// and its imports are checked where they sit, and a dependency on one of their products, or on a
    /// product of this package from one of them, as a dependency on the targets the product offers.
    ///
    /// - Parameters:
    ///   - contract: The contract whose `packages` names the folders.
    ///   - describe: Describes the package at an absolute path (the package alone is enough).
    public func including(
        packagesOf contract: LayerContract, describe: (String) throws(LayeringCheckError) -> PackageGraph
    ) throws(LayeringCheckError) -> PackageGraph {
        guard !contract.packages.isEmpty, let packages else { return self }
        var merged = self
        merged.includedPackages = []
        let root = Self.standardized(path)
        var included: [(package: DependencyPackage, folder: String, graph: PackageGraph)] = []
        for package in packages {
            // A checkout of a URL (under .build) is another package, whatever its folder.
            guard package.isLocal == true,
                let folder = package.folder.map(Self.standardized),
                folder.hasPrefix(root + "/")
            else { continue }
            let relative = String(folder.dropFirst(root.count + 1))
            guard contract.packages.contains(where: { $0.matches(relative) }) else { continue }
            included.append((package, relative, try describe(folder)))
        }
        guard !included.isEmpty else { return merged }

        // The targets each product offers, by the names a manifest may give its package: this one's and
        // each included one's.
        var products: [String: [String: [String]]] = [:]
        for key in [name, URL(fileURLWithPath: root).lastPathComponent] {
            products[key.lowercased()] = productTargets ?? [:]
        }
        for (package, _, graph) in included {
            // As just described, where the cached description of this package may be older.
            let offered = graph.productTargets ?? package.products
            products[package.name.lowercased()] = offered
            products[package.identity.lowercased()] = offered
        }
        let ownTargets = Set(targets.map(\.name))
        /// A dependency as one on this package's own targets, where it names a product of this package
        /// or an included one (by name alone too, as SwiftPM finds a product of the same name); as it
        /// is otherwise.
        func local(_ dependency: DeclaredDependency) -> [DeclaredDependency] {
            let members: [String]?
            switch dependency.kind {
            case .product: members = dependency.package.flatMap { products[$0.lowercased()]?[dependency.name] }
            case .byName where !ownTargets.contains(dependency.name):
                members =
                    included.lazy.compactMap { products[$0.package.identity.lowercased()]?[dependency.name] }
                    .first
            default: members = nil
            }
            guard let members else { return [dependency] }
            return members.map { DeclaredDependency(kind: .target, name: $0, platforms: dependency.platforms) }
        }
        /// `target` with what it declares made local, and the targets that brings among its dependencies.
        func localized(_ target: Target, declared: [DeclaredDependency]?) -> (Target, [DeclaredDependency]) {
            var target = target
            let local = (declared ?? []).flatMap(local)
            var seen: Set<String> = []
            target.dependencies = (target.dependencies + local.filter { $0.kind == .target }.map(\.name))
                .filter { seen.insert($0).inserted }
            return (target, local)
        }

        var declared = self.declared ?? [:]
        var defines = self.defines ?? [:]
        var names = ownTargets
        merged.includedPackages = included.map(\.folder)
        for (_, folder, graph) in included {
            for target in graph.targets {
                guard names.insert(target.name).inserted else {
                    throw .invalidContract(
                        path: contract.path ?? LayerContract.fileName, key: "packages",
                        problem: "the package in \(folder) has a target '\(target.name)', as another package"
                            + " checked here has; give it a name of its own, or leave its folder out of \"packages\"")
                }
                let (localTarget, targetDeclared) = localized(target, declared: graph.declared?[target.name])
                var moved = localTarget
                moved.path = target.path == "." || target.path.isEmpty ? folder : "\(folder)/\(target.path)"
                merged.targets.append(moved)
                declared[target.name] = targetDeclared
                defines[target.name] = graph.defines?[target.name]
            }
        }
        // This package's own targets, each given the targets of the included packages' products it uses.
        for (index, target) in targets.enumerated() {
            (merged.targets[index], declared[target.name]) = localized(target, declared: self.declared?[target.name])
        }
        if self.declared != nil { merged.declared = declared }
        if self.defines != nil { merged.defines = defines }
        // Their modules are this package's now, and this package is no dependency of its own.
        let gone = Set(included.map { $0.package.identity })
        merged.packages = packages.filter {
            !gone.contains($0.identity) && $0.folder.map(Self.standardized) != root
        }
        return merged
    }

    /// `path` as an absolute path without `.`, `..` or symbolic links, as folders are compared: SwiftPM
    /// names a package's folder with its links resolved, whichever way the root was given.
    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
