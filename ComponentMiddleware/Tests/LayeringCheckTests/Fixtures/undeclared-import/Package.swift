// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Fixture",
    targets: [
        .target(name: "Base", path: "Sources/Base"),
        .target(name: "Formatting", path: "Sources/Formatting"),
        .target(name: "Shop", dependencies: ["Base"], path: "Components/Shop"),
        .target(name: "Event", dependencies: ["Base"], path: "Components/Event"),
        .executableTarget(name: "App", dependencies: ["Base", "Shop", "Event"], path: "Shell/App"),
        .testTarget(name: "ShopTests", dependencies: ["Shop"], path: "Tests/ShopTests"),
    ]
)
