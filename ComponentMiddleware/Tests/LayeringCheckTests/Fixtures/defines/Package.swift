// swift-tools-version: 6.1
// swift-format-ignore-file
import PackageDescription

// Every target but `Linux` declares `Linux` for Linux only and imports it under `#if` of names the
// manifest defines, in each of the ways a manifest can: where the names hold decides where each
// import is compiled. The formatter leaves the file alone: its odd layouts are what the test reads.
let linux: Target.Dependency = .target(name: "Linux", condition: .when(platforms: [.linux]))
let forLinux: [Platform] = [.linux]

#if os(Linux)
let hostSettings: [SwiftSetting] = [.define("HOST_FLAG")]
#else
let hostSettings: [SwiftSetting] = []
#endif

let package = Package(
    name: "Defines",
    traits: [.trait(name: "Extra")],
    targets: [
        .target(name: "Linux"),
        .target(
            name: "FlagForLinux", dependencies: [linux], swiftSettings: [.define("FLAG", .when(platforms: forLinux))]),
        .target(name: "FlagEverywhere", dependencies: [linux], swiftSettings: [.define("FLAG")]),
        .target(
            name: "Flags", dependencies: [linux], cSettings: [.define("TO_VALUE", to: "1")],
            swiftSettings: [
                .unsafeFlags(["-D", "SPACED", "-DJOINED", "-Xcc", "-DC_ONLY"], .when(platforms: [.linux]))
            ]),
        .target(
            name: "Configurations", dependencies: [linux],
            swiftSettings: [
                .define("DEBUG_ON_LINUX", .when(platforms: [.linux], configuration: .debug)),
                .define("RELEASE", .when(configuration: .release)),
            ]),
        .target(
            name: "Traits", dependencies: [linux], swiftSettings: [.define("WITH_EXTRA", .when(traits: ["Extra"]))]),
        .target(name: "HostBranch", dependencies: [linux], swiftSettings: hostSettings),
        .target(
            name: "Odd", dependencies: [linux],
            swiftSettings: [
                .define(/* a comment */ "COMMENTED"  // and another
                ),
                .define(
                    "MULTILINE",
                    .when(platforms: [.linux])
                ),
                .define("INTER\("POLATED")"),
                .define(#"RAW"#),
                .define("BOTH", .when(platforms: [.linux], configuration: .release)),
                .define("EMPTY", .when(platforms: [])),
                .define("TWICE"), .define("TWICE", .when(platforms: [.linux])),
                .define("ALSO_FLAG"),
                .unsafeFlags(["-DALSO_FLAG"]),
            ]),
    ]
)
