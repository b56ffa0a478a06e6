import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run to its end with its output discarded, and how long it took. (Its peak memory is
/// measured through a small program in between: see `MallBench.scriptMemory()`.)
struct ChildRun {
    var seconds: Double

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments`, standard input from `input` (or `/dev/null`); an exit
    /// status other than those `allowing` names is a failure.
    static func run(
        _ executable: String, _ arguments: [String] = [], input: String = "/dev/null", allowing: Set<Int32> = [0]
    ) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw Failure(description: "lost \(executable): \(String(cString: strerror(errno)))")
            }
        }
        let seconds = (ContinuousClock.now - start).nanoseconds / 1e9
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard allowing.contains(exitStatus) else {
            throw Failure(
                description: "\(executable) \(arguments.joined(separator: " ")) exited with status \(exitStatus)")
        }
        return ChildRun(seconds: seconds)
    }
}
