import Foundation
import PackagePlugin

/// `swift package check-layering`: runs the layering check with the targets SwiftPM already knows.
///
/// A plugin cannot call `swift package describe` (SwiftPM holds the package lock while the plugin
/// runs), so it writes the same description from its package context and hands it to the tool.
@main
struct CheckLayering: CommandPlugin {
    /// One target in the shape of `swift package describe --type json`.
    struct TargetDescription: Encodable {
        var name: String
        var c99name: String
        var type: String
        var path: String
        var sources: [String]
        var target_dependencies: [String]
    }

    /// A dependency as the tool reads it (`DeclaredDependency`); the plugin API gives no conditions.
    struct Dependency: Encodable {
        var kind: String
        var name: String
        var package: String?
    }

    /// Another package, as the tool reads it (`DependencyPackage`).
    struct OtherPackage: Encodable {
        var identity: String
        var name: String
        var products: [String: [String]]
        var targets: [String: [Dependency]]
        /// Its folder where SwiftPM resolved it: the developer's own for a dependency by path, a
        /// checkout for one by URL.
        var folder: String
        var isLocal: Bool
    }

    /// A package and its targets, in the shape of `swift package describe --type json` with what the
    /// tool reads besides (`PackageGraph`).
    struct PackageDescription: Encodable {
        var name: String
        var path: String
        var targets: [TargetDescription]
        var declared: [String: [Dependency]]
        var productTargets: [String: [String]]
        var packages: [OtherPackage]
        /// PackagePlugin lists only the dependencies whose conditions hold on this machine.
        var conditionsApplied = true
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The plugin checks the package SwiftPM opened; a second path after the command would be
        // ignored or clash, so it is refused with the spelling that works.
        if arguments.contains(where: { $0 == "--package-path" || $0.hasPrefix("--package-path=") }) {
            FileHandle.standardError.write(
                Data(
                    ("Error: the plugin checks the package SwiftPM runs on; give --package-path to SwiftPM, "
                        + "before the command: swift package --package-path <path> check-layering\n").utf8))
            exit(2)
        }
        let package = context.package
        let others = Self.packages(dependedOnBy: package)
        // The other packages go with their folders: those the contract's `packages` names are described
        // by the tool (PackagePlugin lists no test targets of a dependency), with SwiftPM state in this
        // plugin's folder.
        let description = Self.describe(package, owners: others.owners, packages: others.packages)
        let root = description.path
        let file = context.pluginWorkDirectoryURL.appendingPathComponent("package-description.json")
        try JSONEncoder().encode(description).write(to: file)

        let tool = try context.tool(named: "layering-check")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["--package-path", root, "--description", file.path] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // SwiftPM exits 1 whatever the plugin's status, but says "Plugin ended with exit code 2" for a
            // usage or I/O error, so the status is passed on rather than a generic failure.
            exit(process.terminationStatus)
        }
    }

    /// `package` and its targets as the tool reads them, each dependency on a product with the package
    /// that owns it (`owners`, by product), and the packages it depends on.
    static func describe(
        _ package: Package, owners: [String: String], packages: [OtherPackage]
    ) -> PackageDescription {
        let root = package.directoryURL.standardizedFileURL.path
        let targets = package.targets.compactMap { target -> TargetDescription? in
            // A system library's module (a C header's) has no sources but may be imported, as
            // `swift package describe` lists it for the command.
            if let library = target as? SystemLibraryTarget {
                return TargetDescription(
                    name: library.name, c99name: library.name, type: "system-target",
                    path: relativePath(library.directoryURL.standardizedFileURL.path, to: root), sources: [],
                    target_dependencies: [])
            }
            guard let module = target as? SourceModuleTarget else { return nil }
            let directory = module.directoryURL.standardizedFileURL.path
            return TargetDescription(
                name: module.name,
                c99name: module.moduleName,
                type: typeName(of: module.kind),
                path: relativePath(directory, to: root),
                sources: module.sourceFiles(withSuffix: "swift").map {
                    relativePath($0.url.standardizedFileURL.path, to: directory)
                },
                target_dependencies: module.dependencies.compactMap {
                    if case .target(let dependency) = $0 { return dependency.name }
                    return nil
                }
            )
        }
        return PackageDescription(
            name: package.displayName, path: root, targets: targets,
            declared: Dictionary(
                package.targets.map { ($0.name, dependencies(of: $0, owners: owners)) },
                uniquingKeysWith: { first, _ in first }),
            // Every product, an executable's too, as `swift package dump-package` gives them to the command:
            // a package checked as this one's own may depend on any of them.
            productTargets: Dictionary(
                package.products.map { ($0.name, $0.targets.map(\.name)) }, uniquingKeysWith: { first, _ in first }),
            packages: packages)
    }

    /// Every package `package` depends on, directly or not, and which package owns each product,
    /// `package`'s own included.
    static func packages(dependedOnBy package: Package) -> (packages: [OtherPackage], owners: [String: String]) {
        var all: [Package] = []
        var seen: Set<String> = []
        var pending = package.dependencies.map(\.package)
        while let next = pending.popLast() {
            guard seen.insert(next.id).inserted else { continue }
            all.append(next)
            pending += next.dependencies.map(\.package)
        }
        var owners: [String: String] = [:]
        for owner in [package] + all {
            for product in owner.products {
                owners[product.id] = owner.id
            }
        }
        let packages = all.map { other in
            OtherPackage(
                identity: other.id, name: other.displayName, products: productTargets(of: other),
                targets: Dictionary(
                    other.targets.map { ($0.name, dependencies(of: $0, owners: owners)) },
                    uniquingKeysWith: { first, _ in first }),
                folder: other.directoryURL.standardizedFileURL.path,
                isLocal: isLocal(other))
        }
        return (packages.sorted { $0.identity < $1.identity }, owners)
    }

    /// Whether `package` is a folder of the developer's, depended on by path, rather than a checkout.
    static func isLocal(_ package: Package) -> Bool {
        if case .local = package.origin { return true }
        return false
    }

    /// Each library product of `package` and the targets it offers.
    static func productTargets(of package: Package) -> [String: [String]] {
        Dictionary(
            package.products.filter { $0 is LibraryProduct }.map { ($0.name, $0.targets.map(\.name)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// A target's dependencies: a target by name, a product with the package that owns it.
    static func dependencies(of target: any Target, owners: [String: String]) -> [Dependency] {
        target.dependencies.map { dependency in
            switch dependency {
            case .target(let other): Dependency(kind: "target", name: other.name, package: nil)
            case .product(let product): Dependency(kind: "product", name: product.name, package: owners[product.id])
            @unknown default: Dependency(kind: "byName", name: "", package: nil)
            }
        }
    }

    static func typeName(of kind: ModuleKind) -> String {
        switch kind {
        case .executable: "executable"
        case .test: "test"
        case .macro: "macro"
        default: "library"
        }
    }

    /// `path` from `root`: `.` for the root itself, as SwiftPM describes a target at its package's top.
    static func relativePath(_ path: String, to root: String) -> String {
        if path == root { return "." }
        guard path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
    }
}
