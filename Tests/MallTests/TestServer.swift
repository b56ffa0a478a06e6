import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A static HTTP server for a test: Python's `http.server` serving one folder on 127.0.0.1, on a
/// free port, for a bounded number of requests and at most two minutes, then it exits by itself.
final class TestServer {
    /// The folder served; tests change its files while the server runs.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mall-server-\(UUID().uuidString)")
    /// The port it listens on.
    private(set) var port = 0
    private let process = Process()

    /// The server, as a script: Python's own handler, quiet, with a bounded request loop.
    private static let script = """
        import functools, http.server, os, socket, sys, time, urllib.parse, zlib
        made = []
        def bomb():
            # 64 MB of spaces, gzipped: more than twice what a hostile server may add to the app's
            # memory, and small enough to make quickly, as it is made before the first answer starts and
            # the app's time limit runs meanwhile; made once, so the server answers later requests at once.
            if not made:
                packer = zlib.compressobj(9, zlib.DEFLATED, 31)
                spaces = b" " * (1 << 20)
                made.append(b"".join([packer.compress(spaces) for _ in range(64)] + [packer.flush()]))
            return made[0]
        def raw(kind, name):
            # The document `name` of the folder, and the answer of each kind around it.
            document = open(os.path.join(sys.argv[1], name), "rb").read()
            ok = b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\n"
            if kind == "chunked":
                # In chunks of 1 to 997 bytes, one chunk size with an extension, then a trailer.
                chunks, at, size = [], 0, 1
                while at < len(document):
                    piece = document[at:at + size]
                    chunks.append(b"%x;name=value\\r\\n" % len(piece) + piece + b"\\r\\n")
                    at, size = at + len(piece), size * 3 % 997 + 1
                return ok + b"Transfer-Encoding: chunked\\r\\n\\r\\n" + b"".join(chunks) + b"0\\r\\nTrailer: x\\r\\n\\r\\n"
            if kind == "many-headers":
                # 9,000 short distinct headers: 63 KB of head, within its 64 KB limit.
                letters = "abcdefghijklmnopqrstuvwxyz0123456789"
                names = [a + b + c for a in letters for b in letters for c in letters][:9000]
                fields = b"".join(b"x" + name.encode() + b":\\r\\n" for name in names)
                return ok + fields + b"Content-Length: %d\\r\\n\\r\\n" % len(document) + document
            if kind == "endless-interim":
                return b"HTTP/1.1 100 Continue\\r\\n\\r\\n" * 1000 + ok + b"Content-Length: 2\\r\\n\\r\\n{}"
            if kind == "switching":
                return b"HTTP/1.1 101 Switching Protocols\\r\\n\\r\\n" + ok + b"Content-Length: 2\\r\\n\\r\\n{}"
            if kind == "identity-transfer":
                return ok + b"Transfer-Encoding: identity\\r\\nContent-Length: %d\\r\\n\\r\\n" % len(document) + document
            if kind == "chunked-twice":
                return (ok + b"Transfer-Encoding: chunked\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n"
                    + b"%010x\\r\\n" % len(document) + document + b"\\r\\n0\\r\\n\\r\\n")
            if kind == "spaced-size":
                return ok + b"Transfer-Encoding: chunked\\r\\n\\r\\n1 7\\r\\n" + b" " * 0x17 + b"\\r\\n0\\r\\n\\r\\n"
            if kind == "bare-line-feed":
                return ok + b"X: a\\nContent-Length: 99\\r\\n\\r\\n{}"
            if kind == "unknown-transfer":
                return ok + b"Transfer-Encoding: foo, chunked\\r\\n\\r\\n0\\r\\n\\r\\n"
            if kind == "two-locations":
                return b"HTTP/1.1 302 Found\\r\\nLocation: /a.json\\r\\nlocation: /b.json\\r\\nContent-Length: 0\\r\\n\\r\\n"
            if kind == "extension-flood":
                # Chunks of one byte, each with a 4,000-byte extension: 2.4 MB sent for 600 bytes of body.
                chunk = b"1;" + b"e" * 4000 + b"\\r\\n \\r\\n"
                return ok + b"Transfer-Encoding: chunked\\r\\n\\r\\n" + chunk * 600 + b"0\\r\\n\\r\\n"
            if kind == "plain-codings":
                return (ok + b"Content-Encoding: identity, \\r\\nContent-Length: 000000000000000000000%d\\r\\n\\r\\n"
                    % len(document) + document)
            if kind == "continue":
                return b"HTTP/1.1 100 Continue\\r\\n\\r\\n" + ok + b"Content-Length: %d\\r\\n\\r\\n" % len(document) + document
            if kind == "until-close":
                return ok + b"\\r\\n" + document
            if kind == "short":
                return ok + b"Content-Length: %d\\r\\n\\r\\n" % (len(document) + 10) + document
            if kind == "two-lengths":
                return ok + b"Content-Length: 5\\r\\nContent-Length: 6\\r\\n\\r\\n{}    "
            if kind == "not-http":
                return b"SSH-2.0-OpenSSH_9.6\\r\\n\\r\\n"
            if kind == "bad-status":
                return b"HTTP/1.1 2000 OK\\r\\nContent-Length: 2\\r\\n\\r\\n{}"
            if kind == "huge-head":
                return ok + b"X-Filler: " + b"a" * (70 << 10) + b"\\r\\n\\r\\n{}"
            if kind == "chunk-overflow":
                return ok + b"Transfer-Encoding: chunked\\r\\n\\r\\nffffffffffffffff\\r\\n{}"
            if kind == "chunks-past-limit":
                return ok + b"Transfer-Encoding: chunked\\r\\n\\r\\n" + b"fffff\\r\\n" + b" " * 0xfffff + b"\\r\\n" + b"2\\r\\n  \\r\\n0\\r\\n\\r\\n"
            if kind == "gzip-in-transfer":
                return ok + b"Transfer-Encoding: gzip, chunked\\r\\n\\r\\n0\\r\\n\\r\\n"
            if kind == "loop":
                return b"HTTP/1.1 302 Found\\r\\nLocation: /fault/raw-loop/" + name.encode() + b"\\r\\nContent-Length: 0\\r\\n\\r\\n"
            if kind == "header-injection":
                return b"HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\n folded: header\\r\\n\\r\\n{}"
            return b""
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
            def do_GET(self):
                try:
                    self.answer()
                except (BrokenPipeError, ConnectionResetError):
                    pass
            def answer(self):
                # A file named "slow" in the folder delays every answer by the seconds it holds.
                delay = os.path.join(sys.argv[1], "slow")
                if os.path.exists(delay):
                    time.sleep(float(open(delay).read()))
                # A service's faults, for any document under them: /fault/<kind>/<name>.json.
                if self.path.startswith("/fault/"):
                    kind, _, rest = self.path[len("/fault/"):].partition("/")
                    if kind.startswith("slow-"):
                        time.sleep(float(kind[len("slow-"):]))
                        self.path = "/" + rest
                    elif kind.startswith("status-"):
                        self.send_response(int(kind[len("status-"):]))
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                    elif kind.startswith("raw-"):
                        # An answer written byte for byte, for what a plain HTTP reader must withstand.
                        self.wfile.write(raw(kind[len("raw-"):], rest))
                        self.close_connection = True
                        return
                    elif kind == "html":
                        self.send_response(200)
                        self.send_header("Content-Type", "text/html")
                        self.send_header("Content-Length", "6")
                        self.end_headers()
                        self.wfile.write(b"<html>")
                        return
                    else:
                        self.path = "/" + kind
                if self.path == "/endless":
                    # 1 GB with no Content-Length, as fast as the client takes it.
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    spaces = b" " * 65536
                    for _ in range(16384):
                        self.wfile.write(spaces)
                elif self.path == "/declared":
                    # Declares 100 MB and sends spaces until the client stops reading.
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(100 << 20))
                    self.end_headers()
                    spaces = b" " * 65536
                    for _ in range(1600):
                        self.wfile.write(spaces)
                elif self.path == "/gzip-bomb":
                    body = bomb()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                elif self.path == "/shouted-gzip":
                    # An encoding named in capitals between spaces: shown as sent (without the spaces around
                    # it, which are not part of a value in HTTP), refused all the same.
                    body = zlib.compress(b"{}", wbits=31)
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Encoding", " GZIP ")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                elif self.path.startswith("/redirect?to="):
                    self.send_response(302)
                    self.send_header("Location", urllib.parse.unquote(self.path[len("/redirect?to="):]))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif self.path == "/redirect-away":
                    self.send_response(302)
                    self.send_header("Location", "http://evil.example/routes.json")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                elif self.path == "/sign-in-needed":
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="mall"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                else:
                    super().do_GET()
        handler = functools.partial(Quiet, directory=sys.argv[1])
        class OnIPv6(http.server.HTTPServer):
            address_family = socket.AF_INET6
        host = sys.argv[3]
        server = (OnIPv6 if ":" in host else http.server.HTTPServer)((host, int(sys.argv[2])), handler)
        server.timeout = 1
        print(server.server_address[1], flush=True)
        deadline = time.time() + 120
        for _ in range(5000):
            if time.time() > deadline:
                break
            server.handle_request()
        """

    /// Starts serving `files` (name → contents), on `port`, or on a free one when it is 0.
    init(files: [String: String], port requested: Int = 0, host: String = "127.0.0.1") throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, contents) in files {
            try write(contents, to: name)
        }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, folder.path, String(requested), host]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        port = try #require(
            Int(String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
            "python3 did not say its port")
    }

    /// Whether this machine has IPv6 on its loopback, `::1`, for a server there.
    static let hasIPv6Loopback: Bool = {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import socket; socket.socket(socket.AF_INET6).bind(('::1', 0))"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    /// The address of `name` on the server.
    func address(_ name: String) -> String {
        "http://127.0.0.1:\(port)/\(name)"
    }

    /// Writes `contents` to `name`, dated a few seconds later than any earlier version: `Last-Modified`
    /// has whole seconds, and a change within the same second would answer `304 Not Modified`.
    func write(_ contents: String, to name: String) throws {
        let file = folder.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        version += 3
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + version)], ofItemAtPath: file.path)
    }

    private var version: Double = 0

    /// Stops the server; the port then refuses connections. `SIGKILL`, because a test process may
    /// block `SIGTERM`, and its children inherit the mask.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
