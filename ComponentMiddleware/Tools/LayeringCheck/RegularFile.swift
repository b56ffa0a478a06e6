import Foundation

/// Reads a file the check was told about (the contract, a baseline, a description), refusing what is
/// not a regular file (a folder, a FIFO that would block, a device) before opening it.
enum RegularFile {
    /// Everything in the file at `url`, read through a file handle: `Data(contentsOf:)` leaks a
    /// 4 KB buffer each time it reads an empty file (Foundation, Swift 6.3), and a process's standard
    /// error usually is one.
    static func contents(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }

    /// The contents of the regular file at `path` (symbolic links followed), at most `limit` + 1 bytes,
    /// so an oversized file is read only far enough to be refused.
    static func read(_ path: String, shownAs name: String, limit: Int) throws(LayeringCheckError) -> Data {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else {
            throw .unreadableFile(path: name, reason: "no such file")
        }
        let type =
            (try? manager.attributesOfItem(atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path))?[.type]
            as? FileAttributeType
        guard type == .typeRegular else {
            let what = type == .typeDirectory ? "a folder" : "not a regular file"
            throw .unreadableFile(path: name, reason: "it is \(what)")
        }
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            return try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadableFile(path: name, reason: "permission denied or unreadable")
        }
    }
}
