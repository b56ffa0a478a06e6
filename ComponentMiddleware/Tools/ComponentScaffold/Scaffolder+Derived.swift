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

    /// The app's layout: its `components.json`.
    public func layout() throws(ScaffoldError) -> ComponentLayout {
        try ComponentLayout.load(packageRoot: packageRoot)
    }

    /// The app's components: every name for which the layout's API file exists, sorted.
    public func components() throws(ScaffoldError) -> [String] {
        try layout().components(in: packageRoot)
    }

    /// Every derived file of every component, computed from the API files and routers on disk.
    public func derivedFiles() throws(ScaffoldError) -> [(path: String, contents: String)] {
        let layout = try layout()
        let components = layout.components(in: packageRoot)
        let answerable = answerableTypes(in: layout)
        var files: [(path: String, contents: String)] = []
        for component in components {
            let apiPath = layout.api.path(for: component)
            let api = try ComponentAPIFile(source: read(apiPath), file: apiPath)
            let routerPath = layout.preview?.router.path(for: component)
            let router = try routerPath.flatMap { path throws(ScaffoldError) in
                FileManager.default.fileExists(atPath: url(path).path) ? try read(path) : nil
            }
            files += try DerivedFiles(
                component: component, api: api, router: router, layout: layout, components: Set(components)
            ).files(answerable: answerable)
        }
        return files
    }

    /// The app's types that conform to `StubAnswer` (in the layout's `stubAnswers` folders), so a
    /// require may answer with them.
    func answerableTypes(in layout: ComponentLayout) -> Set<String> {
        let conformance = #/(?:extension|struct|enum|class)\s+([A-Za-z_][A-Za-z0-9_]*)\s*:[^{]*\bStubAnswer\b/#
        var types: Set<String> = []
        for folder in layout.stubAnswers {
            guard let files = FileManager.default.enumerator(at: url(folder), includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in files where file.pathExtension == "swift" {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                let code = String(decoding: ArrayLiteralEdit.blankingCommentsAndStrings(Array(data)), as: UTF8.self)
                types.formUnion(code.matches(of: conformance).map { String($0.output.1) })
            }
        }
        return types
    }

    /// The derived files that are missing or differ from what their sources give.
    public func staleDerivedFiles() throws(ScaffoldError) -> [StaleFile] {
        try derivedFiles().compactMap { path, contents in
            let current = FileManager.default.contents(atPath: url(path).path)
            guard current != Data(contents.utf8) else { return nil }
            // A folder or a FIFO in a derived file's place is there, stale, not missing.
            var status = stat()
            return StaleFile(path: path, contents: contents, exists: lstat(url(path).path, &status) == 0)
        }
    }

    /// Writes every stale derived file, all or none; returns their paths.
    public func regenerate() throws(ScaffoldError) -> [String] {
        let stale = try staleDerivedFiles()
        let fileManager = FileManager.default
        for file in stale {
            let folder = url(file.path).deletingLastPathComponent()
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
                let relative = (file.path as NSString).deletingLastPathComponent
                throw ScaffoldError(
                    "cannot write \(file.path): the folder \(relative) does not exist; create it (components.json"
                        + " puts the file there); nothing was written")
            }
            // A rename cannot replace a folder (or anything but a file): found now, before any file
            // is written, so the regeneration stays all or none.
            var status = stat()
            if lstat(url(file.path).path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                let what = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
                throw ScaffoldError(
                    "cannot write \(file.path): it is \(what); remove it and run again; nothing was written")
            }
        }
        // Each file is written beside its destination first, then all are moved in.
        var staged: [(temporary: URL, destination: URL)] = []
        for file in stale {
            let destination = url(file.path)
            let temporary = destination.deletingLastPathComponent()
                .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString)")
            do {
                try Data(file.contents.utf8).write(to: temporary)
            } catch {
                for file in staged { try? fileManager.removeItem(at: file.temporary) }
                throw ScaffoldError("cannot write \(file.path): \(Self.reason(error)); nothing was written")
            }
            staged.append((temporary, destination))
        }
        for file in staged {
            if rename(file.temporary.path, file.destination.path) != 0 {
                let reason = String(cString: strerror(errno))
                for file in staged { try? fileManager.removeItem(at: file.temporary) }
                throw ScaffoldError("cannot write \(file.destination.path): \(reason)")
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
