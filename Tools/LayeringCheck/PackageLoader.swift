import Foundation

/// Loads a ``PackageGraph``: from `swift package describe`, or from a JSON file of the same shape.
public enum PackageLoader {
    /// Describes the package at `packagePath` with `swift package describe --type json`.
    ///
    /// - Parameter scratchPath: A build folder for SwiftPM to use instead of the package's `.build`,
    ///   e.g. to avoid waiting for the lock of another SwiftPM command running in the same package.
    /// - Parameter cache: A folder to keep the description in, keyed by the manifest and the package's
    ///   file list, so an unchanged package is not described again; `nil` describes every time.
    public static func describe(
        packagePath: String, scratchPath: String? = nil, cache: URL? = nil
    ) throws(LayeringCheckError) -> PackageGraph {
        let root = URL(fileURLWithPath: packagePath).standardizedFileURL
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            throw .notAPackage(path: packagePath)
        }
        let cached = cache.map { DescriptionCache(folder: $0, packageRoot: root) }
        if let data = cached?.load(), var graph = try? decode(data) {
            graph.path = root.path
            return graph
        }
        let arguments =
            ["swift", "package", "--package-path", root.path]
            + (scratchPath.map { ["--scratch-path", $0] } ?? [])
            + ["describe", "--type", "json"]
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(arguments)
        } catch {
            throw .describeFailed(status: -1, output: "could not start `swift`: \(error.localizedDescription)")
        }
        guard outcome.status == 0 else {
            let tail = outcome.errors.split(separator: "\n").suffix(20).joined(separator: "\n")
            throw .describeFailed(status: outcome.status, output: tail)
        }
        var graph = try decode(outcome.output)
        graph.path = root.path
        cached?.store(outcome.output)
        return graph
    }

    /// Reads a package description from a JSON file (what the command plugin writes).
    public static func load(descriptionAt path: String) throws(LayeringCheckError) -> PackageGraph {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, reason: "no such file, or not readable")
        }
        return try decode(data)
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
/// The key hashes every manifest (`Package*.swift`), the sorted list of every file path under the
/// package (hidden folders such as `.build` left out) and the `swift` found on the `PATH`. A miss or
/// any I/O failure only means describing again.
struct DescriptionCache {
    let folder: URL
    let packageRoot: URL

    private var descriptionFile: URL { folder.appendingPathComponent("describe.json") }
    private var keyFile: URL { folder.appendingPathComponent("describe.key") }

    func load() -> Data? {
        guard let stored = try? String(contentsOf: keyFile, encoding: .utf8), stored == key() else { return nil }
        return try? Data(contentsOf: descriptionFile)
    }

    func store(_ description: Data) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard (try? description.write(to: descriptionFile, options: .atomic)) != nil else { return }
        try? Data(key().utf8).write(to: keyFile, options: .atomic)
    }

    /// A 64-bit FNV-1a hash, in hex, of what the description depends on.
    func key() -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3  // a separator, so ["ab", "c"] differs from ["a", "bc"]
        }
        let manager = FileManager.default
        var paths: [String] = []
        // Hidden folders (`.build`, `.git`, `.swiftpm`) are skipped: SwiftPM ignores them too.
        if let walker = manager.enumerator(at: packageRoot, includingPropertiesForKeys: nil, options: .skipsHiddenFiles)
        {
            let prefix = packageRoot.path.count + 1
            for case let url as URL in walker {
                paths.append(String(url.path.dropFirst(prefix)))
            }
        }
        for path in paths.sorted() {
            mix(path.utf8)
            if path.hasPrefix("Package"), path.hasSuffix(".swift"), !path.contains("/") {
                mix(manager.contents(atPath: packageRoot.appendingPathComponent(path).path) ?? Data())
            }
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
        return String(hash, radix: 16)
    }
}
