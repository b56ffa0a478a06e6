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
    /// Calls `body` with the path and stamp of every `.swift` file under `folder`, recursively. A
    /// symbolic link to a file counts, stamped by the file it leads to; one to a folder is not
    /// followed, so a link cannot make the walk loop. An unreadable folder holds no files.
    static func forEach(under folder: String, _ body: (_ path: String, _ stamp: String) -> Void) {
        var folders = [folder]
        while let current = folders.popLast() {
            guard let directory = opendir(current) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = entryName(entry)
                guard name != ".", name != ".." else { continue }
                let path = current.hasSuffix("/") ? current + name : current + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    folders.append(path)
                case S_IFREG where name.hasSuffix(".swift"):
                    body(path, stamp(info))
                case S_IFLNK where name.hasSuffix(".swift"):
                    if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                        body(path, stamp(info))
                    }
                default:
                    break
                }
            }
        }
    }

    /// The entry's name, read in place up to its terminating zero: `readdir` fills only as much of
    /// `d_name` as the name needs, so copying the whole field out could read past what it filled.
    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        guard let offset = MemoryLayout<dirent>.offset(of: \.d_name) else { return "" }
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }

    /// The size and the modification time to the nanosecond.
    private static func stamp(_ info: stat) -> String {
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        return "\(info.st_size) \(modified.tv_sec).\(modified.tv_nsec)"
    }
}
