import Foundation

/// What `JSONSerialization` lets through but a configuration must not: a key given twice in one object
/// (it keeps the last, `JSONDecoder` the first; either way the file would lie), a trailing comma, and a
/// number with an exponent (`1e9`), which the app would write back in full, longer than it was read.
enum JSONShape {
    /// The first such problem, with the key of the object it is in (`nil` at the top level).
    ///
    /// A single pass without recursion over UTF-8 text; on text that is not JSON it gives up and
    /// returns `nil`, leaving the error to the parser.
    static func firstProblem(in data: Data) -> (problem: String, path: String?)? {
        firstProblem(in: [UInt8](data))
    }

    /// The first such problem in `bytes`, with the key of the object it is in (`nil` at the top level).
    static func firstProblem(in bytes: [UInt8]) -> (problem: String, path: String?)? {
        struct Container {
            var isObject: Bool
            var name: String?
            var keys: Set<String> = []
            var expectsKey: Bool
        }
        var stack: [Container] = []
        var lastKey: String?
        var afterComma = false
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            let wasAfterComma = afterComma
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): break
            default: afterComma = false
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < 512 else { return nil }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Container(isObject: isObject, name: lastKey, expectsKey: isObject))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard let closed = stack.popLast() else { return nil }
                if wasAfterComma { return ("a trailing comma before '\(Unicode.Scalar(byte))'", closed.name) }
            case UInt8(ascii: ","):
                afterComma = true
                if stack.last?.isObject == true {
                    stack[stack.count - 1].expectsKey = true
                }
            case UInt8(ascii: "\""):
                guard let end = JSONWalk.endOfString(in: bytes, from: position) else { return nil }
                let top = stack.count - 1
                if top >= 0, stack[top].isObject, stack[top].expectsKey {
                    guard let key = JSONWalk.string(bytes[(position + 1)..<end]) else { return nil }
                    guard stack[top].keys.insert(key).inserted else {
                        return ("the key \(quoted(key)) is given twice; give it once", stack[top].name)
                    }
                    stack[top].expectsKey = false
                    lastKey = key
                }
                position = end
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                // Outside strings, after a digit or a point, an `e` is a number's exponent (`true` and
                // `false` have theirs after letters).
                if position > 0, bytes[position - 1] == UInt8(ascii: ".") || (48...57).contains(bytes[position - 1]) {
                    return ("a number written with an exponent; write it in full", stack.last?.name ?? lastKey)
                }
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// A key as a message shows it, quoted: printable ASCII as is, anything else escaped, at most 80
    /// characters, so no key can move the cursor, colour the terminal or start a new line.
    static func quoted(_ key: String) -> String {
        let shown = key.unicodeScalars.prefix(80).map { scalar in
            (0x20..<0x7F).contains(scalar.value) ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
        }.joined()
        return "'\(shown)\(key.unicodeScalars.count > 80 ? "…" : "")'"
    }
}
