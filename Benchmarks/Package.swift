// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the product never depends on what they compare against:
// Swinject and swift-dependencies are here only to be measured beside the require call.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../ComponentMiddleware"),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        // `bench`: every figure with its baseline, ratio and goal (see README.md).
        .executableTarget(
            name: "bench",
            dependencies: [
                "AllocationCounter", "Warehouse",
                .product(name: "Middleware", package: "ComponentMiddleware"),
                .product(name: "LayeringCheck", package: "ComponentMiddleware"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Sources/bench"
        ),
        // A sibling component called directly from another module: what a require replaces.
        .target(name: "Warehouse", path: "Sources/Warehouse"),
        // Counts heap allocations by standing in for malloc (glibc only).
        .target(name: "AllocationCounter", path: "Sources/AllocationCounter"),
    ]
)
