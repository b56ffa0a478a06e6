// swift-tools-version: 6.0
import PackageDescription

// Event imports Shop but does not declare it. `swift build` succeeds whenever Shop happens to be
// built before Event, because every module lands in the same build folder.
let package = Package(
    name: "Fixture",
    targets: [
        .target(name: "Base", path: "Sources/Base"),
        .target(name: "Shop", dependencies: ["Base"], path: "Components/Shop"),
        .target(name: "Event", dependencies: ["Base"], path: "Components/Event"),
        .executableTarget(name: "App", dependencies: ["Base", "Shop", "Event"], path: "Shell/App"),
    ]
)
