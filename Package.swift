// swift-tools-version: 6.1
import PackageDescription

// MARK: - Business components

/// The business components, one per line. Each gets `Components/<Name>` (its target),
/// `Components/<Name>/Preview` (`<Name>Preview`, the component run alone), `Tests/<Name>Tests` (its
/// tests, which stub its requires) and a router in `Shell/Routers`.
/// `swift package new-component` adds a line here.
let components = [
    "Shop",
    "Event",
    "Groupbuy",
    "Appointment",
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

for component in components {
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

// MARK: - Shell: the app, the only target that sees every component

package.targets += [
    .executableTarget(
        name: "Mall",
        dependencies: ["Middleware", "MallBase", "MallNavigator", "Support"] + components.map { .target(name: $0) },
        path: "Shell"
    ),
    .testTarget(
        name: "MallTests",
        dependencies: ["Mall", "Middleware", "MallBase", "MallNavigator", "MallTestSupport", "Support"]
            + components.map { .target(name: $0) }
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
