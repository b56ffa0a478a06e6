/// Which modules each target of the checked package may import: its own package's targets (known from
/// the description) and the modules of other packages its declared products bring, each with the
/// platforms it is declared for, and every module it reaches along its dependencies.
struct ModuleReach {
    /// A module of another package: the package's name and the products that offer it, fewest targets
    /// first.
    struct Owner {
        /// The package's name, for messages.
        var package: String
        /// Its identity, which `.product(name:package:)` accepts whatever the manifest calls it.
        var identity: String
        var products: [String]
    }

    /// Every module of every other package read; a module of the checked package is not among them.
    private(set) var owners: [String: Owner] = [:]
    /// For each target of the checked package, the modules it declares (its own package's targets
    /// and its products' targets) and the platforms each is declared for, `nil` for every platform.
    private(set) var declared: [String: [String: [String]?]] = [:]
    /// For each target of the checked package, every module of another package it reaches.
    private var reached: [String: Set<String>] = [:]

    /// The platforms an import must build on: every platform but Apple's, and of Apple's those the
    /// manifest names in `platforms:` (all of them when it names none).
    let platforms: [String]

    init(graph: PackageGraph, targets: [String: PackageGraph.Target]) {
        let named = Set(graph.namedPlatforms ?? [])
        let namesApple = !named.isDisjoint(with: Platform.apple)
        platforms = Platform.all.map(\.id).filter { !namesApple || !Platform.apple.contains($0) || named.contains($0) }
        let packages = graph.packages ?? []
        var packageIndex: [String: Int] = [:]
        for (index, package) in packages.enumerated() {
            packageIndex[package.identity.lowercased()] = packageIndex[package.identity.lowercased()] ?? index
            packageIndex[package.name.lowercased()] = packageIndex[package.name.lowercased()] ?? index
        }
        /// The package and product a product dependency names; a plain name is a product of any package.
        func product(_ name: String, in package: String?) -> (package: Int, targets: [String])? {
            if let package, let index = packageIndex[package.lowercased()] {
                return packages[index].products[name].map { (index, $0) }
            }
            for (index, candidate) in packages.enumerated() {
                if let members = candidate.products[name] { return (index, members) }
            }
            return nil
        }
        // Every module of every package, and the products offering it; the checked package's own
        // modules win a clash of names.
        let ownModules = Set(targets.values.map(\.moduleName))
        for package in packages {
            for target in package.targets.keys.sorted() {
                let module = DependencyPackage.moduleName(of: target)
                guard !ownModules.contains(module), owners[module] == nil else { continue }
                let offering = package.products.filter { $0.value.contains(target) }
                    .sorted { ($0.value.count, $0.key) < ($1.value.count, $1.key) }.map(\.key)
                owners[module] = Owner(package: package.name, identity: package.identity, products: offering)
            }
        }
        // The modules each target of another package reaches, itself included; an explicit stack and a
        // memo, so deep or cyclic graphs end.
        var closure: [String: Set<String>] = [:]
        func reach(_ target: String, of package: Int) -> Set<String> {
            let key = "\(package) \(target)"
            if let known = closure[key] { return known }
            var seen: Set<String> = [key]
            var stack = [(package, target)]
            var modules: Set<String> = []
            while let (packageIndex, name) = stack.popLast() {
                let owner = packages[packageIndex]
                modules.insert(DependencyPackage.moduleName(of: name))
                for dependency in owner.targets[name] ?? [] {
                    var next: [(Int, String)] = []
                    switch dependency.kind {
                    case .target:
                        next = [(packageIndex, dependency.name)]
                    case .byName where owner.targets[dependency.name] != nil:
                        next = [(packageIndex, dependency.name)]
                    case .byName, .product:
                        if let found = product(dependency.name, in: dependency.package) {
                            next = found.targets.map { (found.package, $0) }
                        }
                    }
                    for item in next where seen.insert("\(item.0) \(item.1)").inserted {
                        stack.append(item)
                    }
                }
            }
            closure[key] = modules
            return modules
        }
        // What each target of the checked package declares, and reaches through its products.
        var direct: [String: Set<String>] = [:]
        for (name, dependencies) in graph.declared ?? [:] {
            var modules: [String: [String]?] = [:]
            var reachedModules: Set<String> = []
            func declare(_ module: String, _ platforms: [String]?) {
                if let existing = modules[module] {
                    // Declared twice: the union of the platforms; `nil` (every platform) wins.
                    modules[module] = existing.flatMap { old in platforms.map { Array(Set(old + $0)).sorted() } }
                } else {
                    modules[module] = platforms
                }
            }
            for dependency in dependencies {
                if dependency.kind != .product, let target = targets[dependency.name] {
                    declare(target.moduleName, dependency.platforms)
                } else if let found = product(dependency.name, in: dependency.package) {
                    for member in found.targets {
                        declare(DependencyPackage.moduleName(of: member), dependency.platforms)
                        reachedModules.formUnion(reach(member, of: found.package))
                    }
                }
            }
            declared[name] = modules
            direct[name] = reachedModules
        }
        // A target reaches what its own package's dependencies reach, along any chain: each target's
        // set is made once from its dependencies' (depth first, an explicit stack), so a long chain
        // costs its length. A cycle, which SwiftPM refuses, counts what was found before it closed.
        guard !packages.isEmpty else { return }
        var reached: [String: Set<String>] = [:]
        for name in targets.keys.sorted() {
            foldDependencies(from: name, into: &reached) { current in
                (targets[current]?.dependencies ?? []).filter { targets[$0] != nil }
            } fold: { current, dependencies in
                dependencies.reduce(into: direct[current] ?? []) { $0.formUnion($1.value) }
            }
        }
        self.reached = reached
    }

