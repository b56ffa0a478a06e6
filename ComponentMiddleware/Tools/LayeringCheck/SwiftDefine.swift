/// A name a target's manifest defines for the `#if` of its Swift sources, `.define("X")` or `-D X`
/// among its `unsafeFlags`, with the platforms, configuration and traits it is defined under: what
/// `swift package dump-package` says once SwiftPM has run the manifest, variables, loops and computed
/// arrays included.
public struct SwiftDefine: Sendable, Codable, Hashable {
    /// The name defined, e.g. `FLAG` for `.define("FLAG")`.
    public var name: String
    /// The platforms it is defined on, in SwiftPM's spelling; `nil`, or none, for every platform.
    public var platforms: [String]?
    /// The configuration it is defined in; `nil` for both.
    public var configuration: BuildConfiguration?
    /// The traits of which one must be enabled for it to be defined; `nil` when it asks for none.
    public var traits: [String]?

    /// A define of `name`, on every platform, configuration and trait unless they are given.
    public init(
        name: String, platforms: [String]? = nil, configuration: BuildConfiguration? = nil, traits: [String]? = nil
    ) {
        self.name = name
        self.platforms = platforms
        self.configuration = configuration
        self.traits = traits
    }

    /// Whether it is defined on `platform` in `configuration`, traits aside.
    func applies(on platform: String, in configuration: BuildConfiguration) -> Bool {
        (platforms.map { $0.isEmpty || $0.contains(platform) } ?? true)
            && (self.configuration ?? configuration) == configuration
    }
}

/// A build configuration of SwiftPM: `swift build` builds debug, `swift build -c release` release.
public enum BuildConfiguration: String, Sendable, Codable, CaseIterable {
    /// `swift build`: `DEBUG` is defined.
    case debug
    /// `swift build -c release`.
    case release
}

// MARK: Reading SwiftPM's JSON

extension SwiftDefine {
    /// The Swift defines among a target's `settings` in the JSON of `swift package dump-package`,
    /// whose entries look like `{"tool": "swift", "kind": {"define": {"_0": "X"}}, "condition":
    /// {"platformNames": ["linux"], "config": "debug", "traits": ["T"]}}`, or
    /// `{"unsafeFlags": {"_0": ["-D", "X"]}}` as the kind. Settings of C, C++ and the linker define
    /// nothing for `#if` in Swift; anything of another shape is passed over.
    static func fromSettings(_ settings: [[String: Any]]) -> [SwiftDefine] {
        var defines: [SwiftDefine] = []
        for setting in settings where setting["tool"] as? String == "swift" {
            guard let kind = setting["kind"] as? [String: Any], kind.count == 1, let (key, value) = kind.first else {
                continue
            }
            let argument = (value as? [String: Any])?["_0"]
            let names: [String]
            switch key {
            case "define": names = (argument as? String).map { [$0] } ?? []
            case "unsafeFlags": names = Self.names(definedBy: argument as? [String] ?? [])
            default: continue
            }
            let condition = setting["condition"] as? [String: Any]
            var configuration: BuildConfiguration?
            if let config = condition?["config"] {
                // A configuration SwiftPM may add one day is neither debug nor release: never either.
                guard let known = (config as? String).flatMap(BuildConfiguration.init(rawValue:)) else { continue }
                configuration = known
            }
            // An empty list asks for nothing, as SwiftPM reads it: every platform, whatever traits.
            let platforms = (condition?["platformNames"] as? [String]).flatMap { $0.isEmpty ? nil : $0 }
            let traits = (condition?["traits"] as? [String]).flatMap { $0.isEmpty ? nil : $0 }
            defines += names.map {
                SwiftDefine(name: $0, platforms: platforms, configuration: configuration, traits: traits)
            }
        }
        return defines
    }

    /// The names `-D X` and `-DX` define among compiler flags. The argument of a flag for another tool
    /// (`-Xcc -DX` defines a C macro) is passed over; `-Xfrontend` hands the frontend the next flag,
    /// which is read like the others.
    static func names(definedBy flags: [String]) -> [String] {
        var names: [String] = []
        var index = 0
        while index < flags.count {
            let flag = flags[index]
            index += 1
            if otherToolsFlags.contains(flag) {
                index += 1
            } else if flag == "-D" {
                if index < flags.count { names.append(flags[index]) }
                index += 1
            } else if flag.hasPrefix("-D") {
                names.append(String(flag.dropFirst(2)))
            }
        }
        return names
    }

    /// Flags whose argument goes to another tool than the Swift compiler.
    private static let otherToolsFlags: Set = ["-Xcc", "-Xclang-linker", "-Xlinker", "-Xllvm"]
}
