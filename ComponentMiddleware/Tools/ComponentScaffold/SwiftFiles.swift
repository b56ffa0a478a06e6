import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Swift files under a folder, each with a stamp that changes when the file does.
///
/// A walk with `readdir` and `lstat` rather than Foundation's enumerator and `attributesOfItem`: one
/// system call per entry and no `URL` or attributes dictionary, as `new-component` walks every
/// router of a package with a thousand components on each addition. A walk may also take the
/// folders a walk before it listed (``Listing``): a folder whose stamp is the same has the same
/// entries, so it is not listed again, and only its entries are looked at, each for a change.
enum SwiftFiles {
    /// What a walk found in one folder: the folder's stamp and the entries that can hold Swift files
    /// (a `.swift` file, a folder, a symbolic link), by name.
    ///
    /// Adding, removing or renaming an entry changes its folder's modification and change times, so
    /// while the stamp is the same the entries are; an entry edited in place changes only its own.
    struct Listing: Equatable {
        var stamp: String
        var entries: [String]
    }

    /// Calls `body` with the path and stamp of every `.swift` file under `folder`, recursively, as
    /// SwiftPM finds a target's sources: a symbolic link to a file counts, stamped by the file it
    /// leads to, and one to a folder is followed, each folder walked once, so a link back up the tree
    /// cannot make the walk loop. An unreadable folder holds no files, and an empty file is left out:
    /// it declares nothing, and reading one through Foundation's `contents(atPath:)` leaks the buffer
    /// allocated for it.
    ///
    /// - Parameters:
    ///   - kept: Listings of an earlier walk, by folder path: a folder whose stamp is still the one
    ///     kept is not listed again.
    ///   - listed: Gets the listing of every folder walked whose times are before `settledBefore`
    ///     (seconds since 1970). A folder changed in the last moments is not given: an entry added in
    ///     the same tick of the file system's clock, after the walk listed it, would leave its stamp
    ///     as it was, and a later walk would miss the entry.
    static func forEach(
        under folder: String,
        kept: [String: Listing] = [:],
        listed: inout [String: Listing],
        settledBefore: Int = settledTime,
        _ body: (_ path: String, _ stamp: String) -> Void
    ) {
        var folders: [(path: String, info: stat)] = []
        var walked = Set<FolderIdentity>()
        func enter(_ path: String, _ info: stat) {
            if walked.insert(FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted {
                folders.append((path, info))
            }
        }
        var info = stat()
        if stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            enter(folder, info)
        }
        while let (current, folderInfo) = folders.popLast() {
            let folderStamp = stamp(folderInfo)
            let names: [String]
            if let listing = kept[current], listing.stamp == folderStamp {
                names = listing.entries
            } else if let read = entryNames(of: current) {
                names = read
            } else {
                continue
            }
            var entries: [String] = []
            for name in names {
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                guard lstat(path, &info) == 0 else { continue }
                let isLink = info.st_mode & S_IFMT == S_IFLNK
                guard isLink || info.st_mode & S_IFMT == S_IFDIR || name.hasSuffix(".swift") else { continue }
                // A link that leads nowhere yet may lead somewhere later, so it stays among the entries.
                entries.append(name)
                if isLink, stat(path, &info) != 0 {
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    enter(path, info)
                case S_IFREG where name.hasSuffix(".swift") && info.st_size > 0:
                    body(path, stamp(info))
                default:
                    break
                }
            }
            if isSettled(folderInfo, before: settledBefore) {
                listed[current] = Listing(stamp: folderStamp, entries: entries)
            }
        }
    }

    /// Two seconds before now, in seconds since 1970: a folder last changed before it has had every
    /// tick of a file system's clock, however coarse, pass since.
    static var settledTime: Int { time(nil) - 2 }

    /// Calls `body` as ``forEach(under:kept:listed:settledBefore:_:)`` does, listing every folder.
    static func forEach(under folder: String, _ body: (_ path: String, _ stamp: String) -> Void) {
        var listed: [String: Listing] = [:]
        forEach(under: folder, listed: &listed, settledBefore: .min, body)
    }

    /// The names in the folder at `path` but `.` and `..`; `nil` when it cannot be opened.
    private static func entryNames(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = entryName(entry)
            if name != ".", name != ".." {
                names.append(name)
            }
        }
        return names
    }

    /// Whether the entry's modification and change times are both before `settledBefore`.
    private static func isSettled(_ info: stat, before settledBefore: Int) -> Bool {
        let (modified, changed) = times(info)
        return max(Int(modified.tv_sec), Int(changed.tv_sec)) < settledBefore
    }

    /// The entry's modification and change times, whose fields Darwin and Glibc name differently.
    private static func times(_ info: stat) -> (modified: timespec, changed: timespec) {
        #if canImport(Darwin)
            (info.st_mtimespec, info.st_ctimespec)
        #else
            (info.st_mtim, info.st_ctim)
        #endif
    }

    /// A folder as the file system knows it, whatever path leads to it.
    private struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The entry's name, read in place up to its terminating zero: `readdir` fills only as much of
    /// `d_name` as the name needs, so copying the whole field out could read past what it filled.
    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        guard let offset = MemoryLayout<dirent>.offset(of: \.d_name) else { return "" }
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }

    /// The file's inode, size, and modification and change times to the nanosecond. The change time is
    /// in: tools that keep a modification time (`cp -p`, `rsync -t`, `tar -x`) can give an edited file
    /// of the same size its old one, but setting it changes the change time.
    private static func stamp(_ info: stat) -> String {
        let (modified, changed) = times(info)
        return
            "\(info.st_ino) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(changed.tv_sec).\(changed.tv_nsec)"
    }
}
