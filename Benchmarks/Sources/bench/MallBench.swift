import Foundation

/// The `mall` executable measured as a user runs it, each figure against a baseline run in turn with it.
struct MallBench {
    let mall: String
    let scratch: URL
    let quick: Bool

    /// Launch to the first screen (`mall --script /dev/null` shows it and ends) and the whole tour,
    /// against hello worlds built here with `swiftc -O`: Swift alone, Foundation, and Foundation
    /// with its networking library linked, as `mall` links it to fetch a routes configuration (on
    /// Linux `FoundationNetworking` is a library of its own, loaded at launch whether or not a
    /// request is made).
    func firstScreen() throws -> [Figure] {
        let hello = try compile("hello", #"print("Hello, world")"#)
        let foundationHello = try compile(
            "foundation-hello",
            #"import Foundation"# + "\n" + #"print("Hello, \(ProcessInfo.processInfo.processName)")"#)
        let networkingHello = try compile(
            "networking-hello",
            """
            import Foundation
            #if canImport(FoundationNetworking)
                import FoundationNetworking
            #endif
            print("Hello, \\(ProcessInfo.processInfo.processName) \\(URLSession.self)")
            """)
        let runs = quick ? 20 : 60
        let times = try interleavedRuns(
            runs,
            [
                (hello, []), (foundationHello, []), (networkingHello, []), (mall, ["--script", "/dev/null"]),
                (mall, ["--tour"]),
            ])
        return [
            Figure(section: "launch", name: "Swift hello world", value: times[0] * 1e3, unit: "ms"),
            Figure(section: "launch", name: "Foundation hello world", value: times[1] * 1e3, unit: "ms"),
            Figure(
                section: "launch", name: "Foundation and its networking, hello world", value: times[2] * 1e3,
                unit: "ms", baseline: "Foundation hello world", baselineValue: times[1] * 1e3),
            Figure(
                section: "launch", name: "mall, launch to first screen", value: times[3] * 1e3, unit: "ms",
                baseline: "Foundation and networking hello world", baselineValue: times[2] * 1e3, goal: 1.2),
            Figure(
                section: "launch", name: "mall, launch to first screen", value: times[3] * 1e3, unit: "ms",
                baseline: "Foundation hello world", baselineValue: times[1] * 1e3),
            Figure(
                section: "launch", name: "mall --tour, the whole walk", value: times[4] * 1e3, unit: "ms",
                baseline: "Foundation and networking hello world", baselineValue: times[2] * 1e3),
        ]
    }

    /// What one more command costs at navigation depth 10 and 1,000: a script walks down to the depth
    /// (Shops › Blue Bottle Coffee › its event › the shop › …), then pushes and pops `steps` times; the
    /// same walk without the steps is subtracted.
    func rendering() throws -> [Figure] {
        let steps = quick ? 20_000 : 100_000
        let rounds = quick ? 3 : 7
        var perStep: [Double] = []
        for depth in [10, 1_000] {
            let walk = ["1", "1"] + Array(repeating: ["2", "2"], count: (depth - 2) / 2).flatMap { $0 }
            let there = try script("walk-\(depth)", walk)
            let busy = try script(
                "steps-\(depth)", walk + Array(repeating: ["2", "b"], count: steps / 2).flatMap { $0 })
            let times = try interleavedRuns(rounds, [(mall, ["--script", there]), (mall, ["--script", busy])])
            perStep.append((times[1] - times[0]) / Double(steps) * 1e6)
        }
        return [
            Figure(section: "render", name: "one command at depth 10", value: perStep[0], unit: "µs"),
            Figure(
                section: "render", name: "one command at depth 1,000", value: perStep[1], unit: "µs",
                baseline: "depth 10", baselineValue: perStep[0], goal: 1.5),
        ]
    }

    /// Peak memory of `mall --script` for 1,000 and 100,000 commands (down four screens and back up).
    func scriptMemory() throws -> [Figure] {
        let cycle = ["1", "1", "2", "2", "b", "b", "b", "b"]
        let probe = try memoryProbe()
        var peaks: [Double] = []
        for steps in [1_000, 100_000] {
            let file = try script("memory-\(steps)", Array(repeating: cycle, count: steps / cycle.count).flatMap { $0 })
            peaks.append(try peakMegabytes(of: mall, ["--script", file], measuredBy: probe))
        }
        return [
            Figure(section: "memory", name: "--script, 1,000 commands", value: peaks[0], unit: "MB"),
            Figure(
                section: "memory", name: "--script, 100,000 commands", value: peaks[1], unit: "MB",
                baseline: "1,000 commands", baselineValue: peaks[0], goal: 1.2),
        ]
    }

    /// Peak memory of a program, measured through a small program built here that spawns it and waits.
    ///
    /// `posix_spawn` starts a child in its parent's memory until the child's `exec`, and Linux counts
    /// that memory into the child's peak (`ru_maxrss` survives `exec`), so a child of this large
    /// process would report at least this process's peak. The small program's own few megabytes are
    /// the floor instead, well under any program measured here.
    func peakMegabytes(of executable: String, _ arguments: [String], measuredBy probe: String) throws -> Double {
        let printed = try Shell.run(probe, [executable] + arguments)
        guard let kilobytes = Double(printed), kilobytes > 0 else {
            throw ChildRun.Failure(description: "\(executable) failed under the memory probe (it printed '\(printed)')")
        }
        return kilobytes / 1_024
    }

    /// The small program that runs another and prints its peak memory in kilobytes.
    func memoryProbe() throws -> String {
        try compile(
            "peak-memory",
            """
            import Glibc

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = CommandLine.arguments.dropFirst().map { strdup($0) } + [nil]
            var pid: pid_t = 0
            guard posix_spawn(&pid, CommandLine.arguments[1], &actions, nil, argv, environ) == 0 else { exit(2) }
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
            print(status == 0 ? usage.ru_maxrss : -1)
            """)
    }

    /// Median seconds of each command, run in turn `runs` times after one warm-up run each.
    private func interleavedRuns(_ runs: Int, _ commands: [(String, [String])]) throws -> [Double] {
        let measurements = commands.map { command in
            { () throws -> Double in try ChildRun.run(command.0, command.1).seconds }
        }
        for measure in measurements {
            _ = try measure()
        }
        return try interleaved(rounds: runs, measurements)
    }

    func script(_ name: String, _ lines: [String]) throws -> String {
        let file = scratch.appendingPathComponent("\(name).txt")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func compile(_ name: String, _ source: String) throws -> String {
        let file = scratch.appendingPathComponent("\(name).swift")
        let binary = scratch.appendingPathComponent(name).path
        try source.write(to: file, atomically: true, encoding: .utf8)
        try Shell.run("swiftc", ["-O", file.path, "-o", binary])
        return binary
    }
}

/// Runs a tool found on the PATH and returns its standard output; a failure names the command.
enum Shell {
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let printed = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else {
            // What it printed last says why: a build's errors come on its standard output.
            let last = printed.split(separator: "\n", omittingEmptySubsequences: false).suffix(20)
            throw ChildRun.Failure(
                description:
                    "'\(([tool] + arguments).joined(separator: " "))' failed with status \(process.terminationStatus)"
                    + (last.isEmpty ? "" : ", after printing:\n" + last.joined(separator: "\n")))
        }
        return printed
    }
}
