import Foundation

/// Runs a command to completion, for the package's tools and their tests.
///
/// Output goes to temporary files rather than pipes, so a command that writes a lot to both streams
/// can never block on a full pipe while the other one is being read.
package enum Subprocess {
    /// What a finished command left behind.
    package struct Outcome {
        /// The exit status.
        package var status: Int32
        /// Everything written to standard output.
        package var output: Data
        /// Everything written to standard error.
        package var errors: String
    }

    /// Runs `arguments` through `/usr/bin/env`, so `swift` is found on the `PATH`.
    ///
    /// - Parameters:
    ///   - directory: The working directory; the current one if `nil`.
    ///   - input: Text for standard input; none (end of input at once) if `nil`.
    ///   - mergingErrors: Whether standard error goes to ``Outcome/output`` too, in order.
    package static func run(
        _ arguments: [String],
        in directory: URL? = nil,
        input: String? = nil,
        mergingErrors: Bool = false
    ) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("output")
        let errorsURL = folder.appendingPathComponent("errors")
        let inputURL = folder.appendingPathComponent("input")
        try Data().write(to: outputURL)
        try Data().write(to: errorsURL)
        try Data((input ?? "").utf8).write(to: inputURL)

        let output = try FileHandle(forWritingTo: outputURL)
        let errors = mergingErrors ? output : try FileHandle(forWritingTo: errorsURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory {
            process.currentDirectoryURL = directory
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : try FileHandle(forReadingFrom: inputURL)
        try process.run()
        process.waitUntilExit()
        try output.close()
        if !mergingErrors {
            try errors.close()
        }
        return Outcome(
            status: process.terminationStatus,
            output: try RegularFile.contents(of: outputURL),
            errors: String(decoding: try RegularFile.contents(of: errorsURL), as: UTF8.self)
        )
    }
}
