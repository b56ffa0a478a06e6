import Foundation
import MiddlewareSupport

/// Loads a ``PackageGraph``: from `swift package describe`, or from a JSON file of the same shape.
public enum PackageLoader {
    /// Describes the package at `packagePath` with `swift package describe --type json`.
    ///
    /// - Parameters:
    ///   - packagePath: The package's folder, where its `Package.swift` is.
    ///   - scratchPath: A build folder for SwiftPM to use instead of the package's `.build`, e.g. to
    ///     avoid waiting for the lock of another SwiftPM command running in the same package.
    ///   - cache: A folder to keep the description in, keyed by the manifest and the package's file
    ///     list, so an unchanged package is not described again; `nil` describes every time.
    ///   - refreshesCache: Describe even if the cache holds a description, and store the new one.
    ///   - readsPackages: Whether to read the packages it depends on too (``PackageGraph/packages``).
    ///   - timeLimit: How long each `swift package` command may run before it is stopped and reported.
    public static func describe(
        packagePath: String, scratchPath: String? = nil, cache: URL? = nil, refreshesCache: Bool = false,
        readsPackages: Bool = true, timeLimit: Duration = timeLimit
    ) throws(LayeringCheckError) -> PackageGraph {
        let root = URL(fileURLWithPath: packagePath).standardizedFileURL
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            throw .notAPackage(path: packagePath)
        }
        let cached = cache.map { DescriptionCache(folder: $0, packageRoot: root) }
        let key = cached?.key()
        if !refreshesCache, let key, let data = cached?.load(key: key), var graph = try? decode(data) {
            graph.path = root.path
            return graph
        }
        let swiftPM = SwiftPM(scratchPath: scratchPath, timeLimit: timeLimit)
        var graph = try decode(try swiftPM.run(["describe", "--type", "json"], in: root.path))
        let manifest = try DeclaredDependency.fromDump(try swiftPM.run(["dump-package"], in: root.path))
        graph.declared = manifest.targets
        graph.productTargets = manifest.products
        graph.namedPlatforms = manifest.platforms
        graph.defines = manifest.defines
        graph.traits = manifest.traits
        graph.defaultTraits = manifest.defaultTraits
        if !readsPackages {
            graph.packages = nil
        } else if manifest.dependsOnPackages {
            do throws(LayeringCheckError) {
                (graph.packages, graph.packagesProblem) = try swiftPM.packages(of: root.path)
            } catch {
                // A command that would not end is not a dependency SwiftPM could not read, which the
                // check reports and goes on past: it stops the check, as in the package itself.
                if case .swiftPMTimedOut = error { throw error }
                // The first line and SwiftPM's last word: why, in one line.
                let lines = error.description.split(separator: "\n")
                let first = lines.first.map { $0.hasSuffix(":") ? $0.dropLast() : $0 }
                graph.packagesProblem = [first, lines.dropFirst().last].compactMap { $0 }.joined(separator: ": ")
            }
        } else {
            graph.packages = []
        }
        graph.path = root.path
        if let key {
            let encoder = JSONEncoder()
            if let data = try? encoder.encode(graph) {
                cached?.store(data, key: key)
            }
        }
        return graph
    }

    /// How long a `swift package` command may run by default: far longer than describing a package of
    /// thousands of targets takes, so only one that would never end reaches it (SwiftPM walks a
    /// symbolic link to a folder above it again at each level, and two such links make the walk
    /// exponential).
    public static let timeLimit = Duration.seconds(300)

    /// Runs `swift package` subcommands on a package.
    private struct SwiftPM {
        var scratchPath: String?
        var timeLimit: Duration

        /// The standard output of `swift package --package-path <path> <arguments>`; a failure is thrown
        /// with the end of what SwiftPM said.
        func run(_ arguments: [String], in path: String) throws(LayeringCheckError) -> Data {
            let command =
                ["swift", "package", "--package-path", path] + (scratchPath.map { ["--scratch-path", $0] } ?? [])
                + arguments
            let outcome: Subprocess.Outcome
            do {
                outcome = try Subprocess.run(command, timeLimit: timeLimit)
            } catch {
                throw .describeFailed(status: -1, output: "could not start `swift`: \(error.localizedDescription)")
            }
            guard !outcome.timedOut else {
                throw .swiftPMTimedOut(command: arguments.first ?? "", timeLimit: timeLimit, path: path)
            }
            guard outcome.status == 0 else {
                let tail = outcome.errors.split(separator: "\n").suffix(20).joined(separator: "\n")
                guard arguments.first == "describe" else {
                    throw .swiftPMFailed(command: arguments.first ?? "", status: outcome.status, output: tail)
                }
                throw .describeFailed(status: outcome.status, output: tail)
            }
            return outcome.output
        }

        /// One package below another in SwiftPM's graph: where it was resolved, and whether it is a
        /// dependency by path (a folder of the developer's) rather than a checkout of a URL.
        private typealias Located = (identity: String, folder: String, isLocal: Bool)

        /// Every package the one at `path` depends on, directly or not, each read from its own manifest
        /// where SwiftPM resolved it (`show-dependencies` names the folders), and why some could not
        /// be, if any could not.
        func packages(of path: String) throws(LayeringCheckError) -> (packages: [DependencyPackage], problem: String?) {
            let folders: [Located]
            var problem: String?
            do {
                folders = try dependencyFolders(of: path)
            } catch {
                if case .swiftPMTimedOut = error { throw error }
                // SwiftPM 6.3's tree formats (json, text, flatlist) recurse without end through packages
                // that depend on each other, which tools version 6.0 allows (an app and a feature
                // package that uses the app's base layer), and die of a stack overflow; its dot format
                // draws each package once. A package it gives by URL has no folder there, so is named
                // as unread, and the others are read.
                guard let located = try? dependencyFoldersFromGraph(of: path) else { throw error }
                folders = located.folders
                if !located.unlocated.isEmpty {
                    problem =
                        "SwiftPM cannot print the tree of packages that depend on each other, and its graph gives"
                        + " no folder for \(located.unlocated.sorted().joined(separator: ", ")), fetched by URL"
                }
            }
            var packages: [DependencyPackage] = []
            for (identity, folder, isLocal) in folders {
                // A manifest is read without building or resolving anything: it cannot fetch.
                let manifest = try DeclaredDependency.fromDump(try run(["dump-package"], in: folder))
                packages.append(
                    DependencyPackage(
                        identity: identity, name: manifest.name, products: manifest.products,
                        targets: manifest.targets, folder: folder, isLocal: isLocal))
            }
            return (packages.sorted { $0.identity < $1.identity }, problem)
        }

        /// Each package below the one at `path` in `show-dependencies`' tree, once, with its folder; a
        /// dependency by path has its folder for its URL.
        private func dependencyFolders(of path: String) throws(LayeringCheckError) -> [Located] {
            let tree = try run(["show-dependencies", "--format", "json"], in: path)
            let json = tree.firstIndex(of: UInt8(ascii: "{")).map { tree[$0...] } ?? tree
            guard let root = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any] else {
                throw .invalidDescription("`swift package show-dependencies` printed no tree")
            }
            var folders: [Located] = []
            var seen: Set<String> = []
            var pending = root["dependencies"] as? [[String: Any]] ?? []
            while let node = pending.popLast() {
                guard let identity = node["identity"] as? String, let folder = node["path"] as? String,
                    seen.insert(identity).inserted
                else { continue }
                folders.append((identity, folder, node["url"] as? String == folder))
                pending += node["dependencies"] as? [[String: Any]] ?? []
            }
            return folders
        }

        /// Each package in `show-dependencies`' dot graph other than the one at `path`: a node is
        /// `"<key>" [label="<identity>\n<folder or URL>\n<version>"]`, its text escaped as DOT escapes a
        /// quoted string. Those given by URL are `unlocated`; a node line that does not read so stops
        /// the reading, rather than leave a package out unsaid.
        private func dependencyFoldersFromGraph(of path: String) throws(LayeringCheckError) -> (
            folders: [Located], unlocated: [String]
        ) {
            let graph = String(decoding: try run(["show-dependencies", "--format", "dot"], in: path), as: UTF8.self)
            let root = URL(fileURLWithPath: path).standardizedFileURL.path
            var folders: [Located] = []
            var unlocated: [String] = []
            for line in graph.split(separator: "\n") where line.contains(" [label=") {
                guard let start = line.range(of: " [label=\""), line.hasSuffix("\"]"),
                    case let fields = Self.unescapedLines(
                        line[start.upperBound..<line.index(line.endIndex, offsetBy: -2)]),
                    fields.count == 3, !fields[0].isEmpty, !fields[1].isEmpty
                else {
                    throw .invalidDescription(
                        "`swift package show-dependencies --format dot` printed a package this check cannot read:"
                            + " \(line.prefix(200))")
                }
                let (identity, location) = (fields[0], fields[1])
                if !location.hasPrefix("/") {
                    unlocated.append(identity)
                } else if URL(fileURLWithPath: location).standardizedFileURL.path != root {
                    folders.append((identity, location, true))
                }
            }
            guard !folders.isEmpty || !unlocated.isEmpty else {
                throw .invalidDescription("`swift package show-dependencies --format dot` printed no package")
            }
            return (folders, unlocated)
        }

        /// The lines of a DOT label: `\n` ends a line, `\"` and `\\` are a quote and a backslash.
        private static func unescapedLines(_ label: Substring) -> [String] {
            var lines = [""]
            var characters = label.makeIterator()
            while let character = characters.next() {
                guard character == "\\", let escaped = characters.next() else {
                    lines[lines.count - 1].append(character)
                    continue
                }
                if escaped == "n" { lines.append("") } else { lines[lines.count - 1].append(escaped) }
            }
            return lines
        }
    }

    /// Reads a package description from a JSON file (what the command plugin writes).
    public static func load(descriptionAt path: String) throws(LayeringCheckError) -> PackageGraph {
        try decode(try RegularFile.read(path, shownAs: path, limit: Int(Int32.max)))
    }

    /// Decodes the JSON of `swift package describe --type json`, skipping anything printed before it.
    public static func decode(_ data: Data) throws(LayeringCheckError) -> PackageGraph {
        let json = data.firstIndex(of: UInt8(ascii: "{")).map { data[$0...] } ?? data
        do {
            return try JSONDecoder().decode(PackageGraph.self, from: Data(json))
        } catch {
            throw .invalidDescription("\(error)")
        }
    }
}

