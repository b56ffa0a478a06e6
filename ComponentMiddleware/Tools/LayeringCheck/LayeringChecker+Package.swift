import Foundation
import MiddlewareSupport

extension LayeringChecker {
    /// A checker for the package at `root` and its contract: its `layers.json`, or the folder default.
    ///
    /// The packages the contract's `packages` names are described and checked as part of it, with
    /// SwiftPM's state and their descriptions kept in `stateFolder` (see
    /// ``init(includingPackagesOf:contract:stateFolder:)``).
    public init(packageAt root: URL, graph: PackageGraph, stateFolder: URL? = nil) throws(LayeringCheckError) {
        try self.init(
            includingPackagesOf: graph, contract: try LayerContract.load(packageRoot: root), stateFolder: stateFolder)
    }

    /// A checker for `graph` and `contract`, with the packages the contract's `packages` names described
    /// and checked as part of it.
    ///
    /// - Parameters:
    ///   - graph: The package's description.
    ///   - contract: Its contract, whose `packages` names the folders of the packages checked with it.
    ///   - stateFolder: Where each such package's SwiftPM state (its scratch folder) and its
    ///     description, kept until its files change, go, one folder each; `nil` leaves SwiftPM's state
    ///     in the package's own `.build` and keeps no description.
    public init(
        includingPackagesOf graph: PackageGraph, contract: LayerContract, stateFolder: URL? = nil
    ) throws(LayeringCheckError) {
        let merged = try graph.including(packagesOf: contract) { path throws(LayeringCheckError) in
            // One folder per package, named by its path, so no two packages share SwiftPM's state.
            let state = stateFolder?.appendingPathComponent(
                DescriptionCache.folderName(forPackageAt: path), isDirectory: true)
            return try PackageLoader.describe(
                packagePath: path, scratchPath: state?.appendingPathComponent("scratch").path,
                cache: state?.appendingPathComponent("description"), readsPackages: false)
        }
        self.init(graph: merged, contract: contract)
    }

    /// Checks the package at `root` as the command does: its manifests and every source file the
    /// description lists.
    public func check(packageAt root: URL) throws(LayeringCheckError) -> LayeringReport {
        // Each package checked as this one's own is located in its own manifest.
        let included = (graph.includedPackages ?? []).flatMap { folder in
            ManifestFile.all(in: root.appendingPathComponent(folder)).map {
                ManifestFile(path: "\(folder)/\($0.path)", text: $0.text)
            }
        }
        var checker = self
        if graph.packagesProblem == nil {
            let checked = Set(graph.includedPackages ?? [])
            checker.packagesLeftOut = PackageFolders.matching(contract.packages, under: root).filter {
                !checked.contains($0)
            }
        }
        return try checker.check(manifests: ManifestFile.all(in: root) + included) { path in
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

    /// The version of the `swift` on the `PATH`, the one that describes the package, as
    /// `[major, minor, patch]`; SwiftPM picks a versioned manifest by it. Asked once, and only when a
    /// package has versioned manifests; if `swift --version` cannot say, the version this tool was
    /// built with.
    static let toolchainVersion: [Int] = {
        if let outcome = try? Subprocess.run(["swift", "--version"], timeLimit: .seconds(30)), outcome.status == 0 {
            let text = String(decoding: outcome.output, as: UTF8.self) + outcome.errors
            if let range = text.range(of: "Swift version ") {
                let numbers = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
                let parts = numbers.split(separator: ".").compactMap { Int($0) }
                if (2...3).contains(parts.count) { return padded(parts) }
            }
        }
        #if compiler(>=6.3)
            return [6, 3, 0]
        #elseif compiler(>=6.2)
            return [6, 2, 0]
        #elseif compiler(>=6.1)
            return [6, 1, 0]
        #else
            return [6, 0, 0]
        #endif
    }()

    /// A version with three parts: `6.3` is `6.3.0`.
    private static func padded(_ parts: [Int]) -> [Int] {
        Array((parts + [0, 0, 0]).prefix(3))
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
        let usable = versioned.filter { !toolchainVersion.lexicographicallyPrecedes(padded($0.version)) }
        let chosen =
            usable.max { padded($0.version).lexicographicallyPrecedes(padded($1.version)) }?.name ?? "Package.swift"
        let ordered = [chosen] + (["Package.swift"] + versioned.map(\.name)).filter { $0 != chosen }.sorted()
        return ordered.compactMap { name in
            let path = root.appendingPathComponent(name).path
            guard let data = try? RegularFile.read(path, shownAs: name, limit: maximumSize), data.count <= maximumSize
            else { return nil }
            return ManifestFile(path: name, text: String(decoding: data, as: UTF8.self))
        }
    }
}
