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

    struct PackageDescription: Encodable {
        var name: String
        var path: String
        var targets: [TargetDescription]
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
        let root = package.directoryURL.standardizedFileURL.path
        let targets = package.targets.compactMap { target -> TargetDescription? in
            guard let module = target as? SourceModuleTarget else { return nil }
            let directory = module.directoryURL.standardizedFileURL.path
            return TargetDescription(
                name: module.name,
                c99name: module.moduleName,
                type: Self.typeName(of: module.kind),
                path: Self.relativePath(directory, to: root),
                sources: module.sourceFiles(withSuffix: "swift").map {
                    Self.relativePath($0.url.standardizedFileURL.path, to: directory)
                },
                target_dependencies: module.dependencies.compactMap {
                    if case .target(let dependency) = $0 { return dependency.name }
                    return nil
                }
            )
        }
        let description = PackageDescription(name: package.displayName, path: root, targets: targets)
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

    static func typeName(of kind: ModuleKind) -> String {
        switch kind {
        case .executable: "executable"
        case .test: "test"
        case .macro: "macro"
        default: "library"
        }
    }

    static func relativePath(_ path: String, to root: String) -> String {
        guard path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
    }
}
