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

    /// The deepest nesting read, as deep as `JSONDecoder` and `JSONSerialization` read.
    static let depthLimit = 512

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
            guard let top = stack.indices.last else {
                guard result == nil else { return false }
                result = node
                return true
            }
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
                guard let top = stack.indices.last, stack[top].isObject else { return nil }
                stack[top].key = key
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
        /// The first key that is not, in the text's order, by its place (`shops[3].note`).
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
        }
        var walk = JSONWalk(original)
        var stack: [Frame] = []
        // What the value about to be read is compared with, and its place.
        var next: (known: JSONKeys?, place: String) = (self, "")

        /// Moves past a value that ended inside an array: the next element is compared with the next one.
        func advance() {
            guard let top = stack.indices.last, !stack[top].isObject else { return }
            stack[top].index += 1
            next = element(stack[top].index, of: stack[top])
        }
        func element(_ index: Int, of frame: Frame) -> (known: JSONKeys?, place: String) {
            guard case .array(let elements)? = frame.known, index < elements.count else {
                return (nil, frame.place + "[\(index)]")
            }
            return (elements[index], frame.place + "[\(index)]")
        }
        while let step = walk.next() {
            switch step {
            case .open(let isObject):
                let frame = Frame(known: next.known, place: next.place, isObject: isObject)
                stack.append(frame)
                if !isObject { next = element(0, of: frame) }
            case .key(let key):
                guard let frame = stack.last else { return .unreadable }
                let place = frame.place.isEmpty ? key : frame.place + "." + key
                if case .object(let keys)? = frame.known {
                    guard let counterpart = keys[key] else { return .unknown(place) }
                    next = (counterpart, place)
                } else {
                    next = (nil, place)
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
                if let top = isObject.indices.last, isObject[top] {
                    expectsKey[top] = true
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
                guard let top = expectsKey.indices.last, expectsKey[top] else { return .value }
                expectsKey[top] = false
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

    private static func endsScalar(_ byte: UInt8) -> Bool {
        [
            UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","),
            UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "\""),
        ].contains(byte)
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
