// swift-tools-version: 6.1
import PackageDescription

// The middleware's fuzz targets: one libFuzzer executable per parser of outside input, each calling
// the parser through the library's public API. A package of their own, so an app that depends on the
// middleware never sees them (run them with `bash Fuzz/run.sh` from the repository's root).

/// `fuzz-<what>` in `<Folder>`, its seeds in `Corpus/fuzz-<what>`.
let fuzzTargets: [(name: String, folder: String, product: String)] = [
    ("fuzz-import-lexer", "ImportLexer", "LayeringCheck"),
    ("fuzz-package-description", "PackageDescription", "LayeringCheck"),
    ("fuzz-layer-contract", "LayerContract", "LayeringCheck"),
    ("fuzz-manifest-text", "ManifestText", "LayeringCheck"),
    ("fuzz-baseline", "Baseline", "LayeringCheck"),
    ("fuzz-scaffold-interface", "ScaffoldInterface", "ComponentScaffold"),
    ("fuzz-component-layout", "ComponentLayout", "ComponentScaffold"),
    ("fuzz-template", "Template", "ComponentScaffold"),
    ("fuzz-deep-link", "DeepLink", "Middleware"),
    ("fuzz-routes-config", "RoutesConfig", "Middleware"),
    ("fuzz-state-file", "StateFile", "Middleware"),
]

let package = Package(
    name: "MiddlewareFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ComponentMiddleware", path: "..")],
    targets: fuzzTargets.map { fuzz in
        .executableTarget(
            name: fuzz.name, dependencies: [.product(name: fuzz.product, package: "ComponentMiddleware")],
            path: fuzz.folder)
    }
)
