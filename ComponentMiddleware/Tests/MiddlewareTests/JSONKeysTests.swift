import Foundation
import MiddlewareTesting
import Testing

@testable import Middleware

/// The keys of a document against the keys of the value it decodes to, written back: what
/// ``StrictJSON`` refuses as a key the app does not know.
@Suite("A document's keys")
struct JSONKeysTests {
    static func keys(_ text: String) throws -> JSONKeys {
        try #require(JSONKeys(Array(text.utf8)))
    }

    @Test func theKeysNestAsTheTextDoes() throws {
        let keys = try Self.keys(#"{"a": 1, "b": [{"c": "}"}, 2, [3]], "d": {"e\"\u0066": null}}"#)
        #expect(
            keys
                == .object([
                    "a": .leaf,
                    "b": .array([.object(["c": .leaf]), .leaf, .array([.leaf])]),
                    "d": .object(["e\"f": .leaf]),
                ]))
        #expect(try Self.keys("[]") == .array([]))
        #expect(try Self.keys(" 12 ") == .leaf)
    }

    @Test(
        arguments: [
            "", "{", "}", "[1,", #"{"a": 1"#, #"{"a""#, "[1] [2]", TestText(String(repeating: "[", count: 100_000)),
            TestText(String(repeating: "[", count: 600) + String(repeating: "]", count: 600)),
        ] as [TestText])
    func textThatIsNotJSONHasNoKeys(text: TestText) {
        #expect(JSONKeys(Array(text.text.utf8)) == nil)
    }

