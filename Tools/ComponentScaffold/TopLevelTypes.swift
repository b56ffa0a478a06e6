import Foundation

/// The types a folder of Swift sources declares at the top level, read line by line.
///
/// The package's sources are formatted by `swift format`, so a top-level declaration starts at column 0
/// and a nested one is indented; a line-based read is therefore exact for this package without a parser.
struct TopLevelTypes {
    /// One declaration.
    struct Declaration: Hashable {
        /// `struct`, `enum`, `class`, `protocol`, `typealias` or `actor`.
        var kind: String
        /// The type's name.
        var name: String
        /// The declaration's first line, with its conformances.
        var header: String
        /// Whether it is an enum without cases, a type no value has.
        var isUninhabited = false
    }

    /// Every declaration found, in file order.
    private(set) var declarations: [Declaration] = []

    /// Reads every `.swift` file under `folder`, recursively; an unreadable folder declares nothing.
    init(folder: URL) {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return }
        let pattern = Self.declarationPattern()
        for case let file as URL in files where file.pathExtension == "swift" {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            declarations += Self.declarations(in: String(decoding: data, as: UTF8.self), matching: pattern)
        }
    }

    /// A declaration's first line: attributes, modifiers, the kind and the name. Made once for all the
    /// files a caller reads: a regex literal in a function is compiled each time the function runs,
    /// which cost more than reading the file. Not a `static let`: a regex kept for the process's life
    /// is reported as leaked by the address sanitizer's leak check, which cannot see its program.
    static func declarationPattern() -> Regex<(Substring, Substring, Substring)> {
        #/(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|open|nonisolated|indirect)\s+)*(struct|enum|class|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)/#
    }

    /// The top-level declarations of one file's text.
    static func declarations(
        in text: String, matching declaration: Regex<(Substring, Substring, Substring)> = declarationPattern()
    ) -> [Declaration] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.compactMap { index in
            let line = lines[index]
            guard let first = line.first, first != " ", first != "\t",
                let match = line.prefixMatch(of: declaration)
            else { return nil }
            let kind = String(match.output.1)
            // The body runs to the first line that closes at column 0; its own cases are indented once.
            let body = lines[(index + 1)...].prefix { !$0.hasPrefix("}") }
            let hasCase = body.contains { $0.hasPrefix("    case ") || $0.hasPrefix("    indirect case ") }
            return Declaration(
                kind: kind, name: String(match.output.2), header: String(line),
                isUninhabited: kind == "enum" && !line.contains(" case ") && !hasCase)
        }
    }

    /// The names of every declaration.
    var names: Set<String> { Set(declarations.map(\.name)) }

    /// The names of the types declared under `folders`, reading only the files that are new or
    /// changed since the names were kept in `cache`, which then holds them all.
    ///
    /// A file is taken as unchanged while its size and modification time are; so the thousandth
    /// component added reads its own new files, not the 999 routers before it. Without a cache
    /// file (or with one that cannot be read) every file is read.
    static func names(under folders: [URL], keptIn cache: URL) -> Set<String> {
        struct Entry: Codable {
            var stamp: String
            var names: [String]
        }
        let kept = FileManager.default.contents(atPath: cache.path).flatMap {
            try? JSONDecoder().decode([String: Entry].self, from: $0)
        }
        var current: [String: Entry] = [:]
        let pattern = declarationPattern()
        for folder in folders {
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in files where file.pathExtension == "swift" {
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                    let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
                else { continue }
                let stamp = "\(size) \(modified.timeIntervalSince1970)"
                if let entry = kept?[file.path], entry.stamp == stamp {
                    current[file.path] = entry
                } else if let data = FileManager.default.contents(atPath: file.path) {
                    let names = declarations(in: String(decoding: data, as: UTF8.self), matching: pattern).map(\.name)
                    current[file.path] = Entry(stamp: stamp, names: names)
                }
            }
        }
        if let data = try? JSONEncoder().encode(current) {
            try? FileManager.default.createDirectory(
                at: cache.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: cache, options: .atomic)
        }
        return Set(current.values.flatMap(\.names))
    }
}
