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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["swift", "package", "--package-path", root.path]
            + (scratchPath.map { ["--scratch-path", $0] } ?? [])
            + ["describe", "--type", "json"]
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("layering-check-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try? FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .describeFailed(status: -1, output: "could not start `swift`: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let log = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            let tail = log.split(separator: "\n").suffix(20).joined(separator: "\n")
            throw .describeFailed(status: process.terminationStatus, output: tail)
        }
        var graph = try decode(data)
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
