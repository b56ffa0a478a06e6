/// The targets of a package as the check needs them: where they live, what they declare, what they contain.
///
/// It decodes the JSON of `swift package describe --type json`; the command plugin writes the same
/// shape from its package context, so both paths share one model.
public struct PackageGraph: Sendable, Codable {
    /// One target of the package.
    public struct Target: Sendable, Codable, Hashable {
        /// The target's name, e.g. `Notes`.
        public var name: String
        /// The module name imports use: the name with characters a module name cannot hold replaced.
        public var moduleName: String
        /// `library`, `executable`, `test`, `plugin`, `macro`…
        public var type: String
        /// The target's folder, relative to the package root.
        public var path: String
        /// The target's Swift sources, relative to ``path``.
        public var sources: [String]
        /// The targets of this package it declares as direct dependencies (plugins it uses included).
        public var dependencies: [String]
        /// For a plugin target, its capability: `buildTool` or `command`.
        public var pluginCapability: String?

        /// Creates a target.
        public init(
            name: String, moduleName: String? = nil, type: String, path: String, sources: [String],
            dependencies: [String], pluginCapability: String? = nil
        ) {
            self.name = name
            self.moduleName = moduleName ?? name
            self.type = type
            self.path = path
            self.sources = sources
            self.dependencies = dependencies
            self.pluginCapability = pluginCapability
        }

        enum CodingKeys: String, CodingKey {
            case name
            case moduleName = "c99name"
            case type
            case path
            case sources
            case dependencies = "target_dependencies"
            case pluginCapability = "plugin_capability"
        }

        private struct Capability: Codable {
            var type: String
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            moduleName = try container.decodeIfPresent(String.self, forKey: .moduleName) ?? name
            type = try container.decode(String.self, forKey: .type)
            path = try container.decode(String.self, forKey: .path)
            sources = try container.decodeIfPresent([String].self, forKey: .sources) ?? []
            dependencies = try container.decodeIfPresent([String].self, forKey: .dependencies) ?? []
            pluginCapability = try container.decodeIfPresent(Capability.self, forKey: .pluginCapability)?.type
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(moduleName, forKey: .moduleName)
            try container.encode(type, forKey: .type)
            try container.encode(path, forKey: .path)
            try container.encode(sources, forKey: .sources)
            try container.encode(dependencies, forKey: .dependencies)
            try container.encodeIfPresent(pluginCapability.map(Capability.init), forKey: .pluginCapability)
        }

        /// Whether the target is a test target.
        public var isTest: Bool { type == "test" }

        /// Whether the target is a package plugin.
        public var isPlugin: Bool { type == "plugin" }

        /// Whether `other`'s folder is this target's folder or inside it.
        func contains(_ other: Target) -> Bool {
            other.path == path || other.path.hasPrefix(path + "/")
        }
    }

    /// The package's name.
    public var name: String
    /// The package's root folder, as an absolute path.
    public var path: String
    /// Every target, in manifest order.
    public var targets: [Target]
    /// Each target's dependencies as the manifest declares them, conditions included; `nil` when the
    /// manifest was not read (a description from elsewhere), so no condition is checked.
    public var declared: [String: [DeclaredDependency]]?
    /// Whether the dependencies are those of this machine only, conditions already applied (what the
    /// command plugin sees): a dependency declared for other platforms is then missing, so an import
    /// under `#if` of a module no dependency brings may still be declared for where it is compiled.
    public var conditionsApplied: Bool?
    /// The platforms its manifest names in `platforms:` (SwiftPM's spelling), `nil` when not read.
    public var namedPlatforms: [String]?
    /// The names each target defines for `#if` in its Swift sources, as SwiftPM ran the manifest;
    /// `nil` when the manifest was not read, so no name's value is known.
    public var defines: [String: [SwiftDefine]]?
    /// The names of the package's traits, each defined for `#if` where whoever builds enables it;
    /// `nil` when not read.
    public var traits: [String]?
    /// The traits a plain `swift build` enables (the package's defaults), whose names are defined;
    /// `nil` when not read.
    public var defaultTraits: [String]?
    /// Each of its products and the targets it offers, as its manifest says; `nil` when not read.
    public var productTargets: [String: [String]]?
    /// The folders, relative to its root, of the packages whose targets were added as its own
    /// (``including(packagesOf:describe:)``); `nil` when the contract names none.
    public var includedPackages: [String]?
    /// The packages it depends on, directly or not; `nil` when they were not read.
    public var packages: [DependencyPackage]?
    /// Why the other packages could not be read, if they could not: their modules go unchecked.
    public var packagesProblem: String?

    /// Creates a graph.
    public init(name: String, path: String, targets: [Target]) {
        self.name = name
        self.path = path
        self.targets = targets
    }
}
