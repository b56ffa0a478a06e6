import Foundation

/// How the entries of a list the scaffolder adds to name their component, learnt from the entry it adds.
///
/// The entry written for a new component, e.g. `("{Name}", wiresTo: [])`, says where a name stands: after
/// `("`, and (for `{Name}Router()`) before the rest of an identifier. An entry of the list names the
/// component whose name stands there, whatever follows it (`("Notes", wiresTo: ["Tags"])` names Notes)
/// and however it is spaced; an entry that does not start that way is not one the list may hold.
///
/// Every addition reads every entry of every list, a thousand each in a large app, so the reading is a
/// walk over bytes, not a regex.
struct EntryPattern: Sendable, Equatable {
    /// What comes before the name, without its spaces.
    private let prefix: [UInt8]
    /// The identifier characters right after the name, e.g. `Router` in `{Name}Router()`.
    private let nameSuffix: [UInt8]

    /// The pattern of `entry`, read where it first holds `{Name}`.
    init(entry: String) {
        let parts = entry.components(separatedBy: "{Name}")
        prefix = Array(parts[0].utf8).filter { !Self.isSpace($0) }
        nameSuffix = Array(parts.count > 1 ? parts[1].utf8.prefix { Self.isIdentifierByte($0, first: false) } : [])
    }

    /// The component `entry` names, if it is an entry the list may hold.
    func name(in entry: Substring) -> Substring? {
        let bytes = entry.utf8
        var index = bytes.startIndex
        for byte in prefix {
            while index != bytes.endIndex, Self.isSpace(bytes[index]) {
                bytes.formIndex(after: &index)
            }
            guard index != bytes.endIndex, bytes[index] == byte else { return nil }
            bytes.formIndex(after: &index)
        }
        while index != bytes.endIndex, Self.isSpace(bytes[index]) {
            bytes.formIndex(after: &index)
        }
        let start = index
        while index != bytes.endIndex, Self.isIdentifierByte(bytes[index], first: index == start) {
            bytes.formIndex(after: &index)
        }
        let identifier = bytes[start..<index]
        guard identifier.count > nameSuffix.count, identifier.reversed().starts(with: nameSuffix.reversed()) else {
            return nil
        }
        return Substring(bytes[start..<bytes.index(index, offsetBy: -nameSuffix.count)])
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// Whether `byte` may stand in an ASCII identifier, at its start if `first`.
    static func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}
