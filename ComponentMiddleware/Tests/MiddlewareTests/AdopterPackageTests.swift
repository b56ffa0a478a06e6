import Foundation
import MiddlewareSupport
import MiddlewareTesting
import Testing

/// An app depends on the middleware and names its own targets as it likes: target names are unique
/// across SwiftPM's whole package graph, so a name the middleware took would be taken from every app.
///
/// It builds the middleware inside a scratch package, so it runs on CI (`CI` set) or with `RUN_SLOW_TESTS=1`.
@Suite(
    "An app that depends on the middleware",
    .slow("builds the middleware in a scratch package")
)
struct AdopterPackageTests {
    /// This package's root folder.
    static let middlewareRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The names of the mall's targets, and of the kind any app has.
    static let appTargets = ["Event", "Shop", "Support", "MallBase", "Base", "Routing", "App"]

    @Test(.timeLimit(.minutes(10)))
    func anAppWithTargetsNamedLikeTheMallsBuilds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("adopter-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let middleware = #".product(name: "Middleware", package: "ComponentMiddleware")"#
        let targets = Self.appTargets.map { name in
            #"        .target(name: "\#(name)", dependencies: [\#(middleware)]),"#
        }
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "Adopter",
                platforms: [.macOS(.v13)],
                dependencies: [.package(path: \(String(reflecting: Self.middlewareRoot.path)))],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try manifest.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        for name in Self.appTargets {
            let folder = root.appendingPathComponent("Sources/\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "import Middleware\n\npublic let \(name.lowercased())Audit = WiringAudit.self\n"
                .write(to: folder.appendingPathComponent("\(name).swift"), atomically: true, encoding: .utf8)
        }

        let build = try Subprocess.run(["swift", "build"], in: root, mergingErrors: true, timeLimit: .seconds(600))
        let output = String(decoding: build.output, as: UTF8.self)
        #expect(build.status == 0, "\(output)")
        #expect(!output.contains("conflicting name"), "\(output)")
    }
}
