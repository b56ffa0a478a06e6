// swift-tools-version: 6.0
import PackageDescription

// An app with a feature in a package of its own (Features/Reminders), which uses the app's base layer:
// the two packages depend on each other, as tools version 6.0 allows.
let package = Package(
    name: "Notes",
    products: [.library(name: "Base", targets: ["Base"])],
    dependencies: [.package(path: "Features/Reminders")],
    targets: [
        .target(name: "Base"),
        .target(name: "Tags", dependencies: ["Base"], path: "Features/Tags"),
        .executableTarget(
            name: "App", dependencies: ["Base", "Tags", .product(name: "Reminders", package: "Reminders")],
            path: "App"),
    ]
)
