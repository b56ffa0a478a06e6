import Foundation

/// What Foundation's JSON parser does not tell: a key written twice in one object (it keeps one value
/// silently), and on which line a value sits.
package enum JSONKeys {
    /// The first key that appears twice in the same object, at any depth, and its 1-based line.
    /// One pass, no recursion: nesting is tracked on an explicit stack.
    package static func firstDuplicate(in data: Data) -> (path: String, line: Int)? {
        let bytes = [UInt8](data)
        /// For each open bracket, the keys seen so far if it is an object, `nil` if it is an array.
        var open: [Set<[UInt8]>?] = []
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\n") { line += 1 }
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                end = min(end, bytes.count)
                var after = end + 1
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) {
                    after += 1
                }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":"), case .some(.some(var keys)) = open.last {
                    let key = Array(bytes[start..<end])
                    guard keys.insert(key).inserted else {
                        return (String(decoding: key, as: UTF8.self), line)
                    }
                    open[open.count - 1] = keys
                }
                index = end + 1
                continue
            case UInt8(ascii: "{"):
                open.append([])
            case UInt8(ascii: "["):
                open.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = open.popLast()
            case UInt8(ascii: "\n"):
                line += 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The 1-based line of the first string value equal to `value`, as JSON would encode it.
    package static func line(ofStringValue value: String, in data: Data) -> Int? {
        guard
            let encoded = try? JSONSerialization.data(
                withJSONObject: [value], options: [.fragmentsAllowed, .withoutEscapingSlashes]),
            encoded.count > 2
        else { return nil }
        let needle = [UInt8](encoded.dropFirst().dropLast())  // the quoted string without the brackets
        let bytes = [UInt8](data)
        guard needle.count <= bytes.count else { return nil }
        var line = 1
        for start in 0...(bytes.count - needle.count) {
            if bytes[start] == UInt8(ascii: "\n") {
                line += 1
            } else if bytes[start] == needle[0], bytes[start..<(start + needle.count)].elementsEqual(needle) {
                return line
            }
        }
        return nil
    }
}
