import Foundation

/// The folders of packages under a root that a contract's `packages` names, found on disk: those the
/// app does not depend on by path are left out of the check, which says so.
enum PackageFolders {
    /// The folders under `root`, from it, that one of `patterns` matches and that hold a
    /// `Package.swift` file, in order. The walk enters only folders on the way to a match (below a
    /// pattern's literal start: `Features` for `Features/*`, the root for `*/Package`), as deep as the
    /// deepest pattern, or without end below a `**`. Hidden folders (SwiftPM's `.build` among them)
    /// are skipped, and a folder that is a symbolic link is looked at, never entered, so no walk loops.
    static func matching(_ patterns: [TargetPattern], under root: URL) -> [String] {
        let shapes = patterns.map(Shape.init)
        var found: [String] = []
        func walk(_ relative: String, components: [String]) {
            let folder = relative.isEmpty ? root : root.appendingPathComponent(relative, isDirectory: true)
            guard
                let entries = try? FileManager.default.contentsOfDirectory(
                    at: folder, includingPropertiesForKeys: [.isSymbolicLinkKey], options: [.skipsHiddenFiles])
            else { return }
            for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
                let name = entry.lastPathComponent
                let path = relative.isEmpty ? name : "\(relative)/\(name)"
                let inner = components + [name]
                var isDirectory: ObjCBool = false
                // A link to a folder counts as the folder, as SwiftPM takes it.
                guard FileManager.default.fileExists(atPath: entry.path, isDirectory: &isDirectory),
                    isDirectory.boolValue
                else { continue }
                if patterns.contains(where: { $0.matches(path) }), holdsManifest(entry) {
                    found.append(path)
                }
                let isLink = (try? entry.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink == true
                if !isLink, shapes.contains(where: { $0.mayMatch(below: inner) }) {
                    walk(path, components: inner)
                }
            }
        }
        walk("", components: [])
        return found
    }

    /// Whether `folder` holds a `Package.swift` that is a file (or a link to one), not a folder.
    private static func holdsManifest(_ folder: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(
            atPath: folder.appendingPathComponent("Package.swift").path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }

    /// A pattern's folders, as far as they decide where a walk may find a match.
    private struct Shape {
        /// Its components before the first one with a wildcard, which a match begins with.
        let literal: [String]
        /// How many components a match has, or `nil` where a `**` lets it have any number.
        let length: Int?

        init(_ pattern: TargetPattern) {
            let components = pattern.text.split(separator: "/").map(String.init)
            literal = Array(components.prefix { !$0.contains(where: { "*?[".contains($0) }) })
            length = components.contains("**") ? nil : components.count
        }

        /// Whether a folder below the one at `components` may match.
        func mayMatch(below components: [String]) -> Bool {
            let shared = min(components.count, literal.count)
            guard Array(components.prefix(shared)) == Array(literal.prefix(shared)) else { return false }
            guard let length else { return true }
            return components.count < length
        }
    }
}
