#if canImport(Glibc)
    import Foundation
    import FoundationNetworking
    import Glibc
    import MiddlewareSupport

    /// A GET over plain HTTP/1.1 to this machine, the only place the app fetches `http://` from
    /// (``Address``), read by the app itself from its own socket.
    ///
    /// FoundationNetworking hands a transfer to libcurl, which goes on receiving, and inflating, a body
    /// after the app has cancelled the transfer: a refused answer went on costing memory and CPU for
    /// seconds. Read here, a transfer ends the moment the app gives up on it (a body past the limit, a
    /// compressed answer, the deadline, a screen left): the socket is shut and nothing more is read.
    /// `https://`, which needs libcurl's TLS, stays with ``Download``. This reader is built where the
    /// URLSession is FoundationNetworking's (Linux); Darwin's is Apple's own, without libcurl.
    enum PlainHTTP {
        /// The most interim answers (`100 Continue`, `103 Early Hints`) read before the one that counts.
        static let interimLimit = 8
        /// The longest head of an answer read: its status line and headers.
        static let headLimit = 64 << 10

        /// Fetches `request`, an `http://` address on this machine, until `deadline`: its answer (a
        /// redirect included, which ``Download`` follows) or why there is none. Cancelling the task
        /// ends it at once.
        ///
        /// - Parameter noun: What is fetched, as a failure names it: `the configuration`.
        static func fetch(
            _ request: URLRequest, limit: Int, until deadline: ContinuousClock.Instant, naming noun: String
        ) async -> Download.Answer {
            let socket = Socket()
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    // Blocking reads, each bounded by the deadline, on a thread of their own rather than
                    // one of the few the concurrency pool has.
                    Thread.detachNewThread {
                        var exchange = Exchange(socket: socket, limit: limit, deadline: deadline, noun: noun)
                        continuation.resume(returning: exchange.run(request))
                    }
                }
            } onCancel: {
                socket.shut()
            }
        }
    }

    extension PlainHTTP {
        /// The socket of the connection open, which another thread may shut to end the fetch: a read or
        /// a wait on it then returns at once.
        ///
        /// `@unchecked Sendable`: `descriptor` and `isShut` are read and written holding `lock`, so a
        /// descriptor is never shut after it was closed (its number may have been given to another file).
        final class Socket: @unchecked Sendable {
            private let lock = NSLock()
            private var descriptor: Int32 = -1
            private var isShut = false

            /// A new TCP socket of `family`, closing any before it; `nil` once the fetch was given up.
            fileprivate func open(family: Int32) -> Int32? {
                lock.withLock {
                    guard !isShut else { return nil }
                    if descriptor >= 0 { _ = Glibc.close(descriptor) }
                    descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                    return descriptor
                }
            }

            /// Ends the fetch: the socket's reads and waits return at once, and none starts again.
            func shut() {
                lock.withLock {
                    isShut = true
                    if descriptor >= 0 { shutdown(descriptor, Int32(SHUT_RDWR)) }
                }
            }

            /// Whether the fetch was given up.
            fileprivate var wasShut: Bool { lock.withLock { isShut } }

            /// The socket open, or `nil` once the fetch was given up.
            fileprivate var current: Int32? { lock.withLock { isShut ? nil : descriptor } }

            /// Takes `descriptor`, a connected socket, as the connection open.
            fileprivate func adopt(_ descriptor: Int32) {
                lock.withLock { self.descriptor = descriptor }
            }

            /// Closes the socket of the connection open, if one is.
            fileprivate func close() {
                lock.withLock {
                    if descriptor >= 0 { _ = Glibc.close(descriptor) }
                    descriptor = -1
                }
            }
        }

        /// What the reader makes of `answer`, the bytes a server sent before closing the connection:
        /// its status and body, or why it is refused. For tests that feed the reader every kind of
        /// answer without a server: the bytes come through a socket pair, written by another thread.
        static func read(
            _ answer: [UInt8], limit: Int, timeout: Duration
        ) -> Result<(status: Int, body: [UInt8]), Download.Failure> {
            var ends: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
                return .failure(Download.Failure(description: "no socket pair: errno \(errno)"))
            }
            let (reading, writing) = (ends[0], ends[1])
            _ = fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK)
            Thread.detachNewThread {
                // Until the reader closes its end (which fails the write, without a signal), or all is sent.
                var sent = 0
                while sent < answer.count {
                    let count = answer[sent...].withUnsafeBytes {
                        send(writing, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    guard count > 0 else { break }
                    sent += count
                }
                _ = Glibc.close(writing)
            }
            let socket = Socket()
            socket.adopt(reading)
            defer { socket.close() }
            var exchange = Exchange(socket: socket, limit: limit, deadline: .now + timeout, noun: "the document")
            do throws(Download.Failure) {
                let (head, body) = try exchange.readAnswer()
                return .success((head.status, body))
            } catch {
                return .failure(error)
            }
        }

        /// The head of an answer: its status and headers, a header sent twice joined with `, `.
        private struct Head {
            var status: Int
            /// By name in lower case: the name as first sent, and the values.
            private var fields: [String: (name: String, value: String)] = [:]

            init(status: Int) {
                self.status = status
            }

            /// The headers as the server named them.
            var headers: [String: String] {
                Dictionary(uniqueKeysWithValues: fields.values.map { ($0.name, $0.value) })
            }

            func value(_ name: String) -> String? {
                fields[name.lowercased()]?.value
            }

            /// Whether `Location` came twice with different values: an answer with two places to go.
            private(set) var hasTwoLocations = false

            /// Adds a header; one sent twice is read as one, its values joined, as URLSession reads it,
            /// but for `Location`, which names one place: the same twice is read once.
            mutating func add(_ name: String, _ value: String) {
                let key = name.lowercased()
                if key == "location", let earlier = fields[key] {
                    hasTwoLocations = hasTwoLocations || earlier.value != value
                    return
                }
                let separator = fields[key] == nil ? "" : ", "
                fields[key, default: (name, "")].value += separator + value
            }
        }

        /// One request and its answer, on a connection of its own.
        private struct Exchange {
            let socket: Socket
            let limit: Int
            let deadline: ContinuousClock.Instant
            let noun: String
            /// Bytes read from the connection; those before `taken` have been read out.
            private var buffer: [UInt8] = []
            private var taken = 0
            private var isAtEnd = false
            /// Every byte read from the connection, heads and framing included.
            private var received = 0

            init(socket: Socket, limit: Int, deadline: ContinuousClock.Instant, noun: String) {
                self.socket = socket
                self.limit = limit
                self.deadline = deadline
                self.noun = noun
            }

            mutating func run(_ request: URLRequest) -> Download.Answer {
                defer { socket.close() }
                guard let url = request.url else {
                    return .failure(Download.Failure(description: "the address cannot be read"))
                }
                do throws(Download.Failure) {
                    let (head, body) = try exchange(request, at: url)
                    let response = HTTPURLResponse(
                        url: url, statusCode: head.status, httpVersion: "HTTP/1.1", headerFields: head.headers)
                    guard let response else {
                        return .failure(Download.Failure(description: "the server sent no answer that could be read"))
                    }
                    return .success((response, Data(body)))
                } catch {
                    return .failure(error)
                }
            }

            private func failing(_ problem: String, isCut: Bool = false) -> Download.Failure {
                Download.Failure(description: problem, isCut: isCut)
            }

            /// Whether the answer is a redirect FoundationNetworking would follow, which ``Download``
            /// follows: its body is not read.
            private func isRedirect(_ head: Head) -> Bool {
                Download.redirectStatuses.contains(head.status) && head.value("Location") != nil
            }

            // MARK: One request and its answer

            /// Sends `request` on the exchange's connection and reads the head and body of its answer.
            private mutating func exchange(
                _ request: URLRequest, at url: URL
            ) throws(Download.Failure) -> (Head, [UInt8]) {
                try connect(to: url)
                try write(Self.requestText(request, url: url))
                return try readAnswer()
            }

            /// The head and body of the answer on the connection open.
            fileprivate mutating func readAnswer() throws(Download.Failure) -> (Head, [UInt8]) {
                var head = try readHead()
                // A few interim answers (`100 Continue`) may come before the one that counts; a switch to
                // another protocol (`101`) is not HTTP the app reads.
                var interim = 0
                while (100..<200).contains(head.status) {
                    interim += 1
                    guard head.status != 101, interim <= PlainHTTP.interimLimit else { throw unreadable }
                    head = try readHead()
                }
                if isRedirect(head) { return (head, []) }
                if head.status == 401, head.value("WWW-Authenticate") != nil {
                    throw failing("the server answered 401 (it asks for a sign-in, which the app does not give)")
                }
                if head.status == 204 || head.status == 304 { return (head, []) }
                if let coding = head.value("Content-Encoding"), !Download.codings(in: coding).isEmpty {
                    throw Download.Failure.compressed(coding)
                }
                if let transfer = head.value("Transfer-Encoding"), try isChunked(transfer) {
                    return (head, try readChunks())
                }
                if let length = head.value("Content-Length") {
                    let lengths = Set(length.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                    guard lengths.count == 1, let only = lengths.first, !only.isEmpty,
                        only.utf8.allSatisfy({ (48...57).contains($0) })
                    else { throw unreadable }
                    // Leading zeros change nothing; past 18 digits, a length is far past any limit.
                    let digits = only.drop { $0 == "0" }
                    guard digits.utf8.count <= 18, let count = Int(digits.isEmpty ? "0" : digits) else {
                        throw failing("\(noun) is larger than \(limit) bytes")
                    }
                    guard count <= limit else { throw failing("\(noun) is larger than \(limit) bytes") }
                    return (head, try read(count))
                }
                return (head, try readToEnd())
            }

            /// Whether a body sent with `Transfer-Encoding: transfer` comes in chunks, or why it is not read:
            /// compressed, or in a coding the app does not know. `identity` (of older HTTP) and empty
            /// codings change nothing; `chunked` sent twice is read once, as libcurl read it.
            private func isChunked(_ transfer: String) throws(Download.Failure) -> Bool {
                let codings = Download.codings(in: transfer)
                if codings.contains(where: Self.compressions.contains) { throw Download.Failure.compressed(transfer) }
                guard codings.allSatisfy({ $0 == "chunked" }) else {
                    throw failing(
                        "the server sent the body in a transfer coding the app does not read"
                            + " ('\(transfer.visible(atMost: 40))')")
                }
                return !codings.isEmpty
            }

            /// The transfer codings that compress.
            private static let compressions: Set = [
                "gzip", "x-gzip", "deflate", "compress", "x-compress", "br", "zstd",
            ]

            /// The request as it goes on the wire: its path and query, the host, and the headers it carries.
            private static func requestText(_ request: URLRequest, url: URL) -> [UInt8] {
                let parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
                var target = parts?.percentEncodedPath ?? ""
                if target.isEmpty { target = "/" }
                if let query = parts?.percentEncodedQuery { target += "?" + query }
                let host = (url.host ?? "") + (url.port.map { ":\($0)" } ?? "")
                var lines = [
                    "GET \(target) HTTP/1.1", "Host: \(host)", "Accept-Encoding: identity", "Connection: close",
                ]
                for (name, value) in request.allHTTPHeaderFields ?? [:]
                where !["host", "accept-encoding", "connection"].contains(name.lowercased()) {
                    // A value with a line break would start a header of its own.
                    guard !(name + value).contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { continue }
                    lines.append("\(name): \(value)")
                }
                return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
            }

            private var unreadable: Download.Failure {
                failing("the server's answer could not be read (not HTTP, or cut short)")
            }

            private var lateness: Download.Failure {
                failing("no answer in time", isCut: true)
            }

            // MARK: The socket

            /// Connects to the host of `url`: `127.x.y.z` as written; `localhost` at `127.0.0.1`, then at
            /// IPv6's `::1` when nothing answers there, as libcurl did (whatever the hosts file says:
            /// `localhost` is this machine).
            private func connect(to url: URL) throws(Download.Failure) {
                let host = url.host?.lowercased() ?? ""
                for numeric in host == "localhost" ? ["127.0.0.1", "::1"] : [host] {
                    var hints = addrinfo()
                    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
                    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
                    var found: UnsafeMutablePointer<addrinfo>?
                    guard getaddrinfo(numeric, String(url.port ?? 80), &hints, &found) == 0, let address = found else {
                        continue
                    }
                    defer { freeaddrinfo(address) }
                    if try connect(to: address.pointee) { return }
                }
                throw failing("nothing answers at that address")
            }

            /// Whether a connection to `address` was made; `false` when nothing answers there.
            private func connect(to address: addrinfo) throws(Download.Failure) -> Bool {
                guard let descriptor = socket.open(family: address.ai_family) else { throw lateness }
                guard descriptor >= 0 else { throw failing("the request failed (no socket: errno \(errno))") }
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                guard Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 else { return true }
                guard errno == EINPROGRESS else { return false }
                try wait(for: Int16(POLLOUT), on: descriptor)
                var problem: Int32 = 0
                var size = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &problem, &size)
                return problem == 0
            }

            /// Waits until `descriptor` is ready for `events`, the fetch was given up, or the deadline.
            private func wait(for events: Int16, on descriptor: Int32) throws(Download.Failure) {
                while true {
                    guard !socket.wasShut else { throw lateness }
                    let left = deadline - ContinuousClock.now
                    guard left > .zero else { throw lateness }
                    var entry = pollfd(fd: descriptor, events: events, revents: 0)
                    // At most a second at a time, so a shut socket that wakes no wait is seen soon.
                    let milliseconds = Int32(min(1000, (left / .milliseconds(1)).rounded(.up)))
                    let ready = poll(&entry, 1, milliseconds)
                    if ready > 0 { return }
                    if ready < 0, errno != EINTR { throw failing("the connection failed or ended early") }
                }
            }

            private func write(_ bytes: [UInt8]) throws(Download.Failure) {
                var sent = 0
                while sent < bytes.count {
                    let descriptor = try currentDescriptor()
                    try wait(for: Int16(POLLOUT), on: descriptor)
                    let count = bytes[sent...].withUnsafeBytes {
                        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    if count < 0 {
                        guard errno == EAGAIN || errno == EINTR else {
                            throw failing("the connection failed or ended early")
                        }
                        continue
                    }
                    sent += count
                }
            }

            private func currentDescriptor() throws(Download.Failure) -> Int32 {
                guard let descriptor = socket.current else { throw lateness }
                return descriptor
            }

            /// The most bytes read for one answer: twice the body's limit and a whole head.
            private var wireLimit: Int { 2 * limit + PlainHTTP.headLimit }

            /// The bytes read and not yet read out.
            private var unread: Int { buffer.count - taken }

            /// Reads what has arrived into `buffer`, after letting go of what was read out; `false` once the
            /// server has closed the connection.
            private mutating func fill() throws(Download.Failure) -> Bool {
                guard !isAtEnd else { return false }
                let descriptor = try currentDescriptor()
                buffer.removeFirst(taken)
                taken = 0
                while true {
                    try wait(for: Int16(POLLIN), on: descriptor)
                    var chunk = [UInt8](repeating: 0, count: 64 << 10)
                    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                    if count > 0 {
                        // Framing (chunk sizes, their extensions, interim answers) counts too, so a server
                        // cannot keep the reader busy without end while the body stays small.
                        received += count
                        guard received <= wireLimit else {
                            throw failing("the server sent more than \(wireLimit) bytes for \(noun)", isCut: true)
                        }
                        buffer.append(contentsOf: chunk[..<count])
                        return true
                    }
                    if count == 0 {
                        guard !socket.wasShut else { throw lateness }
                        isAtEnd = true
                        return false
                    }
                    guard errno == EAGAIN || errno == EINTR else {
                        throw failing("the connection failed or ended early")
                    }
                }
            }

            // MARK: Reading the answer

            /// The status line and headers, up to the blank line after them.
            private mutating func readHead() throws(Download.Failure) -> Head {
                var end: Int?
                var searched = 0
                while true {
                    end = find([13, 10, 13, 10], skipping: searched)
                    if end != nil || unread > PlainHTTP.headLimit { break }
                    searched = unread
                    guard try fill() else { break }
                }
                guard let end, end - taken <= PlainHTTP.headLimit else { throw unreadable }
                defer { taken = end + 4 }
                // Lines end with CRLF only: a lone CR or LF, or a NUL, could end a line for one reader and
                // not another.
                var lines: [String] = []
                var lineStart = taken
                for index in taken..<end {
                    switch buffer[index] {
                    case 0: throw unreadable
                    case 13 where buffer[index + 1] == 10:
                        lines.append(String(decoding: buffer[lineStart..<index], as: UTF8.self))
                        lineStart = index + 2
                    case 13: throw unreadable
                    case 10 where index > taken && buffer[index - 1] == 13: break
                    case 10: throw unreadable
                    default: break
                    }
                }
                lines.append(String(decoding: buffer[lineStart..<end], as: UTF8.self))
                let status = lines.removeFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
                guard status.count >= 2, status[0] == "HTTP/1.1" || status[0] == "HTTP/1.0", status[1].utf8.count == 3,
                    let code = Int(status[1]), (100...599).contains(code)
                else { throw unreadable }
                var head = Head(status: code)
                for line in lines {
                    guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" "), !line.hasPrefix("\t") else {
                        throw unreadable
                    }
                    let name = String(line[..<colon])
                    guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" }) else { throw unreadable }
                    head.add(name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                guard !head.hasTwoLocations else { throw unreadable }
                return head
            }

            /// Exactly `count` bytes of body.
            private mutating func read(_ count: Int) throws(Download.Failure) -> [UInt8] {
                while unread < count {
                    guard try fill() else { throw unreadable }
                }
                defer { taken += count }
                return Array(buffer[taken..<(taken + count)])
            }

            /// The body up to the end of the connection, cut at the limit.
            private mutating func readToEnd() throws(Download.Failure) -> [UInt8] {
                repeat {
                    guard unread <= limit else { throw failing("\(noun) is larger than \(limit) bytes", isCut: true) }
                } while try fill()
                return Array(buffer[taken...])
            }

            /// A body sent in chunks, each after its size in hexadecimal, up to one of size 0 and the
            /// trailers after it, cut at the limit.
            private mutating func readChunks() throws(Download.Failure) -> [UInt8] {
                var body: [UInt8] = []
                while true {
                    let line = try readLine()
                    // Hexadecimal digits only (`Int(_:radix:)` would take a sign), spaces or tabs only
                    // before an extension's `;`, and at most 8 digits after leading zeros.
                    var digits = line.prefix { $0 != UInt8(ascii: ";") }
                    while let last = digits.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                        digits.removeLast()
                    }
                    guard !digits.isEmpty, digits.allSatisfy(Self.isHexDigit) else { throw unreadable }
                    let significant = digits.drop { $0 == UInt8(ascii: "0") }
                    guard significant.count <= 8 else { throw unreadable }
                    let size = significant.reduce(0) { $0 << 4 | Self.hexValue($1) }
                    guard body.count + size <= limit else {
                        throw failing("\(noun) is larger than \(limit) bytes", isCut: true)
                    }
                    if size == 0 { break }
                    body += try read(size)
                    guard try readLine().isEmpty else { throw unreadable }
                }
                // Trailers, up to a blank line, read and not kept.
                var trailers = 0
                while try !readLine().isEmpty {
                    trailers += 1
                    guard trailers < 100 else { throw unreadable }
                }
                return body
            }

            /// One line ended by CRLF, at most 4 KB, without its end.
            private mutating func readLine() throws(Download.Failure) -> [UInt8] {
                var searched = 0
                while true {
                    if let end = find([13, 10], skipping: searched) {
                        defer { taken = end + 2 }
                        // As in a head, a lone CR or LF, or a NUL, could end a line for one reader and not another.
                        guard !buffer[taken..<end].contains(where: { $0 == 0 || $0 == 10 || $0 == 13 }) else {
                            throw unreadable
                        }
                        return Array(buffer[taken..<end])
                    }
                    searched = unread
                    guard unread <= 4096, try fill() else { throw unreadable }
                }
            }

            /// Where `pattern` first starts in the bytes not yet read out, past the first `skipping` of
            /// them but the pattern's length (searched before, when fewer had arrived), so that an answer
            /// arriving a byte at a time is searched once, not once a byte.
            private func find(_ pattern: [UInt8], skipping searched: Int = 0) -> Int? {
                var start = taken + max(0, searched - pattern.count + 1)
                while start + pattern.count <= buffer.count {
                    var matched = 0
                    while matched < pattern.count, buffer[start + matched] == pattern[matched] {
                        matched += 1
                    }
                    if matched == pattern.count { return start }
                    start += 1
                }
                return nil
            }

            private static func isHexDigit(_ byte: UInt8) -> Bool {
                (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
            }

            /// The value of a hexadecimal digit.
            private static func hexValue(_ byte: UInt8) -> Int {
                Int(byte <= 57 ? byte - 48 : (byte | 0x20) - 87)
            }
        }
    }
#endif
