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
        for case let file as URL in files where file.pathExtension == "swift" {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            declarations += Self.declarations(in: String(decoding: data, as: UTF8.self))
        }
    }

    /// A declaration's first line: attributes, modifiers, the kind and the name. Made once: a regex
    /// literal in a function is compiled each time the function runs, which cost more than reading
    /// the file. `nonisolated(unsafe)`: a `Regex` is not `Sendable`, but this one is never changed.
    nonisolated(unsafe) private static let declaration =
        #/(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|open|nonisolated|indirect)\s+)*(struct|enum|class|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)/#

    /// The top-level declarations of one file's text.
    static func declarations(in text: String) -> [Declaration] {
        let declaration = Self.declaration
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
}
