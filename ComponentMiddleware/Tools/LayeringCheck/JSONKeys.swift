import Foundation

/// What Foundation's JSON parser does not tell: a key written twice in one object (it keeps one value
/// silently, even when the two are spelled differently, as `"a"` and `"\u0061"`), a trailing comma (it
/// accepts one), and on which line each element of a top-level array starts.
package enum JSONKeys {
    /// What one pass over a JSON text found.
    package struct Inspection {
        /// The first key that appears twice in one object, at any depth, and its 1-based line.
        package var duplicate: (key: String, line: Int)?
        /// The 1-based line of the first comma followed by `]` or `}`.
        package var trailingCommaLine: Int?
        /// For the top-level key asked about, the 1-based line where each element of its array starts.
        package var elementLines: [Int] = []
    }

    /// Inspects `data` in one pass without recursion: nesting is tracked on an explicit stack.
    ///
    /// - Parameter arrayKey: A key of the top-level object whose array elements' lines are wanted.
    package static func inspect(_ data: Data, elementsOf arrayKey: String? = nil) -> Inspection {
        let bytes = [UInt8](data)
        var inspection = Inspection()
        /// For each open bracket: the keys seen so far if it is an object, `nil` if it is an array.
        var open: [Set<String>?] = []
        /// The depth of the array whose elements are wanted, once it is open.
        var wantedArrayDepth: Int?
        var lastKeyAtTop: String?
        var expectingElement = false
        var pendingComma: Int?
        var line = 1
        var index = 0
        func startValue() {
            if let wanted = wantedArrayDepth, open.count == wanted, expectingElement {
                inspection.elementLines.append(line)
                expectingElement = false
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte != 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, byte != UInt8(ascii: "]"),
                byte != UInt8(ascii: "}")
            {
                pendingComma = nil
            }
            switch byte {
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                var escaped = false
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\\") {
                        escaped = true
                        end += 1
                    }
                    end += 1
                }
                end = min(end, bytes.count)
                var after = end + 1
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) {
                    after += 1
                }
                let isKey = after < bytes.count && bytes[after] == UInt8(ascii: ":")
                if isKey, case .some(.some) = open.last {
                    let key = decodedString(bytes[start..<end], escaped: escaped)
                    // Insert in place: a copy of the set taken out and written back costs its size.
                    let inserted = open[open.count - 1]?.insert(key).inserted ?? true
                    if !inserted, inspection.duplicate == nil {
                        inspection.duplicate = (key, line)
                    }
                    if open.count == 1 {
                        lastKeyAtTop = key
                    }
                } else {
                    startValue()
                }
                index = end + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                startValue()
                open.append(byte == UInt8(ascii: "{") ? [] : nil)
                if byte == UInt8(ascii: "["), open.count == 2, let arrayKey, lastKeyAtTop == arrayKey,
                    wantedArrayDepth == nil
                {
                    wantedArrayDepth = open.count
                    expectingElement = true
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma, inspection.trailingCommaLine == nil {
                    inspection.trailingCommaLine = comma
                }
                pendingComma = nil
                if open.count == wantedArrayDepth {
                    expectingElement = false
                    wantedArrayDepth = -1  // found and closed: a second array of that name is a duplicate key
                }
                _ = open.popLast()
            case UInt8(ascii: ","):
                pendingComma = line
                if let wanted = wantedArrayDepth, open.count == wanted {
                    expectingElement = true
                }
            case UInt8(ascii: "\n"):
                line += 1
            case 0x0D:
                // A carriage return alone ends a line too, as editors show it; in CRLF the LF counts.
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { break }
                line += 1
            case 0x20, 0x09, UInt8(ascii: ":"):
                break
            default:
                startValue()  // a number, true, false or null
            }
            index += 1
        }
        return inspection
    }

    /// The text of a JSON string's contents, with escapes resolved when it has any.
    private static func decodedString(_ contents: ArraySlice<UInt8>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: contents, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + contents + [UInt8(ascii: "\"")])
        return (try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String)
            ?? String(decoding: contents, as: UTF8.self)
    }
}
