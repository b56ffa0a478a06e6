// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Fixture",
    targets: [
        .target(name: "Base", dependencies: [], path: "Sources/Base"),
        .target(name: "Shop", dependencies: ["Base"], path: "Components/Shop", exclude: ["Preview", "InlineTests"]),
        .executableTarget(name: "ShopPreview", dependencies: ["Shop", "Base", "Event"], path: "Components/Shop/Preview"),
        .target(name: "Event", dependencies: ["Base"], path: "Components/Event"),
        .executableTarget(name: "App", dependencies: ["Base", "Shop", "Event"], path: "Shell/App"),
        .testTarget(name: "ShopTests", dependencies: ["Shop", "ShopPreview", "Base"], path: "Tests/ShopTests"),
        .testTarget(name: "ShopPreviewTests", dependencies: ["ShopPreview", "Shop"], path: "Tests/ShopPreviewTests"),
        .testTarget(name: "ShopInlineTests", dependencies: ["Shop"], path: "Components/Shop/InlineTests"),
    ]
)
