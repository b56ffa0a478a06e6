import Foundation

/// Regenerating and checking the files derived from every component's API file.
extension Scaffolder {
    /// A derived file whose contents on disk differ from what its sources give.
    public struct StaleFile: Sendable, Hashable {
        /// The path relative to the package root.
        public var path: String
        /// What it must contain.
        public var contents: String
        /// Whether the file exists at all.
        public var exists: Bool
    }

    /// The components the manifest lists, in its order.
    public func components() throws(ScaffoldError) -> [String] {
        try Self.componentsList.entries(in: read(Self.manifestPath)).map { String($0.dropFirst().dropLast()) }
    }

    /// Every derived file of every component, computed from the API files and routers on disk.
    public func derivedFiles() throws(ScaffoldError) -> [(path: String, contents: String)] {
        var files: [(path: String, contents: String)] = []
        for component in try components() {
            let apiPath = DerivedFiles.apiPath(component)
            let api = try ComponentAPIFile(source: read(apiPath), file: apiPath)
            let routerPath = DerivedFiles.routerPath(component)
            let router = FileManager.default.fileExists(atPath: url(routerPath).path) ? try read(routerPath) : nil
            files += DerivedFiles(component: component, api: api, router: router).files
        }
        return files
    }

    /// The derived files that are missing or differ from what their sources give.
    public func staleDerivedFiles() throws(ScaffoldError) -> [StaleFile] {
        try derivedFiles().compactMap { path, contents in
            let current = FileManager.default.contents(atPath: url(path).path)
            guard current != Data(contents.utf8) else { return nil }
            return StaleFile(path: path, contents: contents, exists: current != nil)
        }
    }

    /// Writes every stale derived file; returns their paths.
    public func regenerate() throws(ScaffoldError) -> [String] {
        let stale = try staleDerivedFiles()
        for file in stale {
            do {
                try Data(file.contents.utf8).write(to: url(file.path), options: .atomic)
            } catch {
                throw ScaffoldError("cannot write \(file.path): \(error.localizedDescription)")
            }
        }
        return stale.map(\.path)
    }
}

extension Scaffolder {
    /// The names of the requires an API file's source declares, as the derived files list them.
    public static func requires(inAPIFile source: String, named file: String) throws(ScaffoldError) -> [String] {
        try ComponentAPIFile(source: source, file: file).requires.map { "require_\($0.name)" }
    }
}
