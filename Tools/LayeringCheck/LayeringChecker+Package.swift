import Foundation

extension LayeringChecker {
    /// A checker for the package at `root` and its contract: its `layers.json`, or the folder default.
    public init(packageAt root: URL, graph: PackageGraph) throws(LayeringCheckError) {
        self.init(graph: graph, contract: try LayerContract.load(packageRoot: root))
    }

    /// Checks the package at `root` as the command does: its manifests and every source file the
    /// description lists.
    public func check(packageAt root: URL) throws(LayeringCheckError) -> LayeringReport {
        try check(manifests: ManifestFile.all(in: root)) { path in
            try [UInt8](RegularFile.contents(of: root.appendingPathComponent(path)))
        }
    }

    /// Checks the package at `root` against its contract.
    public static func check(packageAt root: URL, graph: PackageGraph) throws(LayeringCheckError) -> LayeringReport {
        try LayeringChecker(packageAt: root, graph: graph).check(packageAt: root)
    }
}

extension ManifestFile {
    /// The largest manifest read; SwiftPM compiles the manifest, so a real one is far smaller.
    static let maximumSize = 50_000_000

    /// The Swift version of the toolchain this tool was built with; SwiftPM picks a versioned manifest
    /// by the same toolchain's version.
    static var toolchainVersion: [Int] {
        #if compiler(>=7.0)
            [7, 0]
        #elseif compiler(>=6.3)
            [6, 3]
        #elseif compiler(>=6.2)
            [6, 2]
        #elseif compiler(>=6.1)
            [6, 1]
        #else
            [6, 0]
        #endif
    }

    /// Every readable manifest at `root`, the one SwiftPM reads first: the versioned manifest
    /// (`Package@swift-6.3.swift`) with the highest version not above the toolchain's, else
    /// `Package.swift`.
    public static func all(in root: URL) -> [ManifestFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        var isFolder: ObjCBool = false
        let versioned = names.compactMap { name -> (name: String, version: [Int])? in
            guard name.hasPrefix("Package@swift-"), name.hasSuffix(".swift"),
                FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder),
                !isFolder.boolValue
            else { return nil }
            let text = name.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
            return (name, parts.compactMap { $0 })
        }
        // A version's major and minor decide, as the toolchain's patch level is not known here.
        let usable = versioned.filter { !toolchainVersion.lexicographicallyPrecedes($0.version.prefix(2)) }
        let chosen = usable.max { $0.version.lexicographicallyPrecedes($1.version) }?.name ?? "Package.swift"
        let ordered = [chosen] + (["Package.swift"] + versioned.map(\.name)).filter { $0 != chosen }.sorted()
        return ordered.compactMap { name in
            let path = root.appendingPathComponent(name).path
            guard let data = try? RegularFile.read(path, shownAs: name, limit: maximumSize), data.count <= maximumSize
            else { return nil }
            return ManifestFile(path: name, text: String(decoding: data, as: UTF8.self))
        }
    }
}
