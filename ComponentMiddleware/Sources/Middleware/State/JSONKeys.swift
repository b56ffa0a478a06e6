import Foundation

/// The keys of the objects in JSON text, nested as the text nests them: every value that is not an
/// object or an array is a leaf.
///
/// ``StrictJSON`` reads a document's keys with it to find one the decoded value does not write back,
/// which `JSONSerialization` would do by building the whole tree of values twice, the document's
/// and the value's, each many times the text's size.
indirect enum JSONKeys: Equatable {
    case object([String: JSONKeys])
    case array([JSONKeys])
    case leaf

    /// The deepest nesting read: 511, one less than `JSONDecoder` reads (it refuses 512 deep), so that
    /// text this accepts the decoder reads.
    static let depthLimit = 511

    /// The keys of `bytes`, text a JSON parser has accepted; `nil` for text that is not JSON.
    init?(_ bytes: [UInt8]) {
        /// An object or array being read: its keys or elements so far, and the key of the value next.
        struct Partial {
            var isObject: Bool
            var keys: [String: JSONKeys] = [:]
            var elements: [JSONKeys] = []
            var key: String?
        }
        var walk = JSONWalk(bytes)
        var stack: [Partial] = []
        var result: JSONKeys?
        func add(_ node: JSONKeys) -> Bool {
            guard !stack.isEmpty else {
                guard result == nil else { return false }
                result = node
                return true
            }
            let top = stack.count - 1
            if stack[top].isObject {
                guard let key = stack[top].key else { return false }
                stack[top].keys[key] = node
                stack[top].key = nil
            } else {
                stack[top].elements.append(node)
            }
            return true
        }
        while let step = walk.next() {
            switch step {
            case .open(let isObject):
                // As deep as a JSON parser reads; a deeper value could not be let go without recursion.
                guard stack.count < JSONKeys.depthLimit else { return nil }
                stack.append(Partial(isObject: isObject))
            case .key(let key):
                guard stack.last?.isObject == true else { return nil }
                stack[stack.count - 1].key = key
            case .value:
                guard add(.leaf) else { return nil }
            case .close:
                guard let done = stack.popLast(), add(done.isObject ? .object(done.keys) : .array(done.elements))
                else { return nil }
            }
        }
        guard let result, stack.isEmpty, walk.isAtEnd else { return nil }
        self = result
    }

    /// What comparing a document's keys with these found.
    enum Comparison: Equatable {
        /// Every key of the document is one of these.
        case allKnown
        /// The first key that is not, in the text's order, by its place (`notes[3].title`).
        case unknown(String)
        /// The document is not JSON this reader follows, so its keys are not known.
        case unreadable
    }

    /// Compares the keys of `original` with these, read from the same value written back. Inside a
    /// value these keys do not hold as an object or an array of the same kind, nothing is compared.
    func compare(_ original: [UInt8]) -> Comparison {
        /// An object or array of `original` being read, and what these keys hold in its place.
        struct Frame {
            var known: JSONKeys?
            var place: String
            var isObject: Bool
            var index = 0

            /// The place of this object's `key`, or of this array's element at `index`.
            func place(of key: String?) -> String {
                guard let key else { return place + "[\(index)]" }
                return place.isEmpty ? key : place + "." + key
            }
        }
        var walk = JSONWalk(original)
        var stack: [Frame] = []
        // What the value about to be read is compared with, and the key it is under (`nil` in an array).
        // Its place is spelled out only for an object or array, not for each of many leaves.
        var next: (known: JSONKeys?, key: String?) = (self, nil)

        /// Moves past a value that ended inside an array: the next element is compared with the next one.
        func advance() {
            guard stack.last?.isObject == false else { return }
            stack[stack.count - 1].index += 1
            next = element(of: stack[stack.count - 1])
        }
        func element(of frame: Frame) -> (known: JSONKeys?, key: String?) {
            guard case .array(let elements)? = frame.known, frame.index < elements.count else { return (nil, nil) }
            return (elements[frame.index], nil)
        }
        while let step = walk.next() {
            switch step {
            case .open(let isObject):
                let place = stack.last?.place(of: next.key) ?? ""
                let frame = Frame(known: next.known, place: place, isObject: isObject)
                stack.append(frame)
                if !isObject { next = element(of: frame) }
            case .key(let key):
                guard let frame = stack.last else { return .unreadable }
                if case .object(let keys)? = frame.known {
                    guard let counterpart = keys[key] else { return .unknown(frame.place(of: key)) }
                    next = (counterpart, key)
                } else {
                    next = (nil, key)
                }
            case .value:
                advance()
            case .close:
                guard stack.popLast() != nil else { return .unreadable }
                advance()
            }
        }
        return walk.isAtEnd && stack.isEmpty ? .allKnown : .unreadable
    }
}

