// swift-tools-version: 6.0
import PackageDescription

// A package that uses another package's modules: declared through a product, reached only through
// its dependencies, not declared at all, and declared for macOS only.
let package = Package(
    name: "App",
    dependencies: [.package(path: "../Dep")],
    targets: [
        .target(name: "A", dependencies: [.product(name: "OrderedCollections", package: "Dep")]),
        .target(
            name: "B",
            dependencies: [.product(name: "DequeModule", package: "Dep", condition: .when(platforms: [.macOS]))]
        ),
        .target(name: "C", dependencies: ["A"]),
    ]
)
