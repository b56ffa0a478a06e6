import Foundation
import MiddlewareSupport

/// A file `new-component` keeps in `.build/new-component/` between additions: a header line naming
/// its format, its lines, and a last line holding a hash of everything before it.
///
/// The hash makes a file that was cut short, edited by hand or written in another format read as no
/// file at all, so the tool asks again rather than believe it: a name missing from a kept list
/// would let a component through whose package does not build.
enum KeptFile {
    /// Far more than a package of ten thousand components keeps; a larger file is not read.
    static let maximumSize = 16 << 20

    /// The lines between the header and the hash of the file at `url`; `nil` when it is missing,
    /// larger than ``maximumSize``, or not whole in the format `header` names.
    static func lines(at url: URL, header: String) -> [ArraySlice<UInt8>]? {
        // The size first: a larger file is not read at all, and reading an empty one through
        // `contents(atPath:)` leaks the buffer Foundation allocates for it.
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
            size > 0, size <= maximumSize, let data = FileManager.default.contents(atPath: url.path),
            data.count <= maximumSize, data.last == UInt8(ascii: "\n")
        else { return nil }
        let bytes = Array(data)
        let body = bytes.dropLast()
        let hashLineStart = (body.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        var hash = FNV1a()
        hash.mix(bytes[..<hashLineStart])
        guard bytes[hashLineStart..<body.endIndex].elementsEqual(hashLine(hash).utf8) else { return nil }
        let lines = bytes[..<hashLineStart].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first, first.elementsEqual(header.utf8) else { return nil }
        return Array(lines.dropFirst().dropLast())
    }

    /// Writes `header`, `lines` (none may hold a line break) and the hash to `url`, creating its
    /// folder; a file that cannot be written is skipped, as it only saves work.
    static func write(_ lines: [String], header: String, to url: URL) {
        var text = header + "\n"
        for line in lines {
            text += line + "\n"
        }
        var hash = FNV1a()
        hash.mix(text.utf8)
        text += hashLine(hash) + "\n"
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url, options: .atomic)
    }

    private static func hashLine(_ hash: FNV1a) -> String { "hash \(hash.hex)" }
}