/// A package description kept between runs: `swift package describe` costs most of a check, and its
/// answer changes only with the manifest or the files in the package.
///
/// The key hashes the package's absolute path, every manifest (`Package*.swift`) under it (a package
/// inside it that it depends on by path included), `Package.resolved`, the sorted list of every file
/// path under the package (hidden folders such as `.build` left out) and the `swift` found on the
/// `PATH`. A dependency given by a local path outside the package is not watched: after editing its
/// manifest, run with `--no-cache`. A miss or any I/O failure only means describing again.
struct DescriptionCache {
    let folder: URL
    let packageRoot: URL

    private var descriptionFile: URL { folder.appendingPathComponent("describe.json") }
    private var keyFile: URL { folder.appendingPathComponent("describe.key") }

    func load(key: String) -> Data? {
        guard let stored = try? String(contentsOf: keyFile, encoding: .utf8), stored == key else { return nil }
        return try? RegularFile.contents(of: descriptionFile)
    }

    func store(_ description: Data, key: String) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: keyFile)  // never a new key beside an old description
        guard (try? description.write(to: descriptionFile, options: .atomic)) != nil else { return }
        try? Data(key.utf8).write(to: keyFile, options: .atomic)
    }

    /// The name of a folder that keeps what belongs to the package at `path`: its last part and a hash
    /// of the whole, short whatever the path's length and the same from one run to the next.
    static func folderName(forPackageAt path: String) -> String {
        var hash = FNV1a()
        hash.mix(path.utf8)
        let last = URL(fileURLWithPath: path).lastPathComponent.unicodeScalars
            .filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-") }
            .prefix(40)
        return "\(String(String.UnicodeScalarView(last)))-\(hash.hex)"
    }

    /// A 64-bit FNV-1a hash, in hex, of what the description depends on; `nil` when the package holds a
    /// symbolic link, whose target the walk would not see change, so such a package is always described.
    func key() -> String? {
        var hash = FNV1a()
        func mix(_ bytes: some Sequence<UInt8>) {
            hash.mix(bytes)
            hash.mix([0xFF])  // a separator, so ["ab", "c"] differs from ["a", "bc"]
        }
        let manager = FileManager.default
        guard let paths = Self.files(under: packageRoot.path) else { return nil }
        var manifests = Data()
        // What the cached file holds: a graph of another shape is never read back.
        mix("v5: describe, dump-package (defines, traits, products), other packages and their folders".utf8)
        // The graph names folders by absolute path: a copy or a move of the package is described again.
        mix(packageRoot.path.utf8)
        for path in paths.sorted() {
            mix(path.utf8)
            if path == "Package.resolved" {
                mix(manager.contents(atPath: packageRoot.appendingPathComponent(path).path) ?? Data())
            }
            let name = path.split(separator: "/").last ?? ""
            guard name.hasPrefix("Package"), name.hasSuffix(".swift") else { continue }
            // A manifest deeper down is a package inside this one, which it may depend on by path: what
            // the graph says of the packages it depends on changes with it.
            let manifest = manager.contents(atPath: packageRoot.appendingPathComponent(path).path) ?? Data()
            mix(manifest)
            if !path.contains("/") { manifests += manifest }
        }
        // A manifest may read the environment: every variable it names, quoted, is part of the key.
        // The quoted texts are gathered in one pass (every run between two quotes, a superset), so the
        // cost does not grow with the number of variables times the size of the manifests.
        let pieces: [ArraySlice<UInt8>] = Array(manifests).split(
            separator: UInt8(ascii: "\""), omittingEmptySubsequences: false)
        let quoted = Set(pieces.map { Data($0) })
        for (name, value) in ProcessInfo.processInfo.environment.sorted(by: { $0.key < $1.key })
        where quoted.contains(Data(name.utf8)) {
            mix("\(name)=\(value)".utf8)
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in searchPath.split(separator: ":") {
            let swift = "\(folder)/swift"
            if let attributes = try? manager.attributesOfItem(atPath: swift) {
                mix(swift.utf8)
                mix("\(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? 0)".utf8)
                break
            }
        }
        return hash.hex
    }

    /// Every path under `root`, relative to it, hidden entries (`.build`, `.git`) left out, or `nil` if
    /// the tree holds a symbolic link or cannot be read. A directory walk with an explicit stack.
    private static func files(under root: String) -> [String]? {
        var paths: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            guard let directory = opendir(folder.isEmpty ? root : "\(root)/\(folder)") else { return nil }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = folder.isEmpty ? name : "\(folder)/\(name)"
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_LNK), Int32(DT_UNKNOWN):
                    return nil
                case Int32(DT_DIR):
                    folders.append(path)
                default:
                    break
                }
                paths.append(path)
            }
        }
        return paths
    }
}
