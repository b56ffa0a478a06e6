import Foundation
import Testing

/// "Adopting the middleware", in the middleware's reference, shows this app's code. Each Swift or JSON
/// block in it follows a comment naming the file it is taken from (`<!-- excerpt: path -->`, the path
/// from the repository's root), and every line of the block is a line of that file, in the same order;
/// a line `// …` or `…` stands for lines left out. A block that is no excerpt says why instead
/// (`<!-- not an excerpt: reason -->`).
@Suite("The adopting guide shows this app")
struct GuideTests {
    /// The repository's root: this app is `Examples/Notes` in it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let guide = repositoryRoot.appendingPathComponent(
        "ComponentMiddleware/Sources/Middleware/Middleware.docc/AdoptingTheMiddleware.md")

    /// A fenced block of the guide: its language, the comment on the line before its fence, and its lines.
    struct Block {
        var lineNumber: Int
        var language: Substring
        var comment: Substring?
        var lines: [Substring]
    }

    /// The fenced blocks of `text`, each with the HTML comment directly above it, if any.
    static func blocks(of text: String) -> [Block] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard lines[index].hasPrefix("```") else {
                index += 1
                continue
            }
            let previous = index > 0 ? lines[index - 1] : ""
            let comment = previous.hasPrefix("<!--") && previous.hasSuffix("-->") ? previous : nil
            let end = lines[(index + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.count
            blocks.append(
                Block(
                    lineNumber: index + 1, language: lines[index].dropFirst(3), comment: comment,
                    lines: Array(lines[(index + 1)..<end])))
            index = end + 1
        }
        return blocks
    }

    /// The first line of `excerpt` that is not where the lines before it put it in `file`, or `nil`
    /// when every one is: the first line anywhere, each next one on the file's next line, and after
    /// an elision line (`// …`, `…`) anywhere further on.
    static func firstStrayLine(of excerpt: [Substring], in file: [Substring]) -> Substring? {
        var next: Int?  // The file's line the excerpt's next line must be, if it must be one.
        var position = file.startIndex
        for line in excerpt {
            if ["// …", "…"].contains(line.trimmingCharacters(in: .whitespaces)) {
                next = nil
                continue
            }
            if let next {
                guard next < file.endIndex, file[next] == line else { return line }
                position = next
            } else {
                guard let found = file[position...].firstIndex(of: line) else { return line }
                position = found
            }
            position += 1
            next = position
        }
        return nil
    }

    @Test func everyExampleIsThisAppsCode() throws {
        let blocks = Self.blocks(of: try String(contentsOf: Self.guide, encoding: .utf8))
            .filter { ["swift", "json"].contains($0.language) }
        #expect(blocks.count >= 6, "the guide's Swift and JSON examples were not found in \(Self.guide.path)")
        var excerpts = 0
        for block in blocks {
            let comment = block.comment ?? ""
            if comment.hasPrefix("<!-- not an excerpt: ") { continue }
            guard comment.hasPrefix("<!-- excerpt: ") else {
                Issue.record(
                    "line \(block.lineNumber): name the file the example is taken from, <!-- excerpt: path -->")
                continue
            }
            let path = comment.dropFirst("<!-- excerpt: ".count).dropLast(" -->".count)
            let file = try String(contentsOf: Self.repositoryRoot.appendingPathComponent(String(path)), encoding: .utf8)
            let stray = Self.firstStrayLine(
                of: block.lines, in: file.split(separator: "\n", omittingEmptySubsequences: false))
            #expect(
                stray == nil, "line \(block.lineNumber): '\(stray ?? "")' is not in \(path) where the example has it")
            excerpts += 1
        }
        #expect(excerpts >= 5)
    }

    /// The comparison finds a changed line, a line out of order, a missing one and one left out
    /// silently, so a pass means something.
    @Test func theComparisonFindsWhatDiffers() {
        let file: [Substring] = ["import A", "", "struct B {", "    let c = 1", "}"]
        #expect(Self.firstStrayLine(of: ["import A", "// …", "}"], in: file) == nil)
        #expect(Self.firstStrayLine(of: ["", "struct B {", "    let c = 1"], in: file) == nil)
        #expect(Self.firstStrayLine(of: ["struct B {", "    let c = 2"], in: file) == "    let c = 2")
        #expect(Self.firstStrayLine(of: ["}", "struct B {"], in: file) == "struct B {")
        #expect(Self.firstStrayLine(of: ["import Z"], in: file) == "import Z")
        // A line left out without an elision line: the next one is not where the excerpt puts it.
        #expect(Self.firstStrayLine(of: ["import A", "struct B {"], in: file) == "struct B {")
        #expect(Self.firstStrayLine(of: ["struct B {", "}"], in: file) == "}")
    }
}
