import Foundation
import Testing

/// A program run at a pseudo-terminal, as a person at a terminal runs it: what a pipe cannot show
/// (a screen that loads while the user types, leaving it before it is there) is seen here.
///
/// The terminal is Python's (`os.openpty()`), driven by a plan of steps: type a line, wait for a
/// text to appear after the last line typed (and record how long it took), or read a while longer.
struct PseudoTerminal {
    /// One step of the plan.
    enum Step {
        /// Types `line` and Enter.
        case send(String)
        /// Waits at most `within` for `text` to appear after the last line typed.
        case wait(String, within: Duration = .seconds(5))
        /// Reads the output for `duration` more.
        case quiet(Duration)
        /// Types `lines` as fast as the program takes them, reading its output meanwhile.
        case burst([String])
        /// Takes the exclusive `flock` of the file at `path` (made if missing) from the driver, another
        /// process than the program, and holds it until the run ends.
        case lock(String)
    }

    /// What the run showed.
    struct Run: Decodable {
        /// Everything the program wrote to the terminal.
        var output: String
        /// The exit status, or `nil` if the program had to be killed.
        var status: Int32?
        /// The index of the wait that ran out, if one did.
        var failed: Int?
        /// For each wait that was met, in order, the seconds since the line typed before it.
        var marks: [Mark]
        /// The program's peak memory (its `ru_maxrss`), in KB.
        var kilobytes: Int

        struct Mark: Decodable {
            var step: Int
            var after: Double
        }

        /// The seconds the wait at `step` took after the line typed before it.
        func latency(ofStep step: Int) -> Double? {
            marks.first { $0.step == step }?.after
        }

        /// The output after the first occurrence of `text`.
        func output(after text: String) -> Substring {
            output.range(of: text).map { output[$0.upperBound...] } ?? ""
        }
    }

    /// Runs `program` with `arguments` at a pseudo-terminal through `plan`.
    static func run(_ program: URL, _ arguments: [String], plan: [Step]) throws -> Run {
        let steps: [[String: Any]] = plan.map { step in
            switch step {
            case .send(let line): ["send": line]
            case .wait(let text, let within): ["wait": text, "within": within.seconds]
            case .quiet(let duration): ["quiet": duration.seconds]
            case .burst(let lines): ["burst": lines]
            case .lock(let path): ["lock": path]
            }
        }
        let planText = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, planText, "--", program.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var run = try JSONDecoder().decode(Run.self, from: data)
        // The terminal ends each line with CR LF, as a terminal does.
        run.output = run.output.replacingOccurrences(of: "\r\n", with: "\n")
        return run
    }

    /// The driver: prints `{"output", "marks", "status", "failed", "kilobytes"}` as JSON.
    private static let script = """
        import fcntl
        import json
        import os
        import resource
        import select
        import subprocess
        import sys
        import time

        plan = json.loads(sys.argv[1])
        program = sys.argv[sys.argv.index("--") + 1:]
        master, slave = os.openpty()
        child = subprocess.Popen(program, stdin=slave, stdout=slave, stderr=slave, close_fds=True)
        os.close(slave)
        output = b""
        mark = 0
        sent_at = time.monotonic()
        marks = []
        failed = None
        held = []


        def read_for(seconds, until=None):
            global output
            deadline = time.monotonic() + seconds
            while True:
                if until is not None and until in output[mark:]:
                    return True
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                ready, _, _ = select.select([master], [], [], min(left, 0.05))
                if ready:
                    try:
                        chunk = os.read(master, 65536)
                    except OSError:
                        return until is None
                    if not chunk:
                        return until is None
                    output += chunk


        def burst(data):
            # Writes only when the terminal has room and reads whenever there is output, so neither side
            # blocks the other.
            global output
            sent = 0
            while sent < len(data):
                readable, writable, _ = select.select([master], [master], [], 5)
                if not readable and not writable:
                    return False
                if readable:
                    try:
                        output += os.read(master, 65536)
                    except OSError:
                        return False
                if writable:
                    sent += os.write(master, data[sent:sent + 256])
            return True


        for index, step in enumerate(plan):
            if "send" in step:
                read_for(0.05)
                mark = len(output)
                sent_at = time.monotonic()
                os.write(master, step["send"].encode() + b"\\n")
            elif "wait" in step:
                if not read_for(step.get("within", 5), step["wait"].encode()):
                    failed = index
                    break
                marks.append({"step": index, "after": time.monotonic() - sent_at})
            elif "quiet" in step:
                read_for(step["quiet"])
            elif "lock" in step:
                holder = open(step["lock"], "a")
                fcntl.flock(holder, fcntl.LOCK_EX)
                held.append(holder)
            elif "burst" in step:
                mark = len(output)
                if not burst("".join(line + "\\n" for line in step["burst"]).encode()):
                    failed = index
                    break

        try:
            status = child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            status = None
        read_for(0.2)
        kilobytes = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(json.dumps({
            "output": output.decode("utf-8", "replace"), "marks": marks, "status": status, "failed": failed,
            "kilobytes": kilobytes,
        }))
        """
}

extension Duration {
    /// The duration in seconds, as a fraction.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
