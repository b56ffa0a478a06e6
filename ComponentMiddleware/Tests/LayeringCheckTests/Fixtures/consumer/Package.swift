// swift-tools-version: 6.0
import PackageDescription

// A package with its own layout (every target under Sources/, a system library's module among them)
// that adopts the layering check as a plugin. The test replaces CHECKER_PATH with the path of the package that provides the plugin.
let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "CHECKER_PATH")],
    targets: [
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),
        .target(name: "Core", dependencies: ["CSystem"], path: "Sources/Core"),
        .target(name: "Feed", dependencies: ["Core"], path: "Sources/Feed"),
        .target(name: "Bridge", dependencies: ["Feed"], path: "Sources/Bridge"),
        .target(name: "Profile", dependencies: ["Core", "Bridge"], path: "Sources/Profile"),
        .executableTarget(name: "AppMain", dependencies: ["Feed", "Profile"], path: "Sources/AppMain"),
    ]
)
