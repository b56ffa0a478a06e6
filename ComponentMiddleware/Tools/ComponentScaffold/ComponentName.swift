/// A validated name for a new business component: an UpperCamelCase Swift identifier that is not a
/// keyword, a standard module or a target of the package, and whose targets and types (`Coupon`,
/// `CouponTests`, whatever the app's templates declare) clash with no name the new code can see.
public struct ComponentName: Sendable, Hashable, CustomStringConvertible {
    /// The name, e.g. `Coupon`.
    public let value: String

    /// The name with its first letter lowercased, for `provide_couponHome`.
    public var lowerCamel: String { value.prefix(1).lowercased() + value.dropFirst() }

    /// The name.
    public var description: String { value }

    /// Modules a component must not shadow: the toolchain's and the platforms'.
    static let standardModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "Testing", "XCTest", "Dispatch", "Glibc", "Musl", "Darwin", "Android", "Bionic", "WASILibc",
        "WinSDK", "ucrt", "CRT", "ObjectiveC", "CoreFoundation", "Combine", "SwiftUI", "UIKit", "AppKit",
        "Observation", "Synchronization", "RegexBuilder", "Distributed", "Cxx", "CxxStdlib", "SwiftShims",
        "PackageDescription", "PackagePlugin", "SwiftOnoneSupport", "StdlibUnittest",
    ]

    /// Names that change how SwiftPM reads the target (`Main.swift` is taken for its `main.swift`,
    /// `LinuxMain.swift` for a test manifest), or that the derived code declares inside every component
    /// (`Provides`, `Requires`). An app reserves more in its `components.json` (`scaffold.reserved`).
    static let reserved: [String: String] = [
        "Main": "SwiftPM would take a target's Main.swift for its main.swift, and it would not link",
        "LinuxMain": "SwiftPM reads a file named LinuxMain.swift as a test manifest",
        "Component": "in every router, Component is the type of the router's component (the Router protocol's)",
        "Provides": "each component's derived file declares a nested 'Provides', which would hide the component",
        "Requires": "each component's derived file declares a nested 'Requires', which would hide the component",
    ]

    /// The targets of the middleware's own package, which is in the package graph of every app that
    /// uses this tool: SwiftPM wants target names unique across the graph, so none may name a
    /// component or one of its targets. `ComponentNameTests` keeps the list equal to the manifest's.
    public static let middlewareTargets: Set<String> = [
        "Middleware", "MiddlewareTesting", "MiddlewareSupport", "MiddlewareSupportTests", "MiddlewareTests",
        "LayeringCheck", "layering-check", "CheckLayering", "LayeringCheckTests", "ComponentScaffold",
        "new-component", "NewComponent", "ComponentScaffoldTests",
    ]

    /// The public top-level types of the middleware's libraries, which the code of every component
    /// sees: a component's own type of the same name would make the name ambiguous.
    /// `MiddlewareTypeNamesTests` keeps the list equal to what the libraries declare.
    public static let middlewareTypes: Set<String> = [
        "Answer", "AnyRequire", "AnyRoute", "ArgumentReader", "AsyncAnswer", "AsyncProvide", "Caller",
        "ComponentAPI", "ComponentWiring", "DeepLink", "ExitCode", "Exposure", "Fetched", "FreshComponents",
        "GraphText", "Graphviz", "KeptState", "KeptStateWork", "ManualClock", "Output", "Parameter", "Provide",
        "ReadableJSON", "ReadableState", "RecordSource", "Records", "Require", "RequireCall", "ResolvedLink", "Route",
        "RouteConfiguration", "RouteConfigurationError", "RouteError", "RouteHelp", "RouteParameter", "RouteTable",
        "Router",
        "SeededGenerator", "SourceAnswer", "SourceFailure", "StateCheck", "StateFile", "StateFolder", "StoredState",
        "StubAnswer", "StubBehavior", "StubFailure", "Subprocess", "TemplateProblem", "TestText", "UnwiredRequire",
        "UsageError", "WebTemplate", "Wire", "WireAnswer", "Wired", "Wiring", "WiringAudit", "WiringReport",
        "WorkClock",
    ]

    /// Capitalised words Swift reserves.
    static let keywords: Set<String> = ["Self", "Any", "Type", "Protocol", "Sendable", "Never", "Void", "Error"]

    /// The longest accepted name.
    static let maximumLength = 48

    /// Validates `text` against the rules and the package's names.
    ///
    /// - Parameters:
    ///   - existingNames: The package's target and module names.
    ///   - reserved: Names the app keeps for itself, each with the reason a refusal gives.
    public init(
        _ text: String, existingNames: Set<String> = [], reserved: [String: String] = [:]
    ) throws(ScaffoldError) {
        guard !text.isEmpty else {
            throw ScaffoldError("a component name is required, e.g. new-component Coupon")
        }
        guard text.count <= Self.maximumLength else {
            throw ScaffoldError(
                "'\(text.prefix(20))…' is \(text.count) characters long; use at most \(Self.maximumLength)")
        }
        let isIdentifier =
            text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            && !(text.first?.isNumber ?? true)
        guard isIdentifier else {
            throw ScaffoldError(
                "'\(Self.printable(text))' is not a Swift identifier in UpperCamelCase; use ASCII letters and digits,"
                    + " starting with an uppercase letter, e.g. Coupon or GiftCard"
            )
        }
        guard text.first?.isUppercase == true else {
            let suggestion = text.prefix(1).uppercased() + text.dropFirst()
            let isFree =
                (try? ComponentName(suggestion, existingNames: existingNames, reserved: reserved)) != nil
            throw ScaffoldError(
                "'\(text)' is not UpperCamelCase; "
                    + (isFree
                        ? "did you mean '\(suggestion)'?" : "start it with a capital letter, e.g. Coupon or GiftCard")
            )
        }
        guard text.count > 1, text != text.uppercased() else {
            throw ScaffoldError("'\(text)' is all capitals; name a component like a type, e.g. Coupon or GiftCard")
        }
        guard !Self.keywords.contains(text) else {
            throw ScaffoldError("'\(text)' is a Swift keyword or a standard type; choose another name")
        }
        let reasons = Self.reserved.merging(reserved) { library, _ in library }
        if let reason = reasons.first(where: { $0.key.lowercased() == text.lowercased() })?.value {
            throw ScaffoldError("'\(text)' is reserved: \(reason); choose another name")
        }
        guard !Self.standardModules.contains(text) else {
            throw ScaffoldError("'\(text)' is a standard module; a component with that name would shadow it")
        }
        if let suffix = ["Tests", "Preview"].first(where: { text.hasSuffix($0) }) {
            throw ScaffoldError(
                "'\(text)' ends in '\(suffix)', which names test and preview targets (layers.json places "
                    + "'*\(suffix)' targets by that ending); choose another name")
        }
        if let twin = existingNames.sorted().first(where: { $0 != text && $0.lowercased() == text.lowercased() }) {
            throw ScaffoldError(
                "'\(text)' differs from the existing '\(twin)' only in case; their folders clash on a case-insensitive"
                    + " disk; choose another name")
        }
        if let name = Self.middlewareTargets.first(where: { $0.lowercased() == text.lowercased() }) {
            throw Self.middlewareTarget(name)
        }
        if existingNames.contains(text) {
            throw ScaffoldError("'\(text)' is already a target or module of this package; choose another name")
        }
        value = text
    }

    /// Refuses the component if a target or type it adds (`added`) clashes with a name the package or
    /// its new code already has.
    ///
    /// - Parameters:
    ///   - existingNames: The package's target and module names.
    ///   - visibleTypes: The top-level types the new code can see besides the toolchain's.
    func refuseClashes(
        adding added: Set<String>, existingNames: Set<String>, visibleTypes: Set<String>
    ) throws(ScaffoldError) {
        let generated = added.sorted()
        let middlewareTargets = Set(Self.middlewareTargets.map { $0.lowercased() })
        for name in generated where middlewareTargets.contains(name.lowercased()) {
            throw Self.middlewareTarget(name)
        }
        for name in generated where existingNames.contains(name) {
            throw ScaffoldError("'\(name)' is already a target or module of this package; choose another name")
        }
        for name in generated where Self.middlewareTypes.contains(name) {
            throw ScaffoldError(
                "the component would declare '\(name)', which the middleware declares too, so every component"
                    + " would see two; choose another name")
        }
        for name in generated where ToolchainNames.all.contains(name) {
            throw ScaffoldError(
                "the component would declare '\(name)', which shadows the standard type '\(name)'; choose another name")
        }
        for name in generated where visibleTypes.contains(name) {
            throw ScaffoldError(
                "the component would declare '\(name)', a type this package already has; choose another name")
        }
    }

    private static func middlewareTarget(_ name: String) -> ScaffoldError {
        ScaffoldError(
            "'\(name)' is a target of the middleware's package, which every app's package graph holds, and"
                + " SwiftPM wants target names unique across it; choose another name")
    }

    /// The text with control and non-ASCII characters escaped, safe to echo in a message.
    static func printable(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(40).map { scalar -> String in
            scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F
                ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
        return shown.joined() + (text.unicodeScalars.count > 40 ? "…" : "")
    }
}
