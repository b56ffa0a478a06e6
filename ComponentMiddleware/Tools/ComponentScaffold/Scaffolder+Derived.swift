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
        guard !components.isEmpty else {
            throw ScaffoldError(
                "components.json's api, \(layout.api), names no file in the package, so there is nothing to derive or"
                    + " check; make it name the components' API files")
        }
        let answerable = answerableTypes(in: layout)
        try refuseCollisions(of: components, in: layout)
        // Every component's derived files look up route owners among all the components.
        let componentSet = Set(components)
        var files: [(path: String, contents: String)] = []
        for component in components {
            let apiPath = layout.api.path(for: component)
            guard ComponentLayout.isComponentName(component) else {
                throw ScaffoldError(
                    "\(apiPath): '\(ComponentName.printable(component))' is where components.json's api names a"
                        + " component, but it is not a component's name (UpperCamelCase, not a keyword); rename it, or"
                        + " make the api pattern match components only; nothing was written")
            }
            let source = try read(apiPath)
            guard Self.declares(component, in: source) else {
                throw ScaffoldError(
                    "\(apiPath) declares no class \(component); a component's API file declares its class, or"
                        + " components.json's api pattern matches a file that is no component's API; nothing was"
                        + " written")
            }
            let api = try ComponentAPIFile(source: source, file: apiPath)
            let routerPath = layout.preview?.router.path(for: component)
            let router = try routerPath.flatMap { path throws(ScaffoldError) in
                FileManager.default.fileExists(atPath: url(path).path) ? try read(path) : nil
            }
            files += try DerivedFiles(
                component: component, api: api, router: router, layout: layout, components: componentSet
            ).files(answerable: answerable)
        }
        return files
    }

    /// Refuses a layout whose derived files would land on an API file (a hand-written file lost) or on
    /// each other, compared without case as a macOS disk compares names.
    private func refuseCollisions(of components: [String], in layout: ComponentLayout) throws(ScaffoldError) {
        let apiPaths = Set(components.map { layout.api.path(for: $0).lowercased() })
        var derived: Set<String> = []
        for component in components {
            for path in DerivedFiles.paths(of: component, in: layout) {
                guard !apiPaths.contains(path.lowercased()) else {
                    throw ScaffoldError(
                        "components.json would write \(component)'s derived file to \(path), which is a component's"
                            + " API file; give the derived files paths of their own; nothing was written")
                }
                guard derived.insert(path.lowercased()).inserted else {
                    throw ScaffoldError(
                        "components.json would write two derived files to \(path); give each component's derived"
                            + " files paths with {Name} in them; nothing was written")
                }
            }
        }
    }

    /// Whether `source` declares the class `component` (a component's API is a class, as
    /// `ComponentAPI` is a class protocol), outside comments and strings.
    static func declares(_ component: String, in source: String) -> Bool {
        let code = String(decoding: ArrayLiteralEdit.blankingCommentsAndStrings(Array(source.utf8)), as: UTF8.self)
        let words = code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        return zip(words, words.dropFirst()).contains { keyword, name in
            keyword == "class" && name == component
        }
    }

    /// The app's types that conform to `StubAnswer` (in the layout's `stubAnswers` folders), so a
    /// require may answer with them: a top-level declaration or extension that names the protocol, at
    /// the start of its line (a nested type of the same name is another type), outside `#if` blocks
    /// (whose conformance may not be compiled).
    func answerableTypes(in layout: ComponentLayout) -> Set<String> {
        let conformance =
            #/(?m)^(?:public\s+|final\s+)*(?:extension|struct|enum|class)\s+([A-Za-z_][A-Za-z0-9_]*)\s*:[^{]*\bStubAnswer\b/#
        var types: Set<String> = []
        for folder in layout.stubAnswers {
            guard let files = FileManager.default.enumerator(at: url(folder), includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in files where file.pathExtension == "swift" {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                let code = ArrayLiteralEdit.blankingCommentsAndStrings(Array(data))
                let lines = ImportEdit.linesOutsideConditionalBlocks(of: code).map {
                    String(decoding: code[$0.start..<$0.end], as: UTF8.self)
                }
                types.formUnion(
                    lines.joined(separator: "\n").matches(of: conformance).map { String($0.output.1) })
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
            let exists = fileManager.fileExists(atPath: folder.path, isDirectory: &isFolder)
            guard exists, isFolder.boolValue else {
                let relative = (file.path as NSString).deletingLastPathComponent
                throw ScaffoldError(
                    exists
                        ? "cannot write \(file.path): \(relative) is a file, not a folder; give components.json's"
                            + " derived files another path; nothing was written"
                        : "cannot write \(file.path): the folder \(relative) does not exist; create it (components.json"
                            + " puts the file there); nothing was written")
            }
            // A folder reached through a link outside the package is not written into.
            guard let inside = Self.realPath(packageRoot.path), let real = Self.realPath(folder.path),
                real == inside || real.hasPrefix(inside.hasSuffix("/") ? inside : inside + "/")
            else {
                throw ScaffoldError(
                    "cannot write \(file.path): its folder leads outside the package (a symbolic link); nothing was"
                        + " written")
            }
            // A rename cannot replace a folder (or anything but a file): found now, before any file
            // is written, so the regeneration stays all or none.
            var status = stat()
            if lstat(url(file.path).path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                let what = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
                throw ScaffoldError(
                    "cannot write \(file.path): it is \(what); remove it and run again; nothing was written")
            }
            // A file this tool did not write is someone's work: never replaced.
            if file.exists, !ComponentLayout.isGenerated(url(file.path).path) {
                throw ScaffoldError(
                    "cannot write \(file.path): it is there and was not generated (no line starts with"
                        + " '\(ComponentLayout.generatedMark)'); move it, or give components.json's derived files"
                        + " another path; nothing was written")
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
    /// The path with every symbolic link resolved, or `nil` where it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension Scaffolder {
    /// The names of the requires an API file's source declares, as the derived files list them.
    public static func requires(inAPIFile source: String, named file: String) throws(ScaffoldError) -> [String] {
        try ComponentAPIFile(source: source, file: file).requires.map { "require_\($0.name)" }
    }
}
