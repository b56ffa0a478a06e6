/// Adds an `import` line to Swift source, among the file's imports in sorted order, keeping its line
/// breaks.
///
/// Only lines that are code count: an `import` written inside a comment or a string is not one, and
/// neither is one inside an `#if` block, which holds only where its condition does.
enum ImportEdit {
    /// `source` with `import module` added, or unchanged when it already imports `module`, however the
    /// import is spelled (`public import`, `@_exported import`, a `;` or a comment after it).
    ///
    /// - Parameter path: The file's path, for the message when it has no imports to add to.
    static func adding(_ module: String, to source: String, in path: String) throws(ScaffoldError) -> String {
        let text = Array(source.utf8)
        let code = ArrayLiteralEdit.blankingCommentsAndStrings(text)
        let line = Array("import \(module)".utf8)
        // The start and end (before any line break) of each line of code outside `#if` blocks.
        var lines: [(start: Int, end: Int)] = []
        var depth = 0
        var start = 0
        while start < code.count {
            let end = code[start...].firstIndex(of: UInt8(ascii: "\n")) ?? code.count
            let trimmedEnd = end > start && code[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            let first = words(code[start..<trimmedEnd]).first
            if first?.hasPrefix("#if") == true {
                depth += 1
            } else if first?.hasPrefix("#endif") == true {
                depth = max(depth - 1, 0)
            } else if depth == 0 {
                lines.append((start, trimmedEnd))
            }
            start = end + 1
        }
        let imports = lines.filter { code[$0.start..<$0.end].starts(with: "import ".utf8) }
        guard let last = imports.last else {
            throw ScaffoldError(
                "\(path) has no import lines outside an #if block to add 'import \(module)' to; add the router by"
                    + " hand (CONTRIBUTING.md, 'Adding a component')")
        }
        if lines.contains(where: { isImport(of: module, words(code[$0.start..<$0.end])) }) {
            return source
        }
        // The new line ends as the import it is put beside does, so no existing line's ending changes.
        var edited = text
        if let next = imports.first(where: { text[$0.start..<$0.end].lexicographicallyPrecedes(line) == false }) {
            let offset = insertionPoint(before: next.start, in: text, code: code)
            let newline = ArrayLiteralEdit.lineBreak(endingLineAt: offset, in: text)
            edited.insert(contentsOf: line + Array(newline.utf8), at: offset)
        } else {
            let newline = ArrayLiteralEdit.lineBreak(endingLineAt: last.end, in: text)
            edited.insert(contentsOf: Array(newline.utf8) + line, at: last.end)
        }
        return String(decoding: edited, as: UTF8.self)
    }

    /// Where the new import goes before the import starting at `offset`: above the attribute and comment
    /// lines written directly before it, an attribute applying to it and a comment telling of it. Where
    /// those lines begin the file, the comments are the file's header and stay above.
    private static func insertionPoint(before offset: Int, in text: [UInt8], code: [UInt8]) -> Int {
        let blanks: [UInt8] = [0x20, 0x09, 0x0D]
        var firstAttribute: Int?
        var lineStart = offset
        while lineStart > 0 {
            let previous = (code[..<(lineStart - 1)].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            let line = previous..<(lineStart - 1)
            // The first byte of code, past a comment's blanks and hidden line breaks.
            let first = code[line].first { !blanks.contains($0) && $0 != ArrayLiteralEdit.hiddenLineBreak }
            if first == UInt8(ascii: "@"), !words(code[line]).contains("import") {
                firstAttribute = previous
            } else if first != nil || !text[line].contains(where: { !blanks.contains($0) }) {
                return lineStart  // code or a blank line above the run
            }
            lineStart = previous
        }
        return firstAttribute ?? offset
    }

    /// The words of a line of code, split at spaces, tabs and semicolons.
    private static func words(_ code: ArraySlice<UInt8>) -> [Substring] {
        String(decoding: code, as: UTF8.self).split { $0 == " " || $0 == "\t" || $0 == ";" }
    }

    /// Whether a line of these words imports `module`: `import module` after any attributes and access level.
    private static func isImport(of module: String, _ words: [Substring]) -> Bool {
        let accessLevels: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        return words.drop { $0.hasPrefix("@") || accessLevels.contains($0) }.elementsEqual([
            "import", Substring(module),
        ])
    }
}
