import Foundation
import MiddlewareSupport

/// The package's target and module names, kept beside its build
/// (`.build/new-component/target-names.txt`) with a hash of the manifest they came from, so that
/// components added one after another ask SwiftPM for them once.
///
/// SwiftPM plans every target to describe a package (about 3 s at 3,000 targets), so adding 1,000
/// components that each asked anew took 1,670 s, most of it describing: each addition paid for
/// every component before it. The names follow from the manifest alone, so they are reused while
/// its bytes stay the same, and an addition keeps the names it adds with the manifest it writes.
/// A manifest edited by hand has another hash, and the package is described again. The file is a
/// ``KeptFile`` of text, the manifest's hash then one name per line: it is read and written on every
/// addition, and at thousands of names JSON's decoding cost more than the rest of the read.
public struct TargetNames {
    private let root: URL

    /// The names of the package at `packageRoot`.
    public init(packageRoot: URL) {
        root = packageRoot
    }

    private var file: URL { root.appendingPathComponent(".build/new-component/target-names.txt") }

    private static let header = "new-component target names, 2: manifest hash, names"

    /// The names kept for the manifest as it is now; `nil` when none are, or they were kept for
    /// another manifest, or the file cannot be read or is not whole (a ``KeptFile``).
    public func kept() -> Set<String>? {
        guard let key = manifestKey(), let lines = KeptFile.lines(at: file, header: Self.header),
            let first = lines.first, first.elementsEqual(key.utf8)
        else { return nil }
        return Set(lines.dropFirst().map { String(decoding: $0, as: UTF8.self) })
    }

    /// Keeps `names` as those of the manifest as it is now; a cache, so a failure to write is no error.
    /// A name with a line break is not one SwiftPM accepts; should one come, nothing is kept.
    public func keep(_ names: Set<String>) {
        guard let key = manifestKey(), !names.contains(where: { $0.contains(where: \.isNewline) }) else { return }
        KeptFile.write([key] + names.sorted(), header: Self.header, to: file)
    }

    /// A 64-bit FNV-1a hash, in hex, of every manifest's path and bytes: the root's (`Package.swift`,
    /// and any `Package@swift-….swift` beside it) and those of packages inside its folder, which it may
    /// depend on by path and whose targets' names count too (hidden folders, `.build` among them, left
    /// out); `nil` when the folder cannot be read.
    private func manifestKey() -> String? {
        guard
            let walk = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return nil }
        let prefix = root.standardizedFileURL.path + "/"
        var manifests: [String] = []
        for case let url as URL in walk {
            let name = url.lastPathComponent
            guard name.hasPrefix("Package"), name.hasSuffix(".swift") else { continue }
            let path = url.standardizedFileURL.path
            manifests.append(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
        var hash = FNV1a()
        for name in manifests.sorted() {
            guard let bytes = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) else {
                return nil
            }
            hash.mix(name.utf8)
            hash.mix([0xFF])  // a separator between name and bytes, and between manifests
            hash.mix(bytes)
            hash.mix([0xFF])
        }
        return hash.hex
    }
}
