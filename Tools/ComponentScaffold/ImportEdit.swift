/// Adds an `import` line to Swift source, among the file's imports in sorted order, keeping its line
/// breaks.
///
/// Only lines that are code count: an `import` written inside a comment or a string is not one.
enum ImportEdit {
    /// `source` with `import module` added, or unchanged when it already imports `module`.
    ///
    /// - Parameter path: The file's path, for the message when it has no imports to add to.
    static func adding(_ module: String, to source: String, in path: String) throws(ScaffoldError) -> String {
        let text = Array(source.utf8)
        let code = ArrayLiteralEdit.blankingCommentsAndStrings(text)
        let line = Array("import \(module)".utf8)
        // The start and end (before any line break) of each line of code that is an import.
        var imports: [(start: Int, end: Int)] = []
        var start = 0
        while start < code.count {
            let end = code[start...].firstIndex(of: UInt8(ascii: "\n")) ?? code.count
            let trimmedEnd = end > start && code[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            if code[start..<trimmedEnd].starts(with: "import ".utf8) {
                imports.append((start, trimmedEnd))
            }
            start = end + 1
        }
        guard let last = imports.last else {
            throw ScaffoldError(
                "\(path) has no import lines to add 'import \(module)' to; add the router by hand"
                    + " (CONTRIBUTING.md, 'Adding a component')")
        }
        // The line as code, a comment or spaces after the name aside.
        func isImport(_ found: (start: Int, end: Int)) -> Bool {
            let end = code[found.start..<found.end].lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? found.start
            return code[found.start..<end].elementsEqual(line)
        }
        if imports.contains(where: isImport) {
            return source
        }
        // The new line ends as the import it is put beside does, so no existing line's ending changes.
        var edited = text
        if let next = imports.first(where: { text[$0.start..<$0.end].lexicographicallyPrecedes(line) == false }) {
            let newline = ArrayLiteralEdit.lineBreak(endingLineAt: next.start, in: text)
            edited.insert(contentsOf: line + Array(newline.utf8), at: next.start)
        } else {
            let newline = ArrayLiteralEdit.lineBreak(endingLineAt: last.end, in: text)
            edited.insert(contentsOf: Array(newline.utf8) + line, at: last.end)
        }
        return String(decoding: edited, as: UTF8.self)
    }
}
