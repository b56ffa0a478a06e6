import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes a folder and the files in it impossible to change for as long as the test needs, as a
/// read-only disk would: by their permissions for a user, and, as the superuser ignores those (CI runs
/// as root), by the immutable attribute `chattr +i` sets, which binds root too.
enum ReadOnlyFolder {
    /// Whether this machine can: not root, or root with `chattr` on a file system that has the attribute.
    static let isPossible: Bool = {
        guard getuid() == 0 else { return true }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("read-only-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)) != nil else {
            return false
        }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard chattr("+i", [probe.path]) else { return false }
        let isRefused = !FileManager.default.createFile(atPath: probe.path + "/x", contents: nil)
        return chattr("-i", [probe.path]) && isRefused
    }()

    /// Runs `body` with `folder` and its files read-only, then makes them writable again.
    @MainActor @discardableResult
    static func with<Result>(_ folder: URL, _ body: () async throws -> Result) async rethrows -> Result {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).map {
            folder.appendingPathComponent($0).path
        }
        let paths = files + [folder.path]
        if getuid() == 0 {
            _ = chattr("+i", paths)
        } else {
            for file in files { chmod(file, 0o400) }
            chmod(folder.path, 0o500)
        }
        defer {
            if getuid() == 0 {
                _ = chattr("-i", paths)
            } else {
                chmod(folder.path, 0o700)
                for file in files { chmod(file, 0o600) }
            }
        }
        return try await body()
    }

    /// Runs `chattr <flag> <paths>`; whether it succeeded.
    private static func chattr(_ flag: String, _ paths: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["chattr", flag] + paths
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
