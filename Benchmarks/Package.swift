// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the product never depends on what they compare against.
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ComponentMiddleware", path: "..")],
    targets: [
        // Opening a URL against route tables of 10 and 2,000 routes.
        .executableTarget(
            name: "bench-routes",
            dependencies: [.product(name: "Middleware", package: "ComponentMiddleware")],
            path: "Sources/bench-routes"
        )
    ]
)
