/// The rules the check enforces. The raw value is the id printed after each diagnostic.
public enum Rule: String, Sendable, Codable, CaseIterable {
    /// A component declares a dependency on a sibling component in the manifest.
    case horizontalDependency = "horizontal-dependency"
    /// A component imports a sibling component.
    case horizontalImport = "horizontal-import"
    /// A `Sources/` target depends on a component or the app, or a component on the app.
    case upwardDependency = "upward-dependency"
    /// A `Sources/` target imports a component or the app, or a component imports the app.
    case upwardImport = "upward-import"
    /// A target imports a module of this package it does not declare as a direct dependency.
    case undeclaredImport = "undeclared-import"
    /// A component's test target depends on or imports a sibling component.
    case testIsolation = "test-isolation"
    /// A source file is not valid UTF-8; its imports were read from the readable parts.
    case invalidEncoding = "invalid-utf8"
}
