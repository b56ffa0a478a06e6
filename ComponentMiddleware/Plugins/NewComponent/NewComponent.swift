import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-component <Name>`: adds a business component.
///
/// The plugin hands the tool the package's target names from its context, so the tool need not run
/// `swift package describe` (SwiftPM holds the package lock while a plugin runs).
@main
struct NewComponent: CommandPlugin {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "new-component refused; nothing was written" }
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // Target names are unique across the whole package graph, so a component may not take the name of
        // a target of any package the app depends on, directly or not (this middleware's among them).
        var packages = [context.package]
        var seen = Set<Package.ID>()
        var names: [String] = []
        // Their identities too: a component in a package of its own may not take one.
        var identities: [String] = []
        while let package = packages.popLast() {
            guard seen.insert(package.id).inserted else { continue }
            identities.append(package.id.lowercased())
            names += package.targets.flatMap { target -> [String] in
                [target.name] + ((target as? SourceModuleTarget).map { [$0.moduleName] } ?? [])
            }
            packages += package.dependencies.map(\.package)
        }
        let tool = try context.tool(named: "new-component")
        let process = Process()
        process.executableURL = tool.url
        process.arguments =
            [
                "--package-path", context.package.directoryURL.path, "--existing-targets", names.joined(separator: ","),
                "--existing-packages", identities.joined(separator: ","),
            ] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Refused() }
    }
}
