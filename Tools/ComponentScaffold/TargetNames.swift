import Foundation

/// The package's target and module names, kept beside its build
/// (`.build/new-component/target-names.txt`) with a hash of the manifest they came from, so that
/// components added one after another ask SwiftPM for them once.
///
/// SwiftPM plans every target to describe a package (about 3 s at 3,000 targets), so adding 1,000
/// components that each asked anew took 1,670 s, most of it describing: each addition paid for
/// every component before it. The names follow from the manifest alone, so they are reused while
/// its bytes stay the same, and an addition keeps the names it adds with the manifest it writes.
/// A manifest edited by hand has another hash, and the package is described again. The file is text,
/// a header line, the hash, then one name per line: it is read and written on every addition, and
/// at thousands of names JSON's decoding cost more than the rest of the read.
public struct TargetNames {
    private let root: URL

    /// The names of the package at `packageRoot`.
    public init(packageRoot: URL) {
        root = packageRoot
    }

    private var file: URL { root.appendingPathComponent(".build/new-component/target-names.txt") }

    private static let header = "new-component target names, 1: manifest hash, names"

    /// The names kept for the manifest as it is now; `nil` when none are, or they were kept for
    /// another manifest, or the file cannot be read or is not in this format.
    public func kept() -> Set<String>? {
        guard let key = manifestKey(), let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, lines[0] == Self.header, lines[1] == key, lines.last == "" else { return nil }
        return Set(lines[2..<(lines.count - 1)].map(String.init))
    }

    /// Keeps `names` as those of the manifest as it is now; a cache, so a failure to write is no error.
    /// A name with a line break is not one SwiftPM accepts; should one come, nothing is kept.
    public func keep(_ names: Set<String>) {
        guard let key = manifestKey(), !names.contains(where: { $0.contains(where: \.isNewline) }) else { return }
        let text = ([Self.header, key] + names.sorted()).map { $0 + "\n" }.joined()
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: file, options: .atomic)
    }

    /// The names a new component's targets add: the component, its preview, its tests, its routes and
    /// its router.
    public static func added(by component: String) -> Set<String> {
        [component, "\(component)Preview", "\(component)Tests", "\(component)Routes", "\(component)Router"]
    }

    /// A 64-bit FNV-1a hash, in hex, of every root manifest's name and bytes (`Package.swift`, and
    /// any `Package@swift-….swift` beside it); `nil` when the folder cannot be read.
    private func manifestKey() -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3  // a separator between name and bytes
        }
        for name in entries.sorted() where name.hasPrefix("Package") && name.hasSuffix(".swift") {
            guard let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) else {
                return nil
            }
            mix(name.utf8)
            mix(bytes)
        }
        return String(hash, radix: 16)
    }
}
