/// The rules the check enforces. The raw value is the id printed after each diagnostic.
public enum Rule: String, Sendable, Codable, CaseIterable {
    /// A member of an independence group (a component) depends on another, directly or along a chain.
    case horizontalDependency = "horizontal-dependency"
    /// A member of an independence group (a component) imports another.
    case horizontalImport = "horizontal-import"
    /// A target depends on a target in a higher layer, directly or along a chain.
    case upwardDependency = "upward-dependency"
    /// A target imports a target in a higher layer.
    case upwardImport = "upward-import"
    /// A target depends on a target a `forbidden` contract keeps it from, directly or along a chain.
    case forbiddenDependency = "forbidden-dependency"
    /// A target imports a target a `forbidden` contract keeps it from.
    case forbiddenImport = "forbidden-import"
    /// A component's test target reaches a sibling component.
    case testIsolation = "test-isolation"
    /// A target imports a module, of this package or another, that none of its dependencies brings in:
    /// a build hole.
    case undeclaredImport = "undeclared-import"
    /// A target imports a module, of this package or another, that it reaches only through its
    /// dependencies.
    case transitiveImport = "transitive-import"
    /// A target imports a module on a platform its dependency is not declared for (`.when(platforms:)`).
    case conditionalImport = "conditional-import"
    /// A source file is not valid UTF-8; its imports were read from the readable parts.
    case invalidEncoding = "invalid-utf8"
    /// The check cannot see all of a target's sources, module names or defines (a build-tool plugin, a
    /// module alias, a trait).
    case incompleteSources = "incomplete-sources"
    /// An `ignore` entry of the contract matches no finding.
    case unusedIgnore = "unused-ignore"
    /// A baseline entry matches no finding any more.
    case staleBaseline = "stale-baseline"

    /// How serious a finding of this rule is.
    public var severity: Diagnostic.Severity {
        switch self {
        case .horizontalDependency, .horizontalImport, .upwardDependency, .upwardImport, .forbiddenDependency,
            .forbiddenImport, .testIsolation, .undeclaredImport, .conditionalImport:
            .error
        case .transitiveImport, .invalidEncoding, .incompleteSources, .unusedIgnore, .staleBaseline:
            .warning
        }
    }

    /// One line: what the rule reports.
    public var summary: String {
        switch self {
        case .horizontalDependency:
            "A member of an independence group depends on another member, directly or along a chain."
        case .horizontalImport: "A member of an independence group imports another member."
        case .upwardDependency: "A target depends on a target in a higher layer, directly or along a chain."
        case .upwardImport: "A target imports a target in a higher layer."
        case .forbiddenDependency: "A target depends on a target the contract forbids, directly or along a chain."
        case .forbiddenImport: "A target imports a target the contract forbids."
        case .testIsolation: "A member's test target reaches another member of its independence group."
        case .undeclaredImport: "A target imports a module that none of its dependencies provides."
        case .transitiveImport: "A target imports a module it reaches only through its dependencies."
        case .conditionalImport: "A target imports a module on a platform its dependency is not declared for."
        case .invalidEncoding: "A source file is not valid UTF-8."
        case .incompleteSources: "The check cannot see all of a target's sources, module names or defines."
        case .unusedIgnore: "An ignore entry of the contract matches no finding."
        case .staleBaseline: "A baseline entry matches no finding any more."
        }
    }

    /// How to fix a finding of this rule.
    public var help: String {
        switch self {
        case .horizontalDependency, .horizontalImport:
            "Members of an independence group must not know each other: move what both need outside the group, or "
                + "connect them in a target above both (with the component middleware: a require the app's router "
                + "wires to the other component's provide)."
        case .upwardDependency, .upwardImport:
            "A layer may reach only the layers below it: move what both need down, or declare a require that a "
                + "higher layer wires."
        case .forbiddenDependency, .forbiddenImport:
            "Remove the dependency; the contract's forbidden entry gives the reason."
        case .testIsolation:
            "A member's tests use only that member: stub what the others provide, or leave tests out of the group "
                + "with \"includeTests\": false."
        case .undeclaredImport:
            "Add the module's target, or a product of its package that offers it, to the dependencies of the "
                + "importing target in Package.swift; today it builds only when that module happens to be built first."
        case .conditionalImport:
            "Guard the import with #if os(…) or #if canImport(…) for the platforms the dependency is declared for, "
                + "or declare the dependency for every platform."
        case .transitiveImport:
            "Declare the module as a direct dependency, so the import does not break when a dependency changes."
        case .invalidEncoding:
            "Re-save the file as UTF-8; the compiler rejects it as it is."
        case .incompleteSources:
            "Keep generated code's imports to modules the target declares, or check them at build time with "
                + "--explicit-target-dependency-import-check; guard an import that turns on a trait or on a define "
                + "the manifest's own #if chooses with #if canImport(…) too."
        case .unusedIgnore:
            "Remove the ignore entry: the finding it accepted is gone."
        case .staleBaseline:
            "Run with --update-baseline to drop entries for findings that were fixed."
        }
    }
}
