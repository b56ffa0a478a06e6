import Foundation

/// Finds a key given twice in one JSON object, which `JSONSerialization` would silently collapse
/// (keeping the last) while `JSONDecoder` keeps the first: either way a configuration would lie.
enum JSONDuplicateKey {
    /// The first key given twice in an object, and the key of that object (`nil` at the top level).
    ///
    /// A single pass without recursion; on text that is not JSON it gives up and returns `nil`,
    /// leaving the error to the parser.
    static func first(in data: Data) -> (key: String, path: String?)? {
        struct Container {
            var isObject: Bool
            var name: String?
            var keys: Set<String> = []
            var expectsKey: Bool
        }
        let bytes = [UInt8](data)
        var stack: [Container] = []
        var lastKey: String?
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < 512 else { return nil }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Container(isObject: isObject, name: lastKey, expectsKey: isObject))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard stack.popLast() != nil else { return nil }
            case UInt8(ascii: ","):
                if let top = stack.indices.last, stack[top].isObject {
                    stack[top].expectsKey = true
                }
            case UInt8(ascii: "\""):
                guard let end = endOfString(in: bytes, from: position) else { return nil }
                if let top = stack.indices.last, stack[top].isObject, stack[top].expectsKey {
                    let raw = Data(bytes[position...end])
                    guard let key = try? JSONSerialization.jsonObject(with: raw, options: .fragmentsAllowed) as? String
                    else { return nil }
                    guard stack[top].keys.insert(key).inserted else { return (key, stack[top].name) }
                    stack[top].expectsKey = false
                    lastKey = key
                }
                position = end
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// The index of the quote that closes the string opening at `start`, skipping escapes.
    private static func endOfString(in bytes: [UInt8], from start: Int) -> Int? {
        var position = start + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""): return position
            default: position += 1
            }
        }
        return nil
    }
}
