// swift-tools-version: 6.1
import PackageDescription

// Appointment, a business component in a package of its own: built, tested and previewed alone, and
// depended on by the mall (`componentPackages` in its manifest) like any package. It sees the
// middleware and the mall's base layer (`Sources/MallBase`, a package the mall depends on too),
// never another component: the mall's manifest gives its router the routes it wires to, and the
// layering check holds the rest. Published on its own (CHANGELOG.md says how), it depends on those
// two by URL instead, and the mall's paths stand in for them while the mall takes it.

let package = Package(
    name: "Appointment",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Appointment", targets: ["Appointment"]),
        // The component alone in the text navigator, its requires answered by stubs.
        .executable(name: "AppointmentPreview", targets: ["AppointmentPreview"]),
    ],
    dependencies: [
        .package(path: "../../ComponentMiddleware"),
        .package(path: "../../Sources/MallBase"),
    ],
    targets: []
)

let middleware: Target.Dependency = .product(name: "Middleware", package: "ComponentMiddleware")
let middlewareSupport: Target.Dependency = .product(name: "MiddlewareSupport", package: "ComponentMiddleware")
let middlewareTesting: Target.Dependency = .product(name: "MiddlewareTesting", package: "ComponentMiddleware")
let mallBase: Target.Dependency = .product(name: "MallBase", package: "MallBase")
let mallNavigator: Target.Dependency = .product(name: "MallNavigator", package: "MallBase")
let mallTestSupport: Target.Dependency = .product(name: "MallTestSupport", package: "MallBase")

package.targets = [
    // The component: its API file, generated file, data and screens, at this folder's top, where the
    // mall's tools look for every component's API (components.json).
    .target(
        name: "Appointment", dependencies: [mallBase, middleware], path: ".",
        exclude: ["Package.swift", "Preview", "Tests", "README.md", "CHANGELOG.md"]),
    .executableTarget(
        name: "AppointmentPreview",
        dependencies: ["Appointment", mallBase, mallNavigator, middleware, middlewareSupport],
        path: "Preview"),
    .testTarget(
        name: "AppointmentTests",
        dependencies: [
            "Appointment", "AppointmentPreview", middleware, mallBase, mallNavigator, mallTestSupport,
            middlewareSupport, middlewareTesting,
        ]),
]

for target in package.targets {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
