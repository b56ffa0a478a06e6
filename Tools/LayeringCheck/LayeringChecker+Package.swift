import Foundation

extension LayeringChecker {
    /// Checks the package at `root` as the command does: its contract (`layers.json`, or the folder
    /// default), its manifest and every source file the description lists.
    public static func check(packageAt root: URL, graph: PackageGraph) throws(LayeringCheckError) -> LayeringReport {
        let contract = try LayerContract.load(packageRoot: root)
        let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return try LayeringChecker(graph: graph, contract: contract).check(manifest: manifest) { path in
            try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
        }
    }
}
