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
    /// A file is taken as unchanged while its stamp (``SwiftFiles``) is, and a folder's entries
    /// while its own stamp is: so the thousandth component added reads its own new files, not the
    /// 999 routers before it, and lists only the folders that changed, not the thousands of folders
    /// of the routers and routes before it. Without a cache file (or with one that cannot be read)
    /// every folder is listed and every file read. `settledBefore` is when a folder must have last
    /// changed for its listing to be kept (``SwiftFiles/forEach(under:kept:listed:settledBefore:_:)``).
    static func names(
        under folders: [URL], keptIn cache: URL, settledBefore: Int = SwiftFiles.settledTime
    ) -> Set<String> {
        let kept = KeptNames(at: cache)
        var current = KeptNames()
        var names = Set<String>()
        let pattern = declarationPattern()
        // Whether a file was read rather than taken from the kept names.
        var readAny = false
        for folder in folders {
            SwiftFiles.forEach(
                under: folder.path, kept: kept.folders, listed: &current.folders, settledBefore: settledBefore
            ) { path, stamp in
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
        // Every file and folder kept as it was, and none gone: the kept file already says this.
        if readAny || current.entries.count != kept.entries.count || current.folders != kept.folders {
            current.write(to: cache)
        }
        return names
    }
}

/// The type names `new-component` keeps between additions (a ``KeptFile``), one line per file: its
/// stamp, its path and its names, separated by tabs (names by spaces); and one line per folder
/// listed: `folder` and its stamp, its path and its entries, separated by tabs (entries by `/`,
/// which no name holds).
///
/// Text, read as bytes, rather than JSON: a package with a thousand components has thousands of
/// lines, read and written on every addition. A path with a tab or a line break is never kept, so
/// its file is read (or its folder listed) every time.
struct KeptNames {
    static let header = "new-component visible types, 3: stamp, path, names; folder stamp, path, entries"

    /// What starts the stamp of a folder's line; a file's stamp starts with a digit.
    private static let folderMark = "folder "

    var entries: [String: (stamp: String, names: [String])] = [:]
    var folders: [String: SwiftFiles.Listing] = [:]

    init() {}

    /// The names kept at `cache`; none if it is missing, torn or not in this format.
    init(at cache: URL) {
        guard let lines = KeptFile.lines(at: cache, header: Self.header) else { return }
        var entries: [String: (stamp: String, names: [String])] = [:]
        var folders: [String: SwiftFiles.Listing] = [:]
        for line in lines {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, !fields[1].isEmpty else { return }
            let stamp = String(decoding: fields[0], as: UTF8.self)
            let path = String(decoding: fields[1], as: UTF8.self)
            if stamp.hasPrefix(Self.folderMark) {
                let names =
                    fields[2].isEmpty
                    ? [] : fields[2].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                guard !names.contains(where: \.isEmpty) else { return }
                folders[path] = SwiftFiles.Listing(
                    stamp: String(stamp.dropFirst(Self.folderMark.count)),
                    entries: names.map { String(decoding: $0, as: UTF8.self) })
            } else {
                let names =
                    fields[2].isEmpty
                    ? [] : fields[2].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
                guard names.allSatisfy(Self.isName) else { return }
                entries[path] = (stamp, names.map { String(decoding: $0, as: UTF8.self) })
            }
        }
        self.entries = entries
        self.folders = folders
    }

    /// Writes the names and the listings to `cache`.
    func write(to cache: URL) {
        // The kept file's lines end at a line feed and its fields at a tab, so a path or entry holding
        // either is not kept; one holding a carriage return is not kept either, as the kept files hold
        // no line break of any kind.
        func isKeepable(_ text: String) -> Bool {
            !text.utf8.contains { $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        }
        let files = entries.compactMap { path, entry in
            isKeepable(path) ? entry.stamp + "\t" + path + "\t" + entry.names.joined(separator: " ") : nil
        }
        let listings = folders.compactMap { path, listing in
            isKeepable(path) && listing.entries.allSatisfy(isKeepable)
                ? Self.folderMark + listing.stamp + "\t" + path + "\t" + listing.entries.joined(separator: "/")
                : nil
        }
        KeptFile.write(files + listings, header: Self.header, to: cache)
    }

    /// Whether `bytes` spell a name as the declaration pattern captures it.
    private static func isName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, EntryPattern.isIdentifierByte(first, first: true) else { return false }
        return bytes.allSatisfy { EntryPattern.isIdentifierByte($0, first: false) }
    }
}
