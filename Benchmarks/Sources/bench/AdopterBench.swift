import Foundation

/// What depending on the middleware costs an app: the notes app of `Examples/Notes` against the same
/// app with its wiring written by hand and no package (`Fixtures/NotesByHand`, completed here with
/// the notes app's own features and page, so both run the same code but for the wiring). Measured:
/// a cold debug build of each (a fresh build folder every time), and launch to its output (`notes
/// show n2`, release builds), after checking that both print the same.
struct AdopterBench {
    let scratch: URL
    let quick: Bool

    func figures() throws -> [Figure] {
        let copy = scratch.appendingPathComponent("adopter")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try Shell.run(
            "sh",
            [
                "-c",
                "cd \"$0\" && git archive HEAD ComponentMiddleware Examples/Notes Benchmarks/Fixtures | tar -x -C \"$1\"",
                root.path, copy.path,
            ])
        let withMiddleware = copy.appendingPathComponent("Examples/Notes")
        let byHand = copy.appendingPathComponent("Benchmarks/Fixtures/NotesByHand")
        try completeByHand(byHand, from: withMiddleware)

        let launched = try [withMiddleware, byHand].map { try buildRelease("notes", in: $0) }
        let printed = try launched.map { try Shell.run($0, ["show", "n2"]) }
        guard printed[0] == printed[1], printed[0].hasSuffix("2 tags\nSee its tags: Tags of Call the plumber") else {
            throw ChildRun.Failure(
                description: "the two notes apps print different pages for 'show n2':\n\(printed[0])\n--\n\(printed[1])"
            )
        }
        let runs = quick ? 20 : 60
        let launch = try interleaved(
            rounds: runs, launched.map { notes in { try ChildRun.run(notes, ["show", "n2"]).seconds } })

        // Cold builds: the by-hand app once first, so the toolchain's shared caches (the clang modules
        // of Foundation and the C library) are warm for both measured builds alike.
        FileHandle.standardError.write(Data("cold debug builds of both notes apps…\n".utf8))
        _ = try coldBuild(byHand)
        let builds = try interleaved(
            rounds: quick ? 1 : 3, [{ try coldBuild(withMiddleware) }, { try coldBuild(byHand) }])
        return [
            Figure(
                section: "adopter", name: "notes app, cold debug build", value: builds[0], unit: "s",
                baseline: "the same app wired by hand", baselineValue: builds[1]),
            Figure(
                section: "adopter", name: "notes app, launch to 'show n2' (release)", value: launch[0] * 1e3,
                unit: "ms", baseline: "the same app wired by hand", baselineValue: launch[1] * 1e3, goal: 1.2),
        ]
    }

    /// Seconds `swift build` takes for the package's `notes` in a build folder of its own, made and
    /// removed here.
    private func coldBuild(_ package: URL) throws -> Double {
        let build = scratch.appendingPathComponent("cold-build-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: build) }
        let start = ContinuousClock.now
        try Shell.run(
            "swift", ["build", "--package-path", package.path, "--scratch-path", build.path, "--product", "notes"])
        return (ContinuousClock.now - start).nanoseconds / 1e9
    }

    /// Copies the notes app's feature and page sources into the by-hand app, each without what it
    /// takes from the middleware: the `import Middleware` line, and the page's `StubAnswer`
    /// conformance, which only previews and tests use.
    private func completeByHand(_ byHand: URL, from app: URL) throws {
        for path in ["Features/Notes/Notes.swift", "Features/Tags/Tags.swift", "Sources/NotesKit/Page.swift"] {
            var text = try String(contentsOf: app.appendingPathComponent(path), encoding: .utf8)
            text = text.replacingOccurrences(of: "import Middleware\n", with: "")
            if let stub = text.range(of: "\nextension Page: StubAnswer {") {
                text = String(text[..<stub.lowerBound])
            }
            guard !text.contains("Middleware"), !text.contains("StubAnswer") else {
                throw ChildRun.Failure(
                    description: "\(path) of the notes app uses more of the middleware than bench removes")
            }
            let destination = byHand.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: destination, atomically: true, encoding: .utf8)
        }
    }
}
