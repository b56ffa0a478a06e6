import LayeringCheck
import MiddlewareSupport

/// Appends an element to an array literal in Swift source, keeping the list's own layout.
///
/// The list is found after its declaration (`let components = `, `static let entries: [RouterEntry] = `) in the text with
/// its comments and string contents blanked out, so brackets, commas and look-alike anchors inside them
/// count for nothing. Every element must match what the list is known to hold (a quoted name, a
/// router's entry); anything else is refused rather than guessed at.
struct ArrayLiteralEdit {
    /// What the list is called in messages, e.g. `the components list of Package.swift`.
    var listName: String
    /// The package-relative path of the file that holds the list, e.g. `Package.swift`.
    var file: String
    /// The declaration the list is the value of, e.g. `let components` or `static let entries`: the
    /// list is found where these words stand in the code, as words, a type annotation and `=` after them.
    var declaration: String
    /// The component an element, trimmed, names; `nil` for an element the list may not hold. The list
    /// holds one entry per name, however spelled.
    var name: (Substring) -> Substring?
    /// The entry the list is known to hold, as `components.json` writes it, for messages.
    var shape: String
    /// Where `components.json` names the list, for messages: `scaffold.lists`, or
    /// `scaffold.package.lists` for a list only a component in a package of its own joins.
    var layoutKey = "scaffold.lists"

    /// The list's entries as written, each trimmed.
    func entries(in source: String) throws(ScaffoldError) -> [String] {
        try List(self, in: source).entries
    }

    /// The source with `element` appended to the list.
    func appending(_ element: String, to source: String) throws(ScaffoldError) -> String {
        let list = try List(self, in: source)
        let newName = name(Substring(element))
        guard !list.entries.contains(where: { $0 == element || (newName != nil && name(Substring($0)) == newName) })
        else {
            throw ScaffoldError(
                "\(element) is already in \(listName);"
                    + " remove that entry if its component is gone, or choose another name")
        }
        // The new entry's line is laid out by the file's line feeds, so a file with a line that a
        // carriage return alone ends is named rather than given a line in another style.
        if let line = Self.lineOfBareCarriageReturn(in: list.text) {
            throw ScaffoldError(
                "line \(line) of \(file) ends in a carriage return alone;"
                    + " convert the file's line endings to LF or CRLF and run again, or add the component by hand"
            )
        }
        let insertions = Self.insertion(
            of: element, in: list.text, code: list.code, elements: list.elements, open: list.open, close: list.close)
        var edited = list.text
        for insertion in insertions {
            edited.replaceSubrange(insertion.offset..<insertion.offset, with: Array(insertion.text.utf8))
        }
        let result = String(decoding: edited, as: UTF8.self)
        // The entry must read back as one more entry of the list, naming the component: one with a
        // bracket, a comma or a comment of its own would have broken the list instead.
        guard let reread = try? List(self, in: result), reread.entries.count == list.entries.count + 1,
            reread.entries.contains(element), newName != nil
        else {
            throw ScaffoldError(
                "the entry \(ComponentName.printable(element)) does not read back as one entry of \(listName), which"
                    + " an entry with a bracket, comma or comment of its own breaks; correct the entry in"
                    + " \(ComponentLayout.fileName)'s \(layoutKey)")
        }
        return result
    }

    /// The list found in a source: where its brackets and elements are.
    private struct List {
        let text: [UInt8]
        let code: [UInt8]
        let open: Int
        let close: Int
        let elements: [Range<Int>]
        let entries: [String]