/// A walk over the structure of JSON text, one step at a time, without recursion: objects and
/// arrays opening and closing, keys (unescaped), and every other value.
struct JSONWalk {
    enum Step: Equatable {
        case open(isObject: Bool)
        case close
        case key(String)
        case value
    }

    private let bytes: [UInt8]
    private var position = 0
    /// For each object or array open: whether it is an object.
    private var isObject: [Bool] = []
    /// For each object or array open: whether it is an object whose next string is a key.
    private var expectsKey: [Bool] = []
    /// Whether the walk stopped at text that is not JSON.
    private var stopped = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether the walk read the whole text.
    var isAtEnd: Bool { !stopped && position >= bytes.count }

    /// The next step; `nil` at the end of the text, or where it is not JSON.
    mutating func next() -> Step? {
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ":"):
                position += 1
            case UInt8(ascii: ","):
                if isObject.last == true {
                    expectsKey[expectsKey.count - 1] = true
                }
                position += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                isObject.append(byte == UInt8(ascii: "{"))
                expectsKey.append(byte == UInt8(ascii: "{"))
                position += 1
                return .open(isObject: byte == UInt8(ascii: "{"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard isObject.popLast() != nil else { return stop() }
                expectsKey.removeLast()
                position += 1
                return .close
            case UInt8(ascii: "\""):
                guard let end = JSONWalk.endOfString(in: bytes, from: position) else { return stop() }
                defer { position = end + 1 }
                guard expectsKey.last == true else { return .value }
                expectsKey[expectsKey.count - 1] = false
                guard let key = JSONWalk.string(bytes[(position + 1)..<end]) else { return stop() }
                return .key(key)
            default:
                // A number, `true`, `false` or `null`: up to the next space or structural character.
                let start = position
                while position < bytes.count, !JSONWalk.endsScalar(bytes[position]) {
                    position += 1
                }
                guard position > start else { return stop() }
                return .value
            }
        }
        return nil
    }

    private mutating func stop() -> Step? {
        stopped = true
        position = bytes.count
        return nil
    }

    /// The bytes a number or literal ends at.
    private static let scalarEnds = Set(" \t\n\r,:{}[]\"".utf8)

    private static func endsScalar(_ byte: UInt8) -> Bool {
        scalarEnds.contains(byte)
    }

    /// The index of the quote that closes the string opening at `start`, skipping escapes.
    static func endOfString(in bytes: [UInt8], from start: Int) -> Int? {
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

    /// The string a JSON string's contents (between its quotes) stand for: read as UTF-8 when they
    /// hold no escape, which is nearly always, else by `JSONSerialization`.
    static func string(_ contents: ArraySlice<UInt8>) -> String? {
        guard contents.contains(UInt8(ascii: "\\")) else {
            return String(validating: contents, as: UTF8.self)
        }
        let quoted = Data([UInt8(ascii: "\"")] + contents + [UInt8(ascii: "\"")])
        return try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String
    }
}

