// swift-tools-version: 6.1
import PackageDescription

// A second app built with the middleware, small and unlike the mall: two features under Features/,
// a page type of its own in NotesKit, its routers in the app target. It uses only the middleware's
// products and plugins, by path, as any app would.

/// The middleware's libraries, by their product names.
let middleware: Target.Dependency = .product(name: "Middleware", package: "ComponentMiddleware")
let middlewareTesting: Target.Dependency = .product(name: "MiddlewareTesting", package: "ComponentMiddleware")

/// The features, each a target of its own under `Features/<Name>` that imports no other.
let features = [
    "Notes",
    "Tags",
]

let package = Package(
    name: "NotesExample",
    platforms: [.macOS(.v13)],
    products: [.executable(name: "notes", targets: ["NotesApp"])],
    dependencies: [.package(path: "../../ComponentMiddleware")],
    targets: [
        // The base layer: the page every provide returns.
        .target(name: "NotesKit", dependencies: [middleware]),
        .executableTarget(
            name: "NotesApp", dependencies: ["NotesKit", middleware] + features.map { .target(name: $0) }, path: "App"),
        .testTarget(
            name: "AppTests",
            dependencies: ["NotesApp", "NotesKit", middleware, middlewareTesting] + features.map { .target(name: $0) }),
        // The layering check as a test: the features keep the layers of layers.json.
        .testTarget(
            name: "LayeringTests", dependencies: [.product(name: "LayeringCheck", package: "ComponentMiddleware")]),
    ]
        + features.flatMap { feature -> [Target] in
            [
                .target(name: feature, dependencies: ["NotesKit", middleware], path: "Features/\(feature)"),
                .testTarget(
                    name: "\(feature)Tests",
                    dependencies: [.target(name: feature), "NotesKit", middleware, middlewareTesting]),
            ]
        }
)