    @Test(arguments: [
        (#"{"a": 1, "b": 2}"#, #"{"b": 3, "a": 4}"#, JSONKeys.Comparison.allKnown),
        (#"{"a": 1}"#, #"{"a": 1, "z": 2}"#, .unknown("z")),
        (#"{"a": {"b": 1}}"#, #"{"a": {"b": 1, "c": 2}}"#, .unknown("a.c")),
        (#"{"s": [{"id": 1}, {"id": 2}]}"#, #"{"s": [{"id": 1}, {"id": 2, "x": 0}]}"#, .unknown("s[1].x")),
        // Elements the value does not write back are not compared, as a value it holds as a leaf.
        (#"{"s": [{"id": 1}]}"#, #"{"s": [{"id": 1}, {"y": 0}]}"#, .allKnown),
        (#"{"a": 1}"#, #"{"a": {"b": 2}}"#, .allKnown),
        // In the text's order, the first unknown key: not the first in sorted order.
        (#"{"a": 1}"#, #"{"z": 1, "b": 2}"#, .unknown("z")),
        (#"{"a": 1}"#, #"{"a": 1, "\u0062": 2}"#, .unknown("b")),
        (#"{"a": 1}"#, #"{"a": 1"#, .unreadable),
        (#"{"a": 1}"#, #"{"a": 1}}"#, .unreadable),
    ])
    func aKeyTheValueDoesNotWriteIsFound(written: String, original: String, expected: JSONKeys.Comparison) throws {
        #expect(try Self.keys(written).compare(Array(original.utf8)) == expected)
    }

    /// The same verdicts as comparing the trees `JSONSerialization` builds, on documents of many shapes.
    @Test func theVerdictsAreThoseOfTheTrees() throws {
        var generator = SeededGenerator(seed: 68)
        func value(_ depth: Int) -> Any {
            switch Int.random(in: 0..<(depth > 3 ? 2 : 4), using: &generator) {
            case 0: return Int.random(in: 0..<9, using: &generator)
            case 1: return "t"
            case 2: return (0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth + 1) }
            default:
                return Dictionary(
                    (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
                        (["a", "b", "c", "d"].randomElement(using: &generator) ?? "a", value(depth + 1))
                    }, uniquingKeysWith: { first, _ in first })
            }
        }
        /// What the value writes: the document with keys and elements left out at random.
        func pruned(_ original: Any) -> Any {
            if let object = original as? [String: Any] {
                return object.filter { _ in Int.random(in: 0..<5, using: &generator) > 0 }.mapValues(pruned)
            }
            if let array = original as? [Any] {
                return array.prefix(Int.random(in: 0...array.count, using: &generator)).map(pruned)
            }
            return original
        }
        func treesHaveAnUnknownKey(_ original: Any, _ known: Any) -> Bool {
            if let original = original as? [String: Any], let known = known as? [String: Any] {
                return original.contains { key, value in known[key].map { treesHaveAnUnknownKey(value, $0) } ?? true }
            }
            if let original = original as? [Any], let known = known as? [Any] {
                return zip(original, known).contains { treesHaveAnUnknownKey($0, $1) }
            }
            return false
        }
        var unknown = 0
        for _ in 0..<500 {
            let original = ["format": 1, "v": value(0)] as [String: Any]
            let known = pruned(original)
            let originalText = try JSONSerialization.data(withJSONObject: original)
            let knownText = try JSONSerialization.data(withJSONObject: known, options: .sortedKeys)
            let verdict = try #require(JSONKeys([UInt8](knownText))).compare([UInt8](originalText))
            let expected = treesHaveAnUnknownKey(original, known)
            #expect(verdict != .unreadable)
            #expect((verdict != .allKnown) == expected, "\(String(decoding: originalText, as: UTF8.self))")
            unknown += expected ? 1 : 0
        }
        // Both verdicts are tried many times.
        #expect((50...450).contains(unknown))
    }

    @Test(
        arguments: [
            #"{"a": [1, -0.5, 2e3, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]}"#, "[]", " 1 ",
            "\u{FEFF}{}",
        ] as [TestText])
    func jsonIsValid(text: TestText) {
        #expect(JSONSyntax.isValid(Array(text.text.utf8)))
    }

    /// Nested as deep as the decoder reads, and no deeper.
    @Test func textNestedToTheLimitIsValid() throws {
        let deepest = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        #expect(JSONSyntax.isValid(Array(deepest.utf8)))
        #expect(JSONKeys(Array(deepest.utf8)) != nil)
        _ = try JSONDecoder().decode(JSONDepthProbe.self, from: Data(deepest.utf8))
    }

    @Test(
        arguments: [
            "", " ", "01", "1.", ".5", "-", "+1", "1e", "1e+", "0x1", "tru", "nul", "[1,]", "{,}", #"{"a"}"#,
            #"{"a":}"#,
            #"{"a":1,}"#, #"{1:2}"#, "[1 2]", "[1] [2]", #""\x""#, #""\u12""#, #""\ud800""#, #""\udc00""#,
            #""\ud800\u0041""#, #""\u+123""#, "\"a\u{9}b\"", #""abc"#, "[", "]", "{", "}", "1 1",
            TestText(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)),
            TestText(String(repeating: "[", count: 513)),
        ] as [TestText])
    func textThatIsNotJSONIsNotValid(text: TestText) {
        #expect(!JSONSyntax.isValid(Array(text.text.utf8)))
    }

    /// The same verdict as `JSONSerialization` on texts made of JSON's pieces put together at random.
    /// (No exponent among them: `JSONSerialization` also refuses a number past `Double`'s range, such
    /// as `1e5011`, which is JSON; ``StrictJSON`` refuses every exponent before either reads it.)
    @Test func theVerdictIsJSONSerializations() {
        var generator = SeededGenerator(seed: 8259)
        let pieces = [
            "{", "}", "[", "]", ",", ":", " ", "\"a\"", "\"\\u00e9\"", "\"\\ud800\"", "1", "-0", "0.5", "01",
            "true", "nul", "\"", "\\", "x",
        ]
        var valid = 0
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            let bytes = Array(text.utf8)
            let expected = (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
            #expect(JSONSyntax.isValid(bytes) == expected, "\(text)")
            valid += expected ? 1 : 0
        }
        #expect(valid > 200)
    }
}

/// Any JSON array nested in arrays, decoded all the way down.
private struct JSONDepthProbe: Decodable {
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            _ = try container.decode(JSONDepthProbe.self)
        }
    }
}
