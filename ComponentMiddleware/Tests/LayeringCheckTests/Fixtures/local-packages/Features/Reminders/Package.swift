// swift-tools-version: 6.0
import PackageDescription

// A feature in a package of its own, at its folder's top, using the app's base layer.
let package = Package(
    name: "Reminders",
    products: [.library(name: "Reminders", targets: ["Reminders"])],
    dependencies: [.package(name: "Notes", path: "../..")],
    targets: [
        .target(
            name: "Reminders", dependencies: [.product(name: "Base", package: "Notes")], path: ".",
            exclude: ["Tests"]),
        .testTarget(name: "RemindersTests", dependencies: ["Reminders"]),
    ]
)