        init(_ edit: ArrayLiteralEdit, in source: String) throws(ScaffoldError) {
            let listName = edit.listName
            text = Array(source.utf8)
            code = ArrayLiteralEdit.blankingCommentsAndStrings(text)
            let codeString = String(decoding: code, as: UTF8.self)
            let matches = edit.anchorMatches(in: code, codeString)
            guard matches.count == 1, let match = matches.first else {
                throw ScaffoldError(
                    matches.isEmpty
                        ? "cannot find \(listName); add the component by hand, or say where the list is in"
                            + " \(ComponentLayout.fileName)'s \(edit.layoutKey)"
                        : "\(listName) is declared \(matches.count) times; keep one, or add the component by hand"
                )
            }
            let anchorEnd = codeString.utf8.distance(from: codeString.startIndex, to: match.upperBound)
            guard let open = code[anchorEnd...].firstIndex(of: UInt8(ascii: "[")),
                code[anchorEnd..<open].allSatisfy(ArrayLiteralEdit.isSpace),
                let close = ArrayLiteralEdit.matchingBracket(in: code, from: open),
                code[(close + 1)...].prefix(while: { !ArrayLiteralEdit.endsLine($0) }).allSatisfy({
                    ArrayLiteralEdit.isSpace($0) || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "}")
                })
            else {
                throw ScaffoldError("\(listName) is not written as one array literal [ … ]; add the component by hand")
            }
            self.open = open
            self.close = close
            elements = ArrayLiteralEdit.elements(in: text, code: code, between: open, and: close)
            let text = text
            entries = elements.map { String(decoding: text[$0], as: UTF8.self) }
            if let odd = entries.first(where: { edit.name(Substring($0)) == nil }) {
                throw ScaffoldError(
                    "\(listName) holds '\(ComponentName.printable(odd))', which is not an entry like"
                        + " \(edit.shape.visible); correct the entry in \(ComponentLayout.fileName)'s"
                        + " \(edit.layoutKey), or add the component by hand"
                )
            }
        }
    }

    /// Where ``declaration`` stands in `code` (`codeString` as bytes), each as the range from its first
    /// word to just after the `=` that follows its name and any type annotation.
    private func anchorMatches(in code: [UInt8], _ codeString: String) -> [Range<String.Index>] {
        let words = declaration.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Array($0.utf8) }
        guard let first = words.first, let firstByte = first.first else { return [] }
        var matches: [Range<String.Index>] = []
        var from = code.startIndex
        while let found = code[from...].firstIndex(of: firstByte) {
            from = found + 1
            guard let end = Self.match(words, in: code, at: found) else { continue }
            // Inside a character (after a prepended mark, `ൎstatic`) the declaration does not begin, nor
            // after a name's last character.
            let index = codeString.utf8.index(codeString.startIndex, offsetBy: found)
            guard index.samePosition(in: codeString) != nil else { continue }
            if found > 0, let before = codeString.unicodeScalars[..<index].last,
                before.isASCII ? Self.continuesName(UInt8(before.value)) : !before.properties.isWhitespace
            {
                continue
            }
            matches.append(index..<codeString.utf8.index(codeString.startIndex, offsetBy: end))
        }
        return matches
    }

    /// The offset just after the `=` of a declaration whose words start at `offset`: the words with
    /// spaces between them, then an optional type annotation (`: [RouterEntry]`), then `=`.
    private static func match(_ words: [[UInt8]], in code: [UInt8], at offset: Int) -> Int? {
        var index = offset
        for (number, word) in words.enumerated() {
            if number > 0 {
                let spaces = code[index...].prefix(while: isSpace).count
                guard spaces > 0 else { return nil }
                index += spaces
            }
            guard code[index...].starts(with: word) else { return nil }
            index += word.count
        }
        guard index == code.count || code[index] >= 0x80 || !continuesName(code[index]) else { return nil }
        index += code[index...].prefix(while: isSpace).count
        if index < code.count, code[index] == UInt8(ascii: ":") {
            // The annotation runs to the `=`; a type holds none.
            guard let equals = code[index...].firstIndex(of: UInt8(ascii: "=")) else { return nil }
            index = equals
        }
        guard index < code.count, code[index] == UInt8(ascii: "="),
            index + 1 == code.count || code[index + 1] != UInt8(ascii: "=")
        else { return nil }
        return index + 1
    }

    /// Whether the ASCII `byte` can continue a name, so a declaration's word next to it is part of a
    /// longer one, or a member (`x.let`).
    private static func continuesName(_ byte: UInt8) -> Bool {
        EntryPattern.isIdentifierByte(byte, first: false) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "`")
    }

    /// The line, from 1, of the first carriage return in `text` that no line feed follows (a line ending
    /// of its own, as classic Mac OS wrote them), a line ending at each LF, CRLF or lone CR; `nil` where
    /// there is none.
    private static func lineOfBareCarriageReturn(in text: [UInt8]) -> Int? {
        var line = 1
        for offset in text.indices {
            if text[offset] == UInt8(ascii: "\n") {
                line += 1
            } else if text[offset] == UInt8(ascii: "\r") {
                guard offset + 1 < text.count, text[offset + 1] == UInt8(ascii: "\n") else { return line }
            }
        }
        return nil
    }

    /// Whether `offset` is the start of `code` or follows a line break (`\n`, `\r`, a vertical tab, a
    /// form feed, U+0085, U+2028 or U+2029: where a regex's `^` counts a line as starting).
    private static func beginsLine(_ code: [UInt8], at offset: Int) -> Bool {
        let before = code[..<offset]
        guard let last = before.last else { return true }
        return (0x0A...0x0D).contains(last) || before.suffix(2).elementsEqual([0xC2, 0x85])
            || before.suffix(3).elementsEqual([0xE2, 0x80, 0xA8]) || before.suffix(3).elementsEqual([0xE2, 0x80, 0xA9])
    }

    // MARK: Layout

    /// What to insert where, the last offset first: a line of its own in a list written one entry per
    /// line, else `, element`. Every existing line keeps its bytes (a comma after the last entry aside):
    /// a comment after the last entry or the `[` stays on its line, and the new line goes after it.
    private static func insertion(
        of element: String,
        in text: [UInt8],
        code: [UInt8],
        elements: [Range<Int>],
        open: Int,
        close: Int
    ) -> [(offset: Int, text: String)] {
        let isMultiline = text[open..<close].contains(UInt8(ascii: "\n"))
        guard let last = elements.last else {
            guard isMultiline else { return [(open + 1, element)] }
            let openLineEnd = lineEnd(from: open + 1, in: text, code: code)
            let offset = openLineEnd < close ? openLineEnd : open + 1
            // One level deeper than the line that opens the list, in its own unit (a tab or four spaces).
            let outer = indentation(ofLineHolding: open, in: text, code: code)
            let indentation = outer + (outer.hasSuffix("\t") ? "\t" : "    ")
            return [(offset, "\(lineBreak(endingLineAt: offset, in: text))\(indentation)\(element),")]
        }
        // A comma after the last entry, on its line or a later one, is the list's trailing comma.
        let comma = code[last.upperBound..<close].firstIndex { !isSpace($0) }.flatMap {
            code[$0] == UInt8(ascii: ",") ? $0 : nil
        }
        // The end of the line of code the last entry (or its comma) ends on: a line break inside a comment
        // does not count, so the new entry never lands inside a comment that runs on.
        let lastLineEnd = lineEnd(from: comma.map { $0 + 1 } ?? last.upperBound, in: text, code: code)
        guard isMultiline, lastLineEnd < close else {
            return [(last.upperBound, ", \(element)")]
        }
        let indentation = indentation(ofLineHolding: last.lowerBound, in: text, code: code)
        // The new line ends as the line it follows does, which keeps its own ending.
        let line = (lastLineEnd, "\(lineBreak(endingLineAt: lastLineEnd, in: text))\(indentation)\(element),")
        // The last entry without a trailing comma gets one.
        return comma == nil ? [line, (last.upperBound, ",")] : [line]
    }

    /// The spaces and tabs that begin the line of code holding `offset`: a comment's line break, which
    /// does not end a line of code, does not count.
    private static func indentation(ofLineHolding offset: Int, in text: [UInt8], code: [UInt8]) -> String {
        let lineStart = (code[..<offset].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        let indentation = text[lineStart...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return String(decoding: indentation, as: UTF8.self)
    }

    /// Where the line of code holding `offset` ends: at its LF, or at the CR of its CRLF; a line break
    /// inside a comment or a string does not count. The end of `text` where no line break follows.
    private static func lineEnd(from offset: Int, in text: [UInt8], code: [UInt8]) -> Int {
        guard offset < code.count, let feed = code[offset...].firstIndex(of: UInt8(ascii: "\n")) else {
            return text.count
        }
        return feed > offset && text[feed - 1] == UInt8(ascii: "\r") ? feed - 1 : feed
    }

    /// The line break (`"\r\n"` or `"\n"`) that ends the line holding `offset` in `text`: a line put
    /// beside it ends the same way, so an addition to a file that mixes LF and CRLF lines changes no
    /// existing line's ending and takes its neighbour's. The last line, which ends with no break, takes
    /// the break of the line before it, and a file of one line `"\n"`.
    static func lineBreak(endingLineAt offset: Int, in text: [UInt8]) -> String {
        func style(ofFeedAt feed: Int) -> String {
            feed > 0 && text[feed - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
        }
        let offset = min(max(offset, 0), text.count)
        if let feed = text[offset...].firstIndex(of: UInt8(ascii: "\n")) {
            return style(ofFeedAt: feed)
        }
        return text[..<offset].lastIndex(of: UInt8(ascii: "\n")).map(style(ofFeedAt:)) ?? "\n"
    }

    /// The ranges of the list's elements in `text`, trimmed, split at the list's top-level commas.
    private static func elements(in text: [UInt8], code: [UInt8], between open: Int, and close: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var depth = 0
        var start = open + 1
        for index in (open + 1)...close {
            let byte = code[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if depth > 0 && (byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}"))
            {
                depth -= 1
            } else if depth == 0 && (byte == UInt8(ascii: ",") || index == close) {
                if let first = code[start..<index].firstIndex(where: { !isSpace($0) }),
                    let last = code[start..<index].lastIndex(where: { !isSpace($0) })
                {
                    ranges.append(first..<(last + 1))
                }
                start = index + 1
            }
        }
        return ranges
    }

    /// The index of the `]` closing the `[` at `open`, in text whose comments and strings are blank.
    private static func matchingBracket(in code: [UInt8], from open: Int) -> Int? {
        var depth = 0
        for index in open..<code.count {
            if code[index] == UInt8(ascii: "[") {
                depth += 1
            } else if code[index] == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// Whether `byte` ends a line of the code: a line feed, or a carriage return (alone or before one).
    private static func endsLine(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == hiddenLineBreak
    }

    /// What a line break inside a comment or string becomes in the blanked text: not a line break of
    /// the code, so line-based steps skip it, but still blank.
    static let hiddenLineBreak: UInt8 = 0x01

    // MARK: Masking

    /// The text with every comment and the text of every string and regex literal replaced by spaces
    /// (line breaks by ``hiddenLineBreak``), so offsets stay the same and only code remains. Quotes
    /// stay, so an element's string literal still shows where it is. The layering check's lexer
    /// decides what is a literal, so both tools read Swift alike.
    static func blankingCommentsAndStrings(_ text: [UInt8]) -> [UInt8] {
        blanking(text).code
    }

    /// ``blankingCommentsAndStrings(_:)``, and where the first literal or comment that is never
    /// closed begins.
    static func blanking(_ text: [UInt8]) -> (code: [UInt8], firstUnclosedLiteral: Int?) {
        SwiftCode.blanking(text, hiddenLineBreak: hiddenLineBreak)
    }
}
