#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a text app does first, before anything opens a file: makes the standard streams safe to use.
public enum StandardStreams {
    /// Ignores `SIGPIPE`, so a write to a closed pipe fails (reported, exit 2) instead of killing
    /// the process silently; and puts `/dev/null` on each standard descriptor that was closed
    /// (`mall <&-`).
    ///
    /// A closed descriptor's number is the next one the system hands out: the runtime's own timer,
    /// or a state file, would become standard input (read as commands) or standard output (written
    /// with screens). Closed standard input then reads as its end; closed standard output and error,
    /// opened for reading only, fail every write, so the run ends with status 2 as for any lost output.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                // Only the lowest free number is ever handed out, so this happens only if another
                // thread took it in between: leave that descriptor alone.
                close(opened)
            }
        }
    }
}
