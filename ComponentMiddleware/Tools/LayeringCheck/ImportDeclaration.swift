/// One `import` declaration found in a Swift source file.
public struct ImportDeclaration: Sendable, Hashable, Codable {
    /// The imported module: the first component of the path (`Tags` in `import struct Tags.Detail`).
    public var module: String
    /// The full imported path, e.g. `Tags.Detail`.
    public var path: String
    /// The import kind for a scoped import (`struct`, `func`…), or `nil` for a whole-module import.
    public var kind: String?
    /// The 1-based line of the declaration's first token (its first attribute or modifier, if any).
    public var line: Int
    /// The 1-based column, in UTF-8 bytes as the compiler counts them, of that token.
    public var column: Int
    /// The `#if` conditions the import stands under, all of which hold where it is compiled; empty
    /// when it is unconditional. Long chains keep only the innermost conditions.
    public var conditions: [ImportCondition]

    /// Creates a declaration.
    public init(
        module: String, path: String, kind: String? = nil, line: Int, column: Int, conditions: [ImportCondition] = []
    ) {
        self.module = module
        self.path = path
        self.kind = kind
        self.line = line
        self.column = column
        self.conditions = conditions
    }

    /// Whether the import may be compiled on `platform` (SwiftPM's spelling: `linux`, `macos`…), given
    /// the platforms its module is declared for: `false` only when a condition rules it out there.
    /// `names` tells whether a name such as `DEBUG` is defined there (`nil`: it may or may not be).
    public func mayBeActive(
        on platform: String, declaredFor platforms: [String]?, names: (String) -> Bool? = { _ in nil }
    ) -> Bool {
        conditions.allSatisfy { $0.value(on: platform, module: module, declaredFor: platforms, names: names) != false }
    }
}

/// A compilation condition of `#if`, as far as platforms go: `os(…)`, `canImport(…)` of the imported
/// module and of system modules that exist on some platforms only (`Darwin`, `Glibc`, `Network`…) are
/// known, and so is a name (`DEBUG`, `FLAG`) where the caller knows what the build defines; anything
/// else (`compiler(>=6)`, `arch(…)`) may be true or false.
public indirect enum ImportCondition: Sendable, Hashable, Codable {
    /// `os(Linux)`, in the compiler's spelling.
    case os(String)
    /// `canImport(Module)`.
    case canImport(String)
    /// `targetEnvironment(macCatalyst)`, `targetEnvironment(simulator)`.
    case targetEnvironment(String)
    /// `true` or `false`, and what reduces to one.
    case constant(Bool)
    /// A name the build may define: `DEBUG`, a `.define` of the manifest, a trait of the package.
    case flag(String)
    /// What the check cannot evaluate (`compiler(…)`, `arch(…)`, a compiler feature), read as
    /// "may hold".
    case unknown
    /// `!condition`.
    case not(ImportCondition)
    /// `a && b && …`, flat, so a long chain is a list and never a deep tree.
    case all([ImportCondition])
    /// `a || b || …`, flat.
    case any([ImportCondition])

    /// System modules that exist on some platforms only, so `canImport` of them names those platforms.
    static let systemModules: [String: Set<String>] = {
        let apple: Set = ["macos", "ios", "tvos", "watchos", "visionos", "maccatalyst", "driverkit"]
        var modules: [String: Set<String>] = [
            "Glibc": ["linux"], "Musl": ["linux"], "Android": ["android"], "Bionic": ["android"],
            "WinSDK": ["windows"], "ucrt": ["windows"], "WASILibc": ["wasi"],
            "UIKit": ["ios", "tvos", "visionos", "maccatalyst"], "AppKit": ["macos"], "WatchKit": ["watchos"],
        ]
        for name in [
            "Darwin", "ObjectiveC", "Network", "Security", "CryptoKit", "os", "OSLog", "Combine", "SwiftUI",
            "CoreGraphics", "CoreServices", "System",
        ] {
            modules[name] = apple
        }
        return modules
    }()

    /// The condition's value on `platform` for an import of `module` declared for `platforms` (`nil`
    /// for every one), or `nil` where it cannot be known. `canImport(module)` holds exactly where the
    /// module is declared; a name has the value `names` gives it.
    func value(
        on platform: String, module: String, declaredFor platforms: [String]?,
        names: (String) -> Bool? = { _ in nil }
    ) -> Bool? {
        switch self {
        case .os(let name):
            // `OSX` and `xrOS` are the older spellings the compiler still accepts.
            let os = ["osx": "macos", "xros": "visionos"][name.lowercased()] ?? name.lowercased()
            return os == platform || (os == "ios" && platform == "maccatalyst")
        case .targetEnvironment(let name):
            // Mac Catalyst is the one environment that is a platform of its own to SwiftPM.
            return name == "macCatalyst" ? platform == "maccatalyst" : nil
        case .canImport(let name):
            if name == module { return platforms?.contains(platform) ?? true }
            return Self.systemModules[name].map { $0.contains(platform) }
        case .constant(let value):
            return value
        case .flag(let name):
            return names(name)
        case .unknown:
            return nil
        case .not(let inner):
            return inner.value(on: platform, module: module, declaredFor: platforms, names: names).map(!)
        case .all(let terms):
            return Self.combine(terms, decidedBy: false) {
                $0.value(on: platform, module: module, declaredFor: platforms, names: names)
            }
        case .any(let terms):
            return Self.combine(terms, decidedBy: true) {
                $0.value(on: platform, module: module, declaredFor: platforms, names: names)
            }
        }
    }

    /// `&&` (`decisive` false) or `||` (`decisive` true) over `terms`: one term with the decisive value
    /// decides the whole, else an unknown term leaves it unknown, else it holds the other value.
    private static func combine(
        _ terms: [ImportCondition], decidedBy decisive: Bool, _ value: (ImportCondition) -> Bool?
    ) -> Bool? {
        var known = true
        for term in terms {
            switch value(term) {
            case decisive?: return decisive
            case nil: known = false
            default: break
            }
        }
        return known ? !decisive : nil
    }
}
