import Foundation
import LayeringCheck
import MiddlewareSupport
import Testing

/// A throwaway copy of this package (sources, manifest, tests; no build folder) to scaffold into.
struct PackageCopy {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of the executable `name` this test run built: beside the test bundle, wherever the
    /// build put it (`swift test --scratch-path DIR` puts it under DIR, not `.build`).
    static func product(_ name: String) throws -> String {
        let products = try #require(
            Bundle.main.executableURL?.deletingLastPathComponent(), "cannot tell where the executables were built")
        return products.appendingPathComponent(name).path
    }

    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mall-copy-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for item in [
            "Package.swift", ".swift-format", "layers.json", "components.json", "README.md", "Docs", "Sources",
            "Components", "Templates", "Shell", "Tests", "Fuzz", "Service",
        ] {
            try Self.copy(Self.sourceRoot.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
        // The middleware the manifest depends on by path, shared rather than copied: the scaffolder
        // never writes into it, and a copy would carry its build folder along.
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent(Self.middlewareFolder),
            withDestinationURL: Self.sourceRoot.appendingPathComponent(Self.middlewareFolder))
    }

    /// Whether `name` is SwiftPM's state, which a package inside the tree (`Sources`, a component's
    /// own) holds once built alone: `.build`, `.build-*` and `.swiftpm`, never copied or compared.
    static func isBuildFolder(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".build") || name == ".swiftpm"
    }

    /// Copies `source` to `destination`, build folders left out; a symbolic link stays one.
    static func copy(_ source: URL, to destination: URL) throws {
        let manager = FileManager.default
        guard try manager.attributesOfItem(atPath: source.path)[.type] as? FileAttributeType == .typeDirectory else {
            try manager.copyItem(at: source, to: destination)
            return
        }
        try manager.createDirectory(at: destination, withIntermediateDirectories: false)
        for name in try manager.contentsOfDirectory(atPath: source.path) where !isBuildFolder(name) {
            try copy(source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
    }

    /// The folder of the middleware's package, which the mall depends on by path.
    static let middlewareFolder = "ComponentMiddleware"

    /// A component name the package does not use yet, so these tests still pass after users add components.
    var unusedComponentName: String {
        let taken =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Components").path)) ?? []
        let candidates = ["Coupon", "Voucher", "Parking", "GiftCard", "Membership", "Delivery", "Feedback"]
        return candidates.first { !taken.contains($0) } ?? "Scaffolded\(taken.count)"
    }

    /// The number of business components the package has.
    var componentCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Components").path)) ?? [])
            .filter { !$0.hasPrefix(".") }.count
    }

    /// Rewrites the manifest's components list on one line, the layout the scaffolder once broke.
    func writeComponentsListOnOneLine() throws {
        let manifestURL = root.appendingPathComponent("Package.swift")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        // From `let components… = [` to the `]` alone on a line that closes it, one entry per line.
        guard let start = manifest.range(of: "\nlet components"),
            let open = manifest.range(of: "= [\n", range: start.upperBound..<manifest.endIndex),
            let close = manifest.range(of: "\n]\n", range: open.upperBound..<manifest.endIndex)
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        let entries = manifest[open.upperBound..<close.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        try manifest.replacingCharacters(
            in: open.lowerBound..<close.upperBound, with: "= [\(entries.dropLast(entries.hasSuffix(",") ? 1 : 0))]\n"
        ).write(to: manifestURL, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Every file's contents by relative path, build folders excluded: equal snapshots mean an unchanged tree.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return files }
        for case let url as URL in enumerator {
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            if Self.isBuildFolder(url.lastPathComponent) {
                enumerator.skipDescendants()
                continue
            }
            if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// The package's target names, as the plugin would pass them.
    static let targetNames: Set<String> = [
        "Middleware", "MallBase", "MallNavigator", "MallTestSupport", "Shop", "ShopPreview", "Event", "EventPreview",
        "Groupbuy", "GroupbuyPreview", "Appointment", "AppointmentPreview", "Mall", "MiddlewareSupport",
        "MiddlewareTesting", "LayeringCheck", "layering-check", "ComponentScaffold", "new-component",
    ]

    /// Runs a command in the copy and returns its status and combined output.
    func run(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let outcome = try Subprocess.run(arguments, in: root, input: input, mergingErrors: true)
        return (outcome.status, String(decoding: outcome.output, as: UTF8.self))
    }
}
