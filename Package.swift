// swift-tools-version: 6.1
import PackageDescription

// MARK: - Business components

/// The business components, one per line, each with the components its router wires requires to.
///
/// Each gets `Components/<Name>` (its target), `Components/<Name>/Preview` (`<Name>Preview`, the
/// component run alone), `Tests/<Name>Tests` (its tests, which stub its requires), `Shell/Routes/<Name>`
/// (`<Name>Routes`, the links into its provides) and `Shell/Routers/<Name>` (`<Name>Router`, its
/// wiring). A router sees the components in `wiresTo` and their routes, and nothing else of theirs, so
/// a change to one component rebuilds the routers that wire to it, not the app.
/// `swift package new-component` adds a line here; add a name to `wiresTo` when its router wires to it.
let components: [(name: String, wiresTo: [String])] = [
    ("Shop", wiresTo: ["Event", "Groupbuy", "Appointment"]),
    ("Event", wiresTo: ["Shop"]),
    ("Groupbuy", wiresTo: ["Shop"]),
    ("Appointment", wiresTo: ["Shop"]),
]

let package = Package(
    name: "ComponentMiddleware",
    products: [
        .executable(name: "mall", targets: ["Mall"]),
        .library(name: "Middleware", targets: ["Middleware"]),
        .executable(name: "layering-check", targets: ["layering-check"]),
        .library(name: "LayeringCheck", targets: ["LayeringCheck"]),
        // Other packages run the check with `swift package check-layering` after depending on this one.
        .plugin(name: "CheckLayering", targets: ["CheckLayering"]),
        .executable(name: "new-component", targets: ["new-component"]),
    ],
    targets: []
)

// MARK: - Support: what the app and the tools both need (reading arguments, "did you mean",
// running a command, drawing with Graphviz); it depends on nothing of the package

package.targets += [
    .target(name: "Support", path: "Sources/Support"),
    .testTarget(name: "SupportTests", dependencies: ["Support"]),
]

// MARK: - Trunk layer: app-agnostic mechanics

package.targets += [
    .target(name: "Middleware", dependencies: ["Support"], path: "Sources/Middleware"),
    .testTarget(name: "MiddlewareTests", dependencies: ["Middleware", "MallTestSupport"]),
]

// MARK: - Base layer: this app's screens, the value types components exchange, the text navigator

package.targets += [
    .target(name: "MallBase", dependencies: ["Middleware", "Support"], path: "Sources/MallBase"),
    .testTarget(name: "MallBaseTests", dependencies: ["MallBase", "MallTestSupport"]),
    // Knows screens, never components: the app and every component preview run in it.
    .target(name: "MallNavigator", dependencies: ["MallBase", "Middleware", "Support"], path: "Sources/MallNavigator"),
    .testTarget(
        name: "MallNavigatorTests",
        dependencies: ["MallNavigator", "MallBase", "MallTestSupport", "Middleware", "Support"]),
]

// MARK: - Test support: stubs and helpers every test target may use

package.targets += [
    .target(
        name: "MallTestSupport", dependencies: ["MallBase", "MallNavigator", "Middleware", "Support"],
        path: "Tests/MallTestSupport")
]

// MARK: - Business layer: one target per component, none depends on another

for (component, _) in components {
    package.targets += [
        .target(
            name: component, dependencies: ["MallBase", "Middleware"], path: "Components/\(component)",
            exclude: ["Preview"]),
        // The component alone in the text navigator, its requires answered by stubs: `swift run <Name>Preview`.
        .executableTarget(
            name: "\(component)Preview",
            dependencies: [.target(name: component), "MallBase", "MallNavigator", "Middleware", "Support"],
            path: "Components/\(component)/Preview"
        ),
        .testTarget(
            name: "\(component)Tests",
            dependencies: [
                .target(name: component), .target(name: "\(component)Preview"), "Middleware", "MallBase",
                "MallNavigator", "MallTestSupport", "Support",
            ]
        ),
    ]
}

// MARK: - Shell: the routing every router uses, each component's routes and router, and the app

package.targets += [
    // Routes, the router protocol and its wiring lines, and the pages the shell owns; no component.
    .target(name: "MallRouting", dependencies: ["MallBase", "Middleware"], path: "Shell/Routing")
]

for (component, wiresTo) in components {
    package.targets += [
        .target(
            name: "\(component)Routes",
            dependencies: [.target(name: component), "MallBase", "MallRouting", "Middleware"],
            path: "Shell/Routes/\(component)"),
        .target(
            name: "\(component)Router",
            dependencies: [
                .target(name: component), .target(name: "\(component)Routes"), "MallBase", "MallRouting", "Middleware",
            ]
                // A name given twice, or the component's own, adds nothing the lines above do not.
                + Set(wiresTo).subtracting([component]).sorted().flatMap {
                    [.target(name: $0), .target(name: "\($0)Routes")]
                },
            path: "Shell/Routers/\(component)"),
    ]
}

