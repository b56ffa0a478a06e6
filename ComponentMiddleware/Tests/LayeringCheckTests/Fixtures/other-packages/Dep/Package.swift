// swift-tools-version: 6.0

// The package another one depends on: three modules, offered alone and together.
import PackageDescription
let package = Package(
    name: "Dep",
    products: [
        .library(name: "DequeModule", targets: ["DequeModule"]),
        .library(name: "OrderedCollections", targets: ["OrderedCollections"]),
        .library(name: "Collections", targets: ["DequeModule", "OrderedCollections"]),
    ],
    targets: [
        .target(name: "DequeModule"),
        .target(name: "OrderedCollections", dependencies: ["Utilities"]),
        .target(name: "Utilities"),
    ]
)
