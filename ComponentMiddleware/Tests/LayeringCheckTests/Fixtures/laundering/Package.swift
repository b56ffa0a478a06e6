// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Fixture",
    targets: [
        .target(name: "Base", path: "Sources/Base"),
        .target(name: "Shop", dependencies: ["Base"], path: "Components/Shop"),
        // In no layer folder, so no rule applies to it: it re-exports Shop to whoever depends on it.
        .target(name: "Bridge", dependencies: ["Shop"], path: "Bridge"),
        .target(name: "Event", dependencies: ["Base", "Bridge"], path: "Components/Event"),
        .executableTarget(name: "App", dependencies: ["Shop", "Event"], path: "Shell/App"),
        // Shop's tests depend on the app, which reaches every component.
        .testTarget(name: "ShopTests", dependencies: ["Shop", "App"], path: "Tests/ShopTests"),
        // A test target placed under Components/, in no component's folder.
        .testTarget(name: "SpareTests", dependencies: ["Event"], path: "Components/SpareTests"),
    ]
)
