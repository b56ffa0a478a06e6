import Foundation

/// Points a dependency finding at the line of `Package.swift` that most likely declares it.
///
/// Manifests are Swift programs, so a dependency may come from a loop and have no line of its own.
/// The locator looks for the quoted dependency name after the line that names the target, and falls
/// back to that line, then to the top of the file.
struct ManifestLocator {
    private let lines: [Substring]

    init(manifest: String) {
        lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based line and column of the declaration of `dependency` in `target`.
    func location(ofDependency dependency: String, inTarget target: String) -> (line: Int, column: Int) {
        let targetName = "\"\(target)\""
        guard let targetLine = lines.firstIndex(where: { $0.contains("name: \(targetName)") }) else {
            return (1, 1)
        }
        let quoted = "\"\(dependency)\""
        let window = targetLine..<min(lines.count, targetLine + 12)
        for index in window {
            // The dependency list follows the name; skip the name itself on the target's own line.
            let line = lines[index]
            let searchFrom =
                index == targetLine ? (line.range(of: targetName)?.upperBound ?? line.startIndex) : line.startIndex
            if let range = line[searchFrom...].range(of: quoted) {
                return (index + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        let column = lines[targetLine].range(of: targetName).map {
            lines[targetLine].utf8.distance(from: lines[targetLine].startIndex, to: $0.lowerBound) + 1
        }
        return (targetLine + 1, column ?? 1)
    }

    /// The target declared nearest above the 1-based `line`: the last `name: "X"` at or before it that
    /// names one of `targets`.
    func target(enclosingLine line: Int, among targets: [String]) -> String? {
        let names = Set(targets)
        for index in stride(from: min(line, lines.count) - 1, through: 0, by: -1) {
            var rest = lines[index][...]
            while let range = rest.range(of: "name: \"") {
                let after = rest[range.upperBound...]
                if let end = after.firstIndex(of: "\""), names.contains(String(after[..<end])) {
                    return String(after[..<end])
                }
                rest = after
            }
        }
        return nil
    }
}
