import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The records from a service (`--backend`) against the embedded default: a screen's time from the
/// command that opens it to its prompt, on the first request and on the conditional ones after it;
/// and `mall`'s peak memory while a hostile service streams 1 GB, or sends 1 MB of gzip that
/// expands to 1 GB.
struct ServiceBench {
    let bench: MallBench
    /// The package's root, whose `Service` folder the server serves.
    let root: URL

    /// The server: Python's, on 127.0.0.1 and a free port, serving `Service` as the README says, and
    /// under `/endless/` and `/gzip/` the two hostile answers, for any document.
    private static let server = """
        import functools, http.server, sys, time, zlib
        gigabyte = 1 << 30
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        block = b" " * (1 << 20)
        bomb = b"".join([packer.compress(block) for _ in range(1024)] + [packer.flush()])
        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
            def do_GET(self):
                try:
                    if self.path.startswith("/endless/"):
                        self.send_response(200)
                        self.send_header("Content-Type", "application/json")
                        self.end_headers()
                        chunk = b" " * 65536
                        for _ in range(gigabyte // len(chunk)):
                            self.wfile.write(chunk)
                    elif self.path.startswith("/gzip/"):
                        self.send_response(200)
                        self.send_header("Content-Type", "application/json")
                        self.send_header("Content-Encoding", "gzip")
                        self.send_header("Content-Length", str(len(bomb)))
                        self.end_headers()
                        self.wfile.write(bomb)
                    else:
                        super().do_GET()
                except (BrokenPipeError, ConnectionResetError):
                    pass
        handler = functools.partial(Handler, directory=sys.argv[1])
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        server.timeout = 1
        print(server.server_address[1], len(bomb), flush=True)
        deadline = time.time() + 900
        while time.time() < deadline:
            server.handle_request()
        """

    func figures() throws -> [Figure] {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-c", Self.server, root.appendingPathComponent("Service").path]
        let said = Pipe()
        server.standardOutput = said
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        let line = String(decoding: said.fileHandleForReading.availableData, as: UTF8.self)
        let words = line.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard words.count == 2 else {
            throw ChildRun.Failure(description: "python3 did not start the server: '\(line)'")
        }
        let address = "http://127.0.0.1:\(words[0])"
        let bombMegabytes = Double(words[1]) / 1_048_576

        let processes = bench.quick ? 10 : 30
        let embedded = try visits(nil, processes: processes)
        let served = try visits(address + "/api", processes: processes)

        let probe = try bench.memoryProbe()
        let visit = try bench.script("service-visit", ["1", "q"])
        func peak(_ backend: String?) throws -> Double {
            let state = bench.scratch.appendingPathComponent("service-memory-\(UUID().uuidString)").path
            let arguments = (backend.map { ["--backend", $0] } ?? []) + ["--state-dir", state, "--script", visit]
            return try bench.peakMegabytes(of: bench.mall, arguments, measuredBy: probe)
        }
        let plainPeak = try peak(nil)
        let endlessPeak = try peak(address + "/endless")
        let bombPeak = try peak(address + "/gzip")
        return [
            Figure(section: "service", name: "Shops, embedded", value: median(embedded.first) * 1e3, unit: "ms"),
            Figure(
                section: "service", name: "Shops from the service, first request",
                value: median(served.first) * 1e3, unit: "ms", baseline: "embedded",
                baselineValue: median(embedded.first) * 1e3),
            Figure(
                section: "service", name: "Shops from the service, conditional (304)",
                value: median(served.again) * 1e3, unit: "ms", baseline: "embedded, shown again",
                baselineValue: median(embedded.again) * 1e3),
            Figure(
                section: "service", name: "peak memory, a service streaming 1 GB", value: endlessPeak, unit: "MB",
                baseline: "embedded", baselineValue: plainPeak, condition: "≤ 50 MB", conditionMet: endlessPeak <= 50),
            Figure(
                section: "service",
                name: "peak memory, \(String(format: "%.1f", bombMegabytes)) MB of gzip that expands to 1 GB",
                value: bombPeak, unit: "MB", baseline: "embedded", baselineValue: plainPeak,
                condition: "≤ 50 MB", conditionMet: bombPeak <= 50),
        ]
    }

    /// The seconds from `1` (Shops) to its prompt, in `processes` fresh `mall` processes each with a
    /// fresh state folder: the first visit of each (the first request), and the nine after it, each
    /// after `b` (conditional requests, answered `304 Not Modified`).
    private func visits(_ backend: String?, processes: Int) throws -> (first: [Double], again: [Double]) {
        var first: [Double] = []
        var again: [Double] = []
        for _ in 0..<processes {
            let state = bench.scratch.appendingPathComponent("service-state-\(UUID().uuidString)").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: bench.mall)
            process.arguments = (backend.map { ["--backend", $0] } ?? []) + ["--state-dir", state]
            process.environment = ["NO_COLOR": "1", "TERM": "dumb"]
            let input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer {
                try? input.fileHandleForWriting.close()
                process.waitUntilExit()
            }
            var printed = Data()
            /// Reads until the screen's prompt, and says whether the screen showed the shops.
            func waitForPrompt() throws -> Bool {
                while !printed.suffix(2).elementsEqual(Array("> ".utf8)) {
                    let chunk = output.fileHandleForReading.availableData
                    guard !chunk.isEmpty else { throw ChildRun.Failure(description: "mall ended early") }
                    printed += chunk
                }
                defer { printed.removeAll(keepingCapacity: true) }
                return String(decoding: printed, as: UTF8.self).contains("8 shops on 5 floors")
            }
            _ = try waitForPrompt()
            for visit in 0..<10 {
                let start = ContinuousClock.now
                input.fileHandleForWriting.write(Data("1\n".utf8))
                guard try waitForPrompt() else {
                    throw ChildRun.Failure(description: "mall did not show the shops from \(backend ?? "its records")")
                }
                let seconds = (ContinuousClock.now - start).nanoseconds / 1e9
                if visit == 0 { first.append(seconds) } else { again.append(seconds) }
                input.fileHandleForWriting.write(Data("b\n".utf8))
                _ = try waitForPrompt()
            }
            input.fileHandleForWriting.write(Data("q\n".utf8))
        }
        return (first, again)
    }
}
