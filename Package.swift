// swift-tools-version: 6.1
import PackageDescription

// MARK: - Business components

/// The business components, one per line, each with the components its router wires requires to.
///
/// Each gets `Components/<Name>` (its target), `Components/<Name>/Preview` (`<Name>Preview`, the
/// component run alone), `Tests/<Name>Tests` (its tests, which stub its requires), `Shell/Wiring/<Name>`
/// (its wiring, side by side: `Routes`, the target `<Name>Routes` of the links into its provides, and
/// `Router`, the target `<Name>Router` that answers its requires). A router sees the components in `wiresTo` and their routes, and nothing else of theirs, so
/// a change to one component rebuilds the routers that wire to it, not the app.
/// `swift package new-component` adds a line here; add a name to `wiresTo` when its router wires to it.
let components: [(name: String, wiresTo: [String])] = [
    ("Shop", wiresTo: ["Event", "Groupbuy", "Appointment"]),
    ("Event", wiresTo: ["Shop"]),
    ("Groupbuy", wiresTo: ["Shop"]),
    ("Appointment", wiresTo: ["Shop"]),
]

/// The components of the list above that live in a package of their own, `Components/<Name>/Package.swift`
/// (its target, preview and tests, built and tested alone), which the app depends on by path. Their
/// routes and routers are the app's, as every component's are.
let componentPackages: Set<String> = ["Appointment"]

/// Component packages of the list above the app takes at a published version, not from their folder:
/// the repository (named after the component, as SwiftPM names a package after its URL's last part)
/// and the lowest version `swift package update` may take (up to the next major version; before 1.0.0,
/// the next minor one). `bash Scripts/use-component.sh` switches a component between its folder and a
/// version, one entry a line.
let componentReleases: [String: (url: String, from: Version)] = [:]

let package = Package(
    name: "Mall",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mall", targets: ["Mall"])
    ],
    // The middleware, as any app depends on it: its runtime, test helpers, layering check and scaffolder
    // (`swift run layering-check`, `swift run new-component`, and the plugins of the same names); the
    // base layer, a package the app and the components in packages of their own depend on; and those.
    dependencies: [.package(path: "ComponentMiddleware"), .package(path: "Sources/MallBase")]
        + componentPackages.sorted().map { name in
            componentReleases[name].map { release in
                // Before 1.0.0 a minor version may break, so it takes patches alone.
                release.from.major == 0
                    ? .package(url: release.url, .upToNextMinor(from: release.from))
                    : .package(url: release.url, from: release.from)
            } ?? .package(path: "Components/\(name)")
        },
    targets: []
)

/// The middleware's libraries, by their product names.
let middleware: Target.Dependency = .product(name: "Middleware", package: "ComponentMiddleware")
let middlewareSupport: Target.Dependency = .product(name: "MiddlewareSupport", package: "ComponentMiddleware")
let middlewareTesting: Target.Dependency = .product(name: "MiddlewareTesting", package: "ComponentMiddleware")

/// The base layer's libraries (`Sources/MallBase/Package.swift`): this app's screens, the value types
/// components exchange, the text navigator and the test support.
let mallBase: Target.Dependency = .product(name: "MallBase", package: "MallBase")
let mallNavigator: Target.Dependency = .product(name: "MallNavigator", package: "MallBase")
let mallTestSupport: Target.Dependency = .product(name: "MallTestSupport", package: "MallBase")

/// A component's module, or its preview's (`suffix: "Preview"`): a target of this package, or the
/// product of the component's own package.
func componentModule(_ name: String, suffix: String = "") -> Target.Dependency {
    componentPackages.contains(name)
        ? .product(name: name + suffix, package: name) : .target(name: name + suffix)
}

// MARK: - Base layer: its package's targets (Sources/MallBase/Package.swift), tested here

package.targets += [
    .testTarget(
        name: "MallBaseTests", dependencies: [mallBase, mallTestSupport, middlewareSupport, middlewareTesting]),
    .testTarget(
        name: "MallNavigatorTests",
        dependencies: [mallNavigator, mallBase, mallTestSupport, middleware, middlewareSupport, middlewareTesting]),
]

// MARK: - Business layer: one target per component, none depends on another

