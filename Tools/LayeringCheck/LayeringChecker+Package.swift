import Foundation

extension LayeringChecker {
    /// A checker for the package at `root` and its contract: its `layers.json`, or the folder default.
    public init(packageAt root: URL, graph: PackageGraph) throws(LayeringCheckError) {
        self.init(graph: graph, contract: try LayerContract.load(packageRoot: root))
    }

    /// Checks the package at `root` as the command does: its manifest and every source file the
    /// description lists.
    public func check(packageAt root: URL) throws(LayeringCheckError) -> LayeringReport {
        let manifest = try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        return try check(manifest: manifest) { path in
            try [UInt8](RegularFile.contents(of: root.appendingPathComponent(path)))
        }
    }

    /// Checks the package at `root` against its contract.
    public static func check(packageAt root: URL, graph: PackageGraph) throws(LayeringCheckError) -> LayeringReport {
        try LayeringChecker(packageAt: root, graph: graph).check(packageAt: root)
    }
}
