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
/// router of a package with a thousand components on each addition.
enum SwiftFiles {
    /// Calls `body` with the path and stamp of every `.swift` file under `folder`, recursively, as
    /// SwiftPM finds a target's sources: a symbolic link to a file counts, stamped by the file it
    /// leads to, and one to a folder is followed, each folder walked once, so a link back up the tree
    /// cannot make the walk loop. An unreadable folder holds no files, and an empty file is left out:
    /// it declares nothing, and reading one through Foundation's `contents(atPath:)` leaks the buffer
    /// allocated for it.
    static func forEach(under folder: String, _ body: (_ path: String, _ stamp: String) -> Void) {
        var folders: [String] = []
        var walked = Set<FolderIdentity>()
        func enter(_ path: String, _ info: stat) {
            if walked.insert(FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted {
                folders.append(path)
            }
        }
        var info = stat()
        if stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            enter(folder, info)
        }
        while let current = folders.popLast() {
            guard let directory = opendir(current) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = entryName(entry)
                guard name != ".", name != ".." else { continue }
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                guard lstat(path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 {
                    continue  // a link that leads nowhere
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
        }
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
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return
            "\(info.st_ino) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(changed.tv_sec).\(changed.tv_nsec)"
    }
}