/// Whether text is JSON as RFC 8259 writes it, checked in one pass without building anything:
/// `JSONDecoder` checks a string or a number only when it reads it, and `JSONSerialization` builds a
/// tree of every value, many times the text's size.
enum JSONSyntax {
    private static let literals = [Array("true".utf8), Array("false".utf8), Array("null".utf8)]
    private static let simpleEscapes = Set(#""\/bfnrt"#.utf8)
    private static let unicodeEscape = Array(#"\u"#.utf8)

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `bytes`, UTF-8 text, is one JSON value with only whitespace around it (and a byte-order
    /// mark before it), nested at most ``JSONKeys/depthLimit`` deep.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        /// What may come next.
        enum Expected {
            case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end
        }
        var isObject: [Bool] = []
        var expected = Expected.value
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func afterValue() -> Expected { isObject.isEmpty ? .end : .commaOrClose }
        while true {
            while position < bytes.count, isWhitespace(bytes[position]) {
                position += 1
            }
            guard position < bytes.count else { return expected == .end }
            let byte = bytes[position]
            switch expected {
            case .value, .valueOrClose:
                if expected == .valueOrClose, byte == UInt8(ascii: "]") {
                    isObject.removeLast()
                    position += 1
                    expected = afterValue()
                    continue
                }
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard isObject.count < JSONKeys.depthLimit else { return false }
                    isObject.append(byte == UInt8(ascii: "{"))
                    position += 1
                    expected = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                    continue
                case UInt8(ascii: "\""):
                    guard let end = endOfString(bytes, from: position) else { return false }
                    position = end
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard let end = endOfNumber(bytes, from: position) else { return false }
                    position = end
                default:
                    guard
                        let literal = literals.first(where: {
                            bytes[position...].starts(with: $0)
                        })
                    else { return false }
                    position += literal.count
                }
                expected = afterValue()
            case .key, .keyOrClose:
                if expected == .keyOrClose, byte == UInt8(ascii: "}") {
                    isObject.removeLast()
                    position += 1
                    expected = afterValue()
                    continue
                }
                guard byte == UInt8(ascii: "\""), let end = endOfString(bytes, from: position) else { return false }
                position = end
                expected = .colon
            case .colon:
                guard byte == UInt8(ascii: ":") else { return false }
                position += 1
                expected = .value
            case .commaOrClose:
                let inObject = isObject[isObject.count - 1]
                if byte == UInt8(ascii: ",") {
                    expected = inObject ? .key : .value
                } else if byte == UInt8(ascii: inObject ? "}" : "]") {
                    isObject.removeLast()
                    expected = afterValue()
                } else {
                    return false
                }
                position += 1
            case .end:
                return false
            }
        }
    }

    /// The index after the string opening at `start`, or `nil` when it is not a JSON string: no
    /// control character, only the escapes JSON has, and `\u` surrogates only in pairs.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int? {
        var position = start + 1
        /// The four hex digits at `index` as a number, or `nil`.
        func hex(at index: Int) -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                return position + 1
            case 0..<0x20:
                return nil
            case UInt8(ascii: "\\"):
                guard position + 1 < bytes.count else { return nil }
                let escaped = bytes[position + 1]
                if simpleEscapes.contains(escaped) {
                    position += 2
                    continue
                }
                guard escaped == UInt8(ascii: "u"), let unit = hex(at: position + 2),
                    bytes[(position + 2)..<(position + 6)].allSatisfy({
                        UInt8(ascii: "+") != $0 && UInt8(ascii: "-") != $0
                    })
                else { return nil }
                position += 6
                switch unit {
                case 0xD800...0xDBFF:
                    // A high surrogate stands only before a low one.
                    guard bytes[position...].starts(with: unicodeEscape), let low = hex(at: position + 2),
                        (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    position += 6
                case 0xDC00...0xDFFF:
                    return nil
                default:
                    break
                }
            default:
                position += 1
            }
        }
        return nil
    }

    /// The index after the number starting at `start`, or `nil` when it is not a JSON number:
    /// `-`, then `0` or digits not starting with `0`, then `.` and digits, then an exponent.
    private static func endOfNumber(_ bytes: [UInt8], from start: Int) -> Int? {
        var position = start
        func digits() -> Int {
            let first = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            return nil
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { return nil }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { return nil }
        }
        return position
    }
}
