// swift-tools-version: 6.1
import PackageDescription

// The component middleware: the runtime an app's components and routers use, what the app's tests
// need, the layering check and the component scaffolder, with their commands and plugins. It depends
// on no app: an app depends on it by path or URL, as the apps in the repository it is developed in do.
//
// Every target name here is taken in the package graph of every app that depends on this package
// (SwiftPM requires names unique across the graph), so each one says it belongs to the middleware.

let package = Package(
    name: "ComponentMiddleware",
    // Duration and the clocks the runtime uses first shipped in macOS 13. Other Apple platforms wait until
    // the support target no longer runs processes (Process exists on macOS and Linux only).
    platforms: [.macOS(.v13)],
    products: [
        // The runtime: component APIs, routers, wiring, the audit, routes and links, records and kept state.
        .library(name: "Middleware", targets: ["Middleware"]),
        // What an app's tests use: fresh components per test case, short test arguments.
        .library(name: "MiddlewareTesting", targets: ["MiddlewareTesting"]),
        // What the commands here are made of and an app's own commands may share: reading arguments,
        // exit codes, "did you mean", running a command with a time limit, drawing with Graphviz.
        .library(name: "MiddlewareSupport", targets: ["MiddlewareSupport"]),
        .library(name: "LayeringCheck", targets: ["LayeringCheck"]),
        .executable(name: "layering-check", targets: ["layering-check"]),
        // `swift package check-layering` in a package that depends on this one.
        .plugin(name: "CheckLayering", targets: ["CheckLayering"]),
        .library(name: "ComponentScaffold", targets: ["ComponentScaffold"]),
        .executable(name: "new-component", targets: ["new-component"]),
        // `swift package --allow-writing-to-package-directory new-component <Name>` in a package that
        // depends on this one.
        .plugin(name: "NewComponent", targets: ["NewComponent"]),
    ],
    targets: []
)

// MARK: - Support: depends on nothing of the package

package.targets += [
    .target(name: "MiddlewareSupport", path: "Sources/MiddlewareSupport"),
    .testTarget(name: "MiddlewareSupportTests", dependencies: ["MiddlewareSupport"]),
]

// MARK: - Runtime

package.targets += [
    .target(name: "Middleware", dependencies: ["MiddlewareSupport"], path: "Sources/Middleware"),
    .target(
        name: "MiddlewareTesting", dependencies: ["Middleware", "MiddlewareSupport"], path: "Sources/MiddlewareTesting"),
    .testTarget(name: "MiddlewareTests", dependencies: ["Middleware", "MiddlewareSupport", "MiddlewareTesting"]),
]

// MARK: - Tooling: the layering check (library, command, plugin). No app target links these.

package.targets += [
    .target(name: "LayeringCheck", dependencies: ["MiddlewareSupport"], path: "Tools/LayeringCheck"),
    // Named like its product: a plugin cannot use an executable target whose product has another
    // name (swiftlang/swift-package-manager#8831).
    .executableTarget(
        name: "layering-check", dependencies: ["LayeringCheck", "MiddlewareSupport"], path: "Tools/layering-check"),
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
        dependencies: ["LayeringCheck", "layering-check", "MiddlewareSupport", "MiddlewareTesting"],
        exclude: ["Fixtures"]
    ),
]

// MARK: - Tooling: the component scaffolder (library, command, plugin)

package.targets += [
    .target(
        name: "ComponentScaffold", dependencies: ["LayeringCheck", "MiddlewareSupport"],
        path: "Tools/ComponentScaffold"),
    .executableTarget(
        name: "new-component",
        dependencies: ["ComponentScaffold", "LayeringCheck", "MiddlewareSupport"],
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
        dependencies: [
            "ComponentScaffold", "LayeringCheck", "Middleware", "MiddlewareSupport", "MiddlewareTesting",
            "new-component",
        ]),
]

// MARK: - Settings shared by every target

for target in package.targets where target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
