/// Adds an `import` line to Swift source, among the file's imports in sorted order, keeping its line
/// breaks.
///
/// Only lines that are code count: an `import` written inside a comment or a string is not one, and
/// neither is one inside an `#if` block, which holds only where its condition does. The new line goes
/// right after the import it sorts after, where nothing can be waiting for it: an attribute or a
/// comment above the next import stays that import's.
enum ImportEdit {
    /// `source` with `import module` added, or unchanged when it already imports `module`, however the
    /// import is spelled (`public import`, `@_exported import`, a `;` or a comment after it).
    ///
    /// - Parameter path: The file's path, for the message when it has no imports to add to.
    static func adding(_ module: String, to source: String, in path: String) throws(ScaffoldError) -> String {
        let text = Array(source.utf8)
        let code = ArrayLiteralEdit.blankingCommentsAndStrings(text)
        // The imports outside `#if` blocks, each a line holding one import and nothing else.
        let imports = linesOutsideConditionalBlocks(of: code).compactMap { line in
            importedModule(words(code[line.start..<line.end])).map { (line: line, module: $0) }
        }
        if imports.contains(where: { $0.module == Substring(module) }) {
            return source
        }
        guard let first = imports.first else {
            throw ScaffoldError(
                "\(path) has no import lines outside an #if block to add 'import \(module)' to; add an import"
                    + " line to it, or add the component by hand")
        }
        let line = Array("import \(module)".utf8)
        var edited = text
        if let previous = imports.last(where: { $0.module < Substring(module) }) {
            insert(line, after: previous.line.end, in: &edited)
        } else if let above = lastLineOfCode(before: first.line.start, in: code) {
            // First in order, after the code above the first import; where that code may be an attribute
            // waiting for the import, after the import instead, out of order, rather than take it.
            let isComplete = isCompleteWithoutAttributes(code[above.start..<above.end])
            insert(line, after: isComplete ? above.end : first.line.end, in: &edited)
        } else {
            // First in order: above the first import, below the comments and blank lines of the file's header.
            let newline = ArrayLiteralEdit.lineBreak(endingLineAt: first.line.start, in: text)
            edited.insert(contentsOf: line + Array(newline.utf8), at: first.line.start)
        }
        return String(decoding: edited, as: UTF8.self)
    }

    /// Puts `line` on a line of its own after the line of code ending at `end`, ending as that line
    /// does, so no existing line's ending changes.
    private static func insert(_ line: [UInt8], after end: Int, in text: inout [UInt8]) {
        let newline = Array(ArrayLiteralEdit.lineBreak(endingLineAt: end, in: text).utf8)
        text.insert(contentsOf: newline + line, at: end)
    }

    /// Whether a line of code certainly ends what it holds and applies no attribute or directive to the
    /// line after it: it names no attribute and no directive (an attribute with its import excepted), and
    /// its parentheses and brackets close, so it does not end an attribute's arguments written over lines.
    private static func isCompleteWithoutAttributes(_ code: ArraySlice<UInt8>) -> Bool {
        let words = words(code)
        if importedModule(words) != nil { return true }
        func count(_ byte: Unicode.Scalar) -> Int { code.count { $0 == UInt8(ascii: byte) } }
        return !words.contains { $0.hasPrefix("@") || $0.hasPrefix("#") }
            && count("(") == count(")") && count("[") == count("]")
    }

    /// The start and end (before any line break) of the last line before `offset` that holds code, not
    /// only comments and blanks; `nil` where there is none.
    private static func lastLineOfCode(before offset: Int, in code: [UInt8]) -> (start: Int, end: Int)? {
        var end = offset - 1  // the line break ending the line above
        while end > 0 {
            let start = (code[..<end].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            if !words(code[start..<end]).isEmpty {
                return (start, endBeforeCarriageReturn(start, end, in: code))
            }
            end = start - 1
        }
        return nil
    }

    /// The start and end (before any line break) of each line of code outside `#if` blocks, a line that
    /// holds a directive left out too.
    static func linesOutsideConditionalBlocks(of code: [UInt8]) -> [(start: Int, end: Int)] {
        var lines: [(start: Int, end: Int)] = []
        var depth = 0
        var start = 0
        while start < code.count {
            let end = code[start...].firstIndex(of: UInt8(ascii: "\n")) ?? code.count
            let trimmedEnd = endBeforeCarriageReturn(start, end, in: code)
            let line = code[start..<trimmedEnd]
            let directives = line.contains(UInt8(ascii: "#")) ? words(line).filter { $0.hasPrefix("#") } : []
            if directives.isEmpty {
                if depth == 0 { lines.append((start, trimmedEnd)) }
            } else {
                for directive in directives {
                    if directive.hasPrefix("#if") {
                        depth += 1
                    } else if directive.hasPrefix("#endif") {
                        depth = max(depth - 1, 0)
                    }
                }
            }
            start = end + 1
        }
        return lines
    }

    /// `end`, the line feed ending the line from `start`, or the carriage return before it.
    private static func endBeforeCarriageReturn(_ start: Int, _ end: Int, in code: [UInt8]) -> Int {
        end > start && code[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
    }

    /// What splits a line of code into words: Swift's whitespace (a form feed and a vertical tab too), a
    /// byte order mark, what a comment's line break leaves, and semicolons.
    private static let separators: Set<Character> = [
        " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{FEFF}",
        Character(Unicode.Scalar(ArrayLiteralEdit.hiddenLineBreak)), ";",
    ]

    /// The words of a line of code, split at ``separators``.
    ///
    /// A line of ASCII is split as bytes, which gives the same words: each of its characters is one
    /// byte but a CR-LF, and both of those bytes separate. Splitting characters costs more than the
    /// rest of an edit of a registry with a thousand imports.
    private static func words(_ code: ArraySlice<UInt8>) -> [Substring] {
        let line = String(decoding: code, as: UTF8.self)
        guard code.allSatisfy({ $0 < 0x80 }) else {
            return line.split { separators.contains($0) }
        }
        return line.utf8.split(whereSeparator: isASCIISeparator).map { Substring($0) }
    }

    /// Whether an ASCII byte is one of ``separators``.
    private static func isASCIISeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C,
            ArrayLiteralEdit.hiddenLineBreak, UInt8(ascii: ";"):
            true
        default: false
        }
    }

    /// The module a line of these words imports when it holds `import Module` and nothing else, after
    /// any attributes and access level.
    private static func importedModule(_ words: [Substring]) -> Substring? {
        let accessLevels: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        let statement = words.drop { $0.hasPrefix("@") || accessLevels.contains($0) }
        guard statement.count == 2, statement.first == "import" else { return nil }
        return statement.last
    }
}
