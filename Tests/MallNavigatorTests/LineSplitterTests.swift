import MiddlewareSupport
import Testing

@testable import MallNavigator

@Suite("One line splitter for typed, piped and scripted input")
struct LineSplitterTests {
    @Test(arguments: [
        ("1\n2\n", ["1", "2"]),
        ("1\r\n2\r\n", ["1", "2"]),
        ("1\r2", ["1", "2"]),
        ("1\n\n2", ["1", "", "2"]),
        ("1\r\r\n2", ["1", "", "2"]),
        ("1\u{0B}2\n", ["1\u{0B}2"]),
        ("1\u{0C}2", ["1\u{0C}2"]),
        ("1\u{85}2", ["1\u{85}2"]),
        ("1\u{2028}q", ["1\u{2028}q"]),
        ("1\u{2029}q", ["1\u{2029}q"]),
        ("", []),
        ("\n", [""]),
    ])
    func linesEndAtLineFeedsAndCarriageReturnsOnly(text: String, lines: [String]) {
        #expect(LineSplitter.lines(of: text) == lines)
    }

    @Test func aCarriageReturnAndLineFeedSplitAcrossReadsAreOneBreak() {
        var splitter = LineSplitter()
        splitter.feed(Array("open\r".utf8))
        #expect(splitter.nextLine() == "open")
        splitter.feed(Array("\nq".utf8))
        #expect(splitter.nextLine() == nil)
        #expect(splitter.finish() == "q")
        #expect(splitter.finish() == nil)
    }

    @Test func invalidUTF8IsRepaired() {
        var splitter = LineSplitter()
        splitter.feed([0x31, 0xFF, 0x0A])
        #expect(splitter.nextLine() == "1\u{FFFD}")
    }

    @Test func aLineWithoutEndKeepsOnlyItsFirstMegabyte() {
        var splitter = LineSplitter()
        let chunk = [UInt8](repeating: 0x78, count: 65_536)
        for _ in 0..<40 {
            splitter.feed(chunk)
        }
        #expect(splitter.nextLine() == nil)
        splitter.feed([0x0A, 0x31, 0x0A])
        #expect(splitter.nextLine()?.utf8.count == LineSplitter.maximumLineLength)
        #expect(splitter.nextLine() == "1")
    }

    @Test func manyLinesInOneReadComeOutInOrder() {
        var splitter = LineSplitter()
        splitter.feed(Array((0..<50_000).map { "\($0)\n" }.joined().utf8))
        var count = 0
        while let line = splitter.nextLine() {
            #expect(line == String(count))
            count += 1
        }
        #expect(count == 50_000)
    }
}
