import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a routes configuration fetched in the background costs the commands a person types: the
/// time from a command to its screen, with no configuration, and with one fetched every 0.1 s from
/// a server that takes 2 s to answer each request, so that a fetch is waiting almost all the time.
struct FetchBench {
    let mall: String
    let scratch: URL
    let quick: Bool

    /// The server: Python's, on 127.0.0.1 and a free port, answering every request after 2 s.
    private static let server = """
        import http.server, sys, time
        class Slow(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass
            def do_GET(self):
                time.sleep(2)
                body = b'{"downgrade": {}}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
        server.daemon_threads = True
        server.timeout = 1
        print(server.server_address[1], flush=True)
        deadline = time.time() + 600
        while time.time() < deadline:
            server.handle_request()
        """

    func figures() throws -> [Figure] {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-c", Self.server]
        let port = Pipe()
        server.standardOutput = port
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        let line = String(decoding: port.fileHandleForReading.availableData, as: UTF8.self)
        guard let number = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ChildRun.Failure(description: "python3 did not start the server: '\(line)'")
        }
        let rounds = quick ? 150 : 500
        let event = ["open", "mall://event/detail?eventId=e01&eventType=workshop"]
        let plain = try latencies(event, rounds: rounds)
        let fetching = try latencies(
            ["--routes-config", "http://127.0.0.1:\(number)/routes.json", "--routes-refresh", "0.1"] + event,
            rounds: rounds)
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        let p99 = { (values: [Double]) in values.sorted()[values.count * 99 / 100] }
        let extra = (p99(fetching) - p99(plain)) * 1e3
        return [
            Figure(section: "fetch", name: "a typed command, median", value: median(plain) * 1e6, unit: "µs"),
            Figure(
                section: "fetch", name: "while a fetch waits, median", value: median(fetching) * 1e6, unit: "µs",
                baseline: "no routes config", baselineValue: median(plain) * 1e6),
            Figure(section: "fetch", name: "a typed command, 99th percentile", value: p99(plain) * 1e6, unit: "µs"),
            Figure(
                section: "fetch", name: "while a fetch waits, 99th percentile", value: p99(fetching) * 1e6,
                unit: "µs", baseline: "no routes config", baselineValue: p99(plain) * 1e6,
                condition: "at most 1 ms more (\(String(format: "%+.2f", extra)) ms)", conditionMet: extra <= 1),
        ]
    }

    /// The time from each command to its screen over `rounds` visits to Blue Bottle Coffee and back
    /// (`2`, then `b`), typed one at a time into `mall` with `arguments`.
    private func latencies(_ arguments: [String], rounds: Int) throws -> [Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mall)
        process.arguments = arguments
        process.environment = [
            "NO_COLOR": "1", "TERM": "dumb", "MALL_STATE_DIR": scratch.appendingPathComponent("fetch-state").path,
        ]
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
        /// Reads until the screen's prompt: the output ends with "> ".
        func waitForPrompt() throws {
            while !printed.suffix(2).elementsEqual(Array("> ".utf8)) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw ChildRun.Failure(description: "mall ended early") }
                printed += chunk
            }
            printed.removeAll(keepingCapacity: true)
        }
        try waitForPrompt()
        var times: [Double] = []
        for command in Array(repeating: ["2", "b"], count: rounds).joined() {
            let start = ContinuousClock.now
            input.fileHandleForWriting.write(Data((command + "\n").utf8))
            try waitForPrompt()
            times.append((ContinuousClock.now - start).nanoseconds / 1e9)
        }
        input.fileHandleForWriting.write(Data("q\n".utf8))
        return times
    }
}