for (component, _) in components where !componentPackages.contains(component) {
    package.targets += [
        .target(
            name: component, dependencies: [mallBase, middleware], path: "Components/\(component)",
            exclude: ["Preview"]),
        // The component alone in the text navigator, its requires answered by stubs: `swift run <Name>Preview`.
        .executableTarget(
            name: "\(component)Preview",
            dependencies: [.target(name: component), mallBase, mallNavigator, middleware, middlewareSupport],
            path: "Components/\(component)/Preview"
        ),
        .testTarget(
            name: "\(component)Tests",
            dependencies: [
                .target(name: component), .target(name: "\(component)Preview"), middleware, mallBase, mallNavigator,
                mallTestSupport, middlewareSupport, middlewareTesting,
            ]
        ),
    ]
}

// MARK: - Shell: the routing every router uses, each component's routes and router, and the app

package.targets += [
    // Routes, the router protocol and its wiring lines, and the pages the shell owns; no component.
    .target(name: "MallRouting", dependencies: [mallBase, middleware], path: "Shell/Routing")
]

for (component, wiresTo) in components {
    package.targets += [
        .target(
            name: "\(component)Routes",
            dependencies: [componentModule(component), mallBase, "MallRouting", middleware],
            path: "Shell/Wiring/\(component)/Routes"),
        .target(
            name: "\(component)Router",
            dependencies: [
                componentModule(component), .target(name: "\(component)Routes"), mallBase, "MallRouting", middleware,
            ]
                // A name given twice, or the component's own, adds nothing the lines above do not.
                + Set(wiresTo).subtracting([component]).sorted().flatMap {
                    [componentModule($0), .target(name: "\($0)Routes")]
                },
            path: "Shell/Wiring/\(component)/Router"),
    ]
}

/// Every component's targets the app and its tests see.
let shellComponents: [Target.Dependency] = components.flatMap { component, _ in
    [componentModule(component), .target(name: "\(component)Routes"), .target(name: "\(component)Router")]
}

package.targets += [
    .executableTarget(
        name: "Mall",
        dependencies: [middleware, mallBase, mallNavigator, "MallRouting", middlewareSupport]
            + components.map { .target(name: "\($0.name)Router") }
            + [.target(name: "GlibcMalloc", condition: .when(platforms: [.linux]))],
        path: "Shell",
        exclude: ["Routing", "Wiring", "Malloc"],
        // With many components the link is most of an incremental build. lld, which the Linux toolchains
        // of swift.org ship from Swift 6.0 on, links the app faster than gold, the driver's default there
        // (Benchmarks/README.md, "The app with 1,000 more components", has the figures).
        linkerSettings: [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]
    ),
    // glibc's malloc.h, for the one allocator setting the app makes at launch (Shell/MallCommand.swift).
    .systemLibrary(name: "GlibcMalloc", path: "Shell/Malloc"),
    .testTarget(
        name: "MallTests",
        dependencies: [
            "Mall", middleware, mallBase, mallNavigator, "MallRouting", mallTestSupport, middlewareSupport,
            middlewareTesting,
        ]
            + shellComponents
    ),
]

// MARK: - Tooling: this app checked and scaffolded with the middleware's tools

package.targets += [
    // The app keeps the layers of its layers.json, and the layering check's reference shows them.
    .testTarget(
        name: "LayeringTests",
        dependencies: [.product(name: "LayeringCheck", package: "ComponentMiddleware"), middlewareSupport]),
    // new-component adds a component to a copy of this app that then builds, wires and passes its tests.
    .testTarget(
        name: "ScaffoldingTests",
        dependencies: [
            .product(name: "ComponentScaffold", package: "ComponentMiddleware"),
            .product(name: "LayeringCheck", package: "ComponentMiddleware"),
            // The command the tests run in copies of the app.
            .product(name: "new-component", package: "ComponentMiddleware"), mallTestSupport, middlewareSupport,
            middlewareTesting,
        ]),
]

// MARK: - Fuzzing: the navigator's command line (see Fuzz/README.md; the middleware's own fuzz targets
// are a package of their own, ComponentMiddleware/Fuzz)

package.targets.append(
    .executableTarget(name: "fuzz-command-line", dependencies: [mallNavigator], path: "Fuzz/CommandLine"))

// MARK: - Settings shared by every target

for target in package.targets where target.type != .plugin && target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
