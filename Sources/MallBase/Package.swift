// swift-tools-version: 6.1
import PackageDescription

// The mall's base layer as a package of its own: the screens and values components exchange
// (`MallBase`), the text navigator the app and every preview run in (`MallNavigator`), and the stubs
// and helpers tests use (`MallTestSupport`). The mall (`../..`) depends on it by path, and so does a
// component in a package of its own (`Components/Appointment`), so neither depends on the other:
// SwiftPM 6.3's command plugins stop on a graph where two packages depend on each other. The mall's
// tests test it.
//
// Its folder is named like the repository it is published as (`MallBase.git`): SwiftPM names a
// package after the last part of its folder or URL, so a component published on its own, which
// depends on `…/MallBase.git`, meets this folder under the same name, and the mall's path wins.

let package = Package(
    name: "MallBase",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "MallBase", targets: ["MallBase"]),
        .library(name: "MallNavigator", targets: ["MallNavigator"]),
        .library(name: "MallTestSupport", targets: ["MallTestSupport"]),
    ],
    dependencies: [.package(path: "../../ComponentMiddleware")],
    targets: []
)

/// The middleware's libraries, by their product names.
let middleware: Target.Dependency = .product(name: "Middleware", package: "ComponentMiddleware")
let middlewareSupport: Target.Dependency = .product(name: "MiddlewareSupport", package: "ComponentMiddleware")
let middlewareTesting: Target.Dependency = .product(name: "MiddlewareTesting", package: "ComponentMiddleware")

package.targets = [
    .target(name: "MallBase", dependencies: [middleware, middlewareSupport]),
    // Knows screens, never components: the app and every component preview run in it.
    .target(name: "MallNavigator", dependencies: ["MallBase", middleware, middlewareSupport]),
    // Stubs and helpers every test target may use.
    .target(
        name: "MallTestSupport",
        dependencies: ["MallBase", "MallNavigator", middleware, middlewareSupport, middlewareTesting]),
]

for target in package.targets {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
