#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to a file descriptor the way every program of the package must: all of it, or why not.
public enum Output {
    /// Writes every byte of `text` to `descriptor`, waiting while a reader is slow: a full pipe, or
    /// a descriptor someone left non-blocking, is waited on, never reported as a failure.
    ///
    /// The text's own UTF-8 storage is written as it is, without a copy.
    /// - Returns: The `errno` of the write that failed, or `nil` when all of `text` was written.
    public static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var written = 0
            while written < bytes.count {
                let count = write(descriptor, base + written, bytes.count - written)
                if count >= 0 {
                    written += count
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, -1)
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
    }

    /// The system's words for an `errno` value, e.g. `No space left on device`.
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
