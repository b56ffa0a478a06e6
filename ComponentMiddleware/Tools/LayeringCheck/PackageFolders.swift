import Foundation

/// The folders of packages under a root that a contract's `packages` names, found on disk: those the
/// app does not depend on by path are left out of the check, which says so.
enum PackageFolders {
    /// The deepest a `**` pattern is followed, in folders below the root.
    static let deepest = 8

    /// The folders under `root`, from it, that one of `patterns` matches and that hold a
    /// `Package.swift`, in order. Hidden folders (SwiftPM's `.build` among them) and symbolic links are
    /// not followed, and no folder deeper than the deepest pattern is looked at.
    static func matching(_ patterns: [TargetPattern], under root: URL) -> [String] {
        let depth =
            patterns.map { $0.text.contains("**") ? deepest : $0.text.split(separator: "/").count }.max() ?? 0
        var found: [String] = []
        func walk(_ relative: String, level: Int) {
            guard level < depth else { return }
            let folder = relative.isEmpty ? root : root.appendingPathComponent(relative, isDirectory: true)
            let keys: [URLResourceKey] = [.isDirectoryKey, .isSymbolicLinkKey]
            guard
                let entries = try? FileManager.default.contentsOfDirectory(
                    at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
            else { return }
            for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                let values = try? entry.resourceValues(forKeys: Set(keys))
                guard values?.isDirectory == true, values?.isSymbolicLink != true else { continue }
                let path = relative.isEmpty ? entry.lastPathComponent : "\(relative)/\(entry.lastPathComponent)"
                if patterns.contains(where: { $0.matches(path) }),
                    FileManager.default.fileExists(atPath: entry.appendingPathComponent("Package.swift").path)
                {
                    found.append(path)
                }
                walk(path, level: level + 1)
            }
        }
        walk("", level: 0)
        return found
    }
}
