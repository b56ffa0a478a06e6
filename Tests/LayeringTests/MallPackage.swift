import Foundation
import LayeringCheck
import Testing

/// The mall's package as the layering check sees it.
enum MallPackage {
    /// The mall's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Describes the mall in a scratch folder of its own, so it never waits for the lock of the
    /// `swift test` running in the same package.
    static func describe() throws -> PackageGraph {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try PackageLoader.describe(packagePath: root.path, scratchPath: scratch.path)
    }

    /// A checker of `graph` against the mall's contract, the packages it names (the base layer, the
    /// components in packages of their own) described with their SwiftPM state in a scratch folder, so
    /// no test writes into their folders.
    static func checker(_ graph: PackageGraph, contract: LayerContract? = nil) throws -> LayeringChecker {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("packages-\(UUID())")
        defer { try? FileManager.default.removeItem(at: state) }
        return try LayeringChecker(
            includingPackagesOf: graph, contract: contract ?? LayerContract.load(packageRoot: root), stateFolder: state)
    }
}

/// A package that exists only in memory: its targets, given as `"Shop@Components/Shop: Base"` (a name
/// ending in `Tests` is a test target), and its files' contents by path.
struct MemoryPackage {
    var graph: PackageGraph
    var files: [String: String]

    init(_ targets: [String], files: [String: String]) {
        self.files = files
        graph = PackageGraph(
            name: "Memory", path: "/memory",
            targets: targets.map { line in
                let declaration = line.split(separator: ":", maxSplits: 1)
                let nameAndPath = declaration[0].split(separator: "@").map(String.init)
                let path = nameAndPath[1]
                let dependencies = declaration.count > 1 ? declaration[1].split(separator: ",") : []
                return PackageGraph.Target(
                    name: nameAndPath[0], type: nameAndPath[0].hasSuffix("Tests") ? "test" : "library", path: path,
                    sources: files.keys.filter { $0.hasPrefix(path + "/") }.map { String($0.dropFirst(path.count + 1)) }
                        .filter { !$0.contains("/") }.sorted(),
                    dependencies: dependencies.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            })
    }

    /// The diagnostics of the check under `contract`, as the command prints them.
    func lines(_ contract: String) throws -> [String] {
        var contract = try LayerContract.parse(Data(contract.utf8))
        // The targets of the packages the contract names are among this package's own already.
        contract.packages = []
        return try LayeringChecker(graph: graph, contract: contract)
            .check { path in Array((files[path] ?? "").utf8) }
            .diagnostics.map(\.formatted)
    }
}