/// Every component's targets the app and its tests see.
let shellComponents: [Target.Dependency] = components.flatMap { component, _ in
    [.target(name: component), .target(name: "\(component)Routes"), .target(name: "\(component)Router")]
}

package.targets += [
    .executableTarget(
        name: "Mall",
        dependencies: ["Middleware", "MallBase", "MallNavigator", "MallRouting", "Support"]
            + components.map { .target(name: "\($0.name)Router") },
        path: "Shell",
        exclude: ["Routing", "Routes", "Routers"],
        // With many components the link is most of an incremental build. lld, which the Linux toolchains
        // of swift.org ship from Swift 6.0 on, links the app faster than gold, the driver's default there
        // (Benchmarks/README.md, "The app with 1,000 more components", has the figures).
        linkerSettings: [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]
    ),
    .testTarget(
        name: "MallTests",
        dependencies: ["Mall", "Middleware", "MallBase", "MallNavigator", "MallRouting", "MallTestSupport", "Support"]
            + shellComponents
    ),
]

// MARK: - Tooling: the layering check (library, command, plugin). The app never imports these.

package.targets += [
    .target(name: "LayeringCheck", dependencies: ["Support"], path: "Tools/LayeringCheck"),
    // Named like its product: a plugin cannot use an executable target whose product has another
    // name (swiftlang/swift-package-manager#8831).
    .executableTarget(
        name: "layering-check", dependencies: ["LayeringCheck", "Support"], path: "Tools/layering-check"),
    .plugin(
        name: "CheckLayering",
        capability: .command(
            intent: .custom(
                verb: "check-layering", description: "Check that the package keeps the layers of its layers.json")
        ),
        dependencies: [.target(name: "layering-check")],
        path: "Plugins/CheckLayering"
    ),
    .testTarget(
        name: "LayeringCheckTests",
        dependencies: ["LayeringCheck", "layering-check", "MallTestSupport", "Support"],
        exclude: ["Fixtures"]
    ),
]

// MARK: - Tooling: the component scaffolder (library, command, plugin)

package.targets += [
    .target(name: "ComponentScaffold", dependencies: ["LayeringCheck", "Support"], path: "Tools/ComponentScaffold"),
    .executableTarget(
        name: "new-component",
        dependencies: ["ComponentScaffold", "LayeringCheck", "Support"],
        path: "Tools/new-component"
    ),
    .plugin(
        name: "NewComponent",
        capability: .command(
            intent: .custom(verb: "new-component", description: "Add a business component in one step"),
            permissions: [
                .writeToPackageDirectory(
                    reason: "Creates the component's target, router and tests and edits Package.swift")
            ]
        ),
        dependencies: [.target(name: "new-component")],
        path: "Plugins/NewComponent"
    ),
    .testTarget(
        name: "ComponentScaffoldTests",
        dependencies: ["ComponentScaffold", "LayeringCheck", "MallTestSupport", "new-component", "Support"]),
]

// MARK: - Fuzzing: one libFuzzer target per parser of outside input (see Fuzz/README.md)

/// `fuzz-<what>` in `Fuzz/<Folder>`, calling the parser through its public or `package` API.
let fuzzTargets: [(name: String, folder: String, dependencies: [Target.Dependency])] = [
    ("fuzz-import-lexer", "ImportLexer", ["LayeringCheck"]),
    ("fuzz-package-description", "PackageDescription", ["LayeringCheck"]),
    ("fuzz-layer-contract", "LayerContract", ["LayeringCheck"]),
    ("fuzz-manifest-text", "ManifestText", ["LayeringCheck"]),
    ("fuzz-baseline", "Baseline", ["LayeringCheck"]),
    ("fuzz-scaffold-interface", "ScaffoldInterface", ["ComponentScaffold"]),
    ("fuzz-command-line", "CommandLine", ["MallNavigator", "Support"]),
    ("fuzz-deep-link", "DeepLink", ["Middleware"]),
    ("fuzz-routes-config", "RoutesConfig", ["Middleware"]),
    ("fuzz-state-file", "StateFile", ["Middleware"]),
]
for fuzz in fuzzTargets {
    package.targets.append(
        .executableTarget(name: fuzz.name, dependencies: fuzz.dependencies, path: "Fuzz/\(fuzz.folder)"))
    package.products.append(.executable(name: fuzz.name, targets: [fuzz.name]))
}

// MARK: - Settings shared by every target

for target in package.targets where target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
