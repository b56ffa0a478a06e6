import Foundation

/// One dependency of a target as its manifest declares it, condition included: what
/// `swift package dump-package` keeps and `describe` drops.
public struct DeclaredDependency: Sendable, Codable, Hashable {
    /// How the manifest names it.
    public enum Kind: String, Sendable, Codable {
        /// `.target(name:)`: a target of the same package.
        case target
        /// `.product(name:package:)`: a product of another package.
        case product
        /// A plain string: a target of the same package, else a product of the same name.
        case byName
    }

    /// How the manifest names it.
    public var kind: Kind
    /// The target's or product's name.
    public var name: String
    /// For a product, the package as the manifest names it (its identity or its name).
    public var package: String?
    /// The platforms it is declared for, in SwiftPM's spelling (`macos`, `linux`); `nil` for every
    /// platform.
    public var platforms: [String]?

    /// A dependency on `name`, for every platform unless `platforms` is given.
    public init(kind: Kind, name: String, package: String? = nil, platforms: [String]? = nil) {
        self.kind = kind
        self.name = name
        self.package = package
        self.platforms = platforms
    }
}

/// A package the checked package depends on, directly or not: its products and its targets'
/// declared dependencies, enough to know which modules each product brings.
public struct DependencyPackage: Sendable, Codable, Hashable {
    /// SwiftPM's identity, e.g. `swift-collections`.
    public var identity: String
    /// The name its manifest gives, e.g. `swift-collections`.
    public var name: String
    /// Each library product and the targets it offers.
    public var products: [String: [String]]
    /// Each target and what it declares.
    public var targets: [String: [DeclaredDependency]]
    /// The absolute path of its folder where SwiftPM resolved it, when known.
    public var folder: String?
    /// Whether it is a dependency by path, a folder of the developer's, rather than a checkout of a
    /// URL; `nil` when not known.
    public var isLocal: Bool?

    /// A package as SwiftPM describes it.
    public init(
        identity: String, name: String, products: [String: [String]], targets: [String: [DeclaredDependency]],
        folder: String? = nil, isLocal: Bool? = nil
    ) {
        self.identity = identity
        self.name = name
        self.products = products
        self.targets = targets
        self.folder = folder
        self.isLocal = isLocal
    }

    /// The module name of a target as SwiftPM derives it (`c99name`): every character a Swift
    /// identifier cannot hold at its place replaced by `_`, a leading digit too (`2nd-mod` is `_nd_mod`).
    public static func moduleName(of target: String) -> String {
        var name = ""
        for (index, scalar) in target.unicodeScalars.enumerated() {
            let fits = index == 0 ? scalar.properties.isXIDStart || scalar == "_" : scalar.properties.isXIDContinue
            name.unicodeScalars.append(fits ? scalar : "_")
        }
        return name
    }
}

// MARK: Reading SwiftPM's JSON

/// What `swift package dump-package` says about a package, as far as the check needs it.
struct DumpedManifest {
    var name: String
    /// Each library product and the targets it offers.
    var products: [String: [String]]
    /// Each target and the dependencies it declares.
    var targets: [String: [DeclaredDependency]]
    var dependsOnPackages: Bool
    /// The platforms named in `platforms:`.
    var platforms: [String]
    /// Each target and the names it defines for `#if` in its Swift sources.
    var defines: [String: [SwiftDefine]]
    /// The names of the package's traits.
    var traits: [String]
    /// The traits a plain `swift build` of the package enables: its defaults, and what they enable.
    var defaultTraits: [String]
}

extension DeclaredDependency {
    /// The dependencies of each target in the JSON of `swift package dump-package`, whose entries look
    /// like `{"product": ["Name", "package", aliases, {"platformNames": ["macos"]}]}`,
    /// `{"byName": ["Name", condition]}` and `{"target": ["Name", condition]}`, with what else the check
    /// reads there.
    static func fromDump(_ data: Data) throws(LayeringCheckError) -> DumpedManifest {
        let json = data.firstIndex(of: UInt8(ascii: "{")).map { data[$0...] } ?? data
        guard let root = try? JSONSerialization.jsonObject(with: Data(json)) as? [String: Any],
            let name = root["name"] as? String, let targets = root["targets"] as? [[String: Any]]
        else {
            throw .invalidDescription("`swift package dump-package` printed no package")
        }
        var products: [String: [String]] = [:]
        for product in root["products"] as? [[String: Any]] ?? [] {
            guard let productName = product["name"] as? String, let members = product["targets"] as? [String] else {
                continue
            }
            products[productName] = members
        }
        var declared: [String: [DeclaredDependency]] = [:]
        var defines: [String: [SwiftDefine]] = [:]
        for target in targets {
            guard let targetName = target["name"] as? String else { continue }
            declared[targetName] = (target["dependencies"] as? [[String: Any]] ?? []).compactMap(parse)
            defines[targetName] = SwiftDefine.fromSettings(target["settings"] as? [[String: Any]] ?? [])
        }
        let dependsOnPackages = !(root["dependencies"] as? [Any] ?? []).isEmpty
        let platforms = (root["platforms"] as? [[String: Any]] ?? []).compactMap { $0["platformName"] as? String }
        // The default traits are listed as a trait named `default`, which no `#if` can name.
        let traitEntries = root["traits"] as? [[String: Any]] ?? []
        let traits = traitEntries.compactMap { $0["name"] as? String }.filter { $0 != "default" }
        // Each trait and the traits it enables; the defaults are what `default` enables, and so on.
        var enables: [String: [String]] = [:]
        for entry in traitEntries {
            guard let trait = entry["name"] as? String else { continue }
            enables[trait, default: []] += entry["enabledTraits"] as? [String] ?? []
        }
        var defaultTraits: Set<String> = []
        var pending = enables["default"] ?? []
        while let trait = pending.popLast() {
            if defaultTraits.insert(trait).inserted { pending += enables[trait] ?? [] }
        }
        return DumpedManifest(
            name: name, products: products, targets: declared, dependsOnPackages: dependsOnPackages,
            platforms: platforms, defines: defines, traits: traits, defaultTraits: defaultTraits.sorted())
    }

    private static func parse(_ entry: [String: Any]) -> DeclaredDependency? {
        guard let (key, value) = entry.first, let parts = value as? [Any], let name = parts.first as? String else {
            return nil
        }
        let condition = parts.last as? [String: Any]
        // A condition on traits or configuration alone lists no platform: every platform has it.
        let platforms = (condition?["platformNames"] as? [String]).flatMap { $0.isEmpty ? nil : $0 }
        switch key {
        case "product":
            let package = parts.count > 1 ? parts[1] as? String : nil
            return DeclaredDependency(kind: .product, name: name, package: package, platforms: platforms)
        case "byName": return DeclaredDependency(kind: .byName, name: name, platforms: platforms)
        case "target": return DeclaredDependency(kind: .target, name: name, platforms: platforms)
        default: return nil
        }
    }
}
