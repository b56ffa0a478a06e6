import Foundation

/// Loads a ``PackageGraph``: from `swift package describe`, or from a JSON file of the same shape.
public enum PackageLoader {
    /// Describes the package at `packagePath` with `swift package describe --type json`.
    ///
    /// - Parameter scratchPath: A build folder for SwiftPM to use instead of the package's `.build`,
    ///   e.g. to avoid waiting for the lock of another SwiftPM command running in the same package.
    public static func describe(packagePath: String, scratchPath: String? = nil) throws(LayeringCheckError)
        -> PackageGraph
    {
        let root = URL(fileURLWithPath: packagePath).standardizedFileURL
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
            throw .notAPackage(path: packagePath)
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
