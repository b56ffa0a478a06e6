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

    /// Reads every `.swift` file under `folder`, recursively, as ``SwiftFiles`` walks it; an unreadable
    /// folder declares nothing.
    init(folder: URL) {
        let pattern = Self.declarationPattern()
        SwiftFiles.forEach(under: folder.path) { path, _ in
            guard let data = FileManager.default.contents(atPath: path) else { return }
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
        // Split as bytes: splitting the `String` breaks it into characters first, which cost more than
        // the rest of the read on a file as long as the router registry. A line ends at a line feed or
        // a carriage return, as the compiler ends it, and a byte-order mark before the first is not
        // part of it.
        var utf8 = text.utf8[...]
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) {
            utf8 = utf8.dropFirst(3)
        }
        let lines = utf8.split(omittingEmptySubsequences: false) {
            $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }
        .map(Substring.init)
        return lines.indices.compactMap { index in
            let line = lines[index]
            guard let first = line.first, first != " ", first != "\t", canDeclare(line),
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

    /// The words a top-level type declaration can start with, besides an attribute's `@`: its modifiers
    /// and kinds, as ``declarationPattern()`` lists them.
    private static let declarationStarts: Set<Substring> = [
        "public", "package", "internal", "fileprivate", "private", "final", "open", "nonisolated", "indirect",
        "struct", "enum", "class", "protocol", "typealias", "actor",
    ]

    /// Whether `line` can start a declaration, judged by its first word before the pattern is tried:
    /// the router registry has an `import` line per component, and the regex engine is slow to refuse.
    private static func canDeclare(_ line: Substring) -> Bool {
        line.first == "@" || declarationStarts.contains(line.prefix { $0.isLetter })
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
        let kept = KeptNames(at: cache)
        var current = KeptNames()
        var names = Set<String>()
        let pattern = declarationPattern()
        // Whether a file was read rather than taken from the kept names.
        var readAny = false
        for folder in folders {
            SwiftFiles.forEach(under: folder.path) { path, stamp in
                let fileNames: [String]
                if let entry = kept.entries[path], entry.stamp == stamp {
                    fileNames = entry.names
                } else if let data = FileManager.default.contents(atPath: path) {
                    fileNames = declarations(in: String(decoding: data, as: UTF8.self), matching: pattern).map(\.name)
                    readAny = true
                } else {
                    return
                }
                names.formUnion(fileNames)
                current.entries[path] = (stamp, fileNames)
            }
        }
        // Every file kept as it was, and no kept file gone: the kept names are already these.
        if readAny || current.entries.count != kept.entries.count {
            current.write(to: cache)
        }
        return names
    }
}

/// The type names `new-component` keeps between additions (a ``KeptFile``), one line per file: its
/// stamp, its path and its names, separated by tabs (names by spaces).
///
/// Text, read as bytes, rather than JSON: a package with a thousand components has thousands of
/// lines, read and written on every addition. A path with a tab or a line break is never kept, so
/// its file is read every time.
struct KeptNames {
    static let header = "new-component visible types, 2: stamp, path, names"

    var entries: [String: (stamp: String, names: [String])] = [:]

    init() {}

    /// The names kept at `cache`; none if it is missing, torn or not in this format.
    init(at cache: URL) {
        guard let lines = KeptFile.lines(at: cache, header: Self.header) else { return }
        var entries: [String: (stamp: String, names: [String])] = [:]
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[1].isEmpty else { return }
            let names =
                fields[2].isEmpty ? [] : fields[2].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard names.allSatisfy(Self.isName) else { return }
            entries[String(decoding: fields[1], as: UTF8.self)] = (
                String(decoding: fields[0], as: UTF8.self), names.map { String(decoding: $0, as: UTF8.self) }
            )
        }
        self.entries = entries
    }

    /// Writes the names to `cache`.
    func write(to cache: URL) {
        let lines = entries.compactMap { path, entry in
            path.contains { $0 == "\t" || $0.isNewline }
                ? nil : entry.stamp + "\t" + path + "\t" + entry.names.joined(separator: " ")
        }
        KeptFile.write(lines, header: Self.header, to: cache)
    }

    /// Whether `bytes` spell a name as the declaration pattern captures it.
    private static func isName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, PlainEntry.isIdentifierByte(first, first: true) else { return false }
        return bytes.allSatisfy { PlainEntry.isIdentifierByte($0, first: false) }
    }
}