    /// Whether `target` reaches `module` of another package along its dependencies.
    func reaches(_ target: String, _ module: String) -> Bool {
        reached[target]?.contains(module) ?? false
    }
}

/// The platforms SwiftPM knows, in its spelling, most common first, with the names people write.
enum Platform {
    static let apple: Set = ["macos", "ios", "tvos", "watchos", "visionos", "maccatalyst", "driverkit"]

    /// The platform this tool runs on, where SwiftPM compiles the manifest.
    static var host: String {
        #if os(macOS)
            "macos"
        #elseif os(Windows)
            "windows"
        #elseif os(Android)
            "android"
        #elseif os(OpenBSD)
            "openbsd"
        #else
            "linux"
        #endif
    }

    static let all: [(id: String, name: String)] = [
        ("linux", "Linux"), ("macos", "macOS"), ("windows", "Windows"), ("ios", "iOS"), ("android", "Android"),
        ("tvos", "tvOS"), ("watchos", "watchOS"), ("visionos", "visionOS"), ("maccatalyst", "Mac Catalyst"),
        ("wasi", "WASI"), ("openbsd", "OpenBSD"), ("driverkit", "DriverKit"),
    ]

    /// The compilation condition that holds on `id` and on no other platform of `others`:
    /// `os(Linux)`, `targetEnvironment(macCatalyst)`, and `os(iOS)` without Mac Catalyst (where
    /// `os(iOS)` holds too) unless `others` has it.
    static func condition(_ id: String, among others: [String]) -> String {
        switch id {
        case "maccatalyst": "targetEnvironment(macCatalyst)"
        case "driverkit": "os(DriverKit)"
        case "ios" where !others.contains("maccatalyst"): "os(iOS) && !targetEnvironment(macCatalyst)"
        default: "os(\(name(id)))"
        }
    }

    /// The name people write for SwiftPM's `id`.
    static func name(_ id: String) -> String {
        all.first { $0.id == id }?.name ?? id
    }

    /// Up to two names, then how many more: "Linux, Windows and 8 more".
    static func list(_ ids: [String]) -> String {
        let names = ids.map(name)
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        case 2: return "\(names[0]) and \(names[1])"
        default: return "\(names[0]), \(names[1]) and \(names.count - 2) more"
        }
    }
}
