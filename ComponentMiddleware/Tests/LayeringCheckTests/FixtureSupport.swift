import Foundation
import LayeringCheck
import MiddlewareSupport

/// Runs the layering check on a fixture package under `Fixtures/`, the way the command does.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// This package's root.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Copies a fixture into a fresh temporary folder, so describing or building it writes nothing here.
    static func copy(_ name: String) throws -> URL {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(name)-\(UUID())")
        try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: destination)
        return destination
    }

    /// Describes the package at `root` in its own scratch folder, so it never waits for the lock of a
    /// `swift test` running in the same package.
    static func describe(packageAt root: URL) throws -> PackageGraph {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try PackageLoader.describe(packagePath: root.path, scratchPath: scratch.path)
    }

    /// Describes and checks the package at `root`.
    static func check(packageAt root: URL) throws -> LayeringReport {
        try LayeringChecker.check(packageAt: root, graph: describe(packageAt: root))
    }

    /// Checks a fixture from a temporary copy.
    static func check(_ name: String) throws -> LayeringReport {
        let root = try copy(name)
        defer { try? FileManager.default.removeItem(at: root) }
        return try check(packageAt: root)
    }

    /// Runs a command in `directory` and returns its status and combined output.
    static func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let outcome = try Subprocess.run(arguments, in: directory, mergingErrors: true)
        return (outcome.status, String(decoding: outcome.output, as: UTF8.self))
    }
}

extension LayerContract {
    /// The fixtures' contract (each fixture laid out in folders holds it as its `layers.json`): `Shell/`
    /// above `Components/`, whose members are independent components, above `Sources/`. Held as no
    /// file's, so a package in memory without one of those folders is still checked by it.
    static let folders: LayerContract = {
        let file = Fixture.folder.appendingPathComponent("clean/layers.json")
        guard let data = FileManager.default.contents(atPath: file.path),
            var contract = try? LayerContract.parse(data)
        else { fatalError("the fixtures' contract \(file.path) cannot be read") }
        contract.path = nil
        return contract
    }()
}
