/// Where a target sits in the architecture, read from the top-level folder it lives in.
public enum Layer: String, Sendable, Codable, CaseIterable {
    /// `Sources/`: the trunk and base layers and tooling. May not reach up into components or the app.
    case sources
    /// `Components/`: business components. May not reach a sibling or the app.
    case component
    /// `Shell/`: the app. May use everything.
    case shell
    /// `Tests/`: tests and test support.
    case tests
    /// `Plugins/`: package plugins; not checked.
    case plugins
    /// Any other folder; only the undeclared-import rule applies.
    case other

    /// The layer of a target at `targetPath`, relative to the package root.
    public init(targetPath: String) {
        let top = targetPath.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
        switch top {
        case "Sources": self = .sources
        case "Components": self = .component
        case "Shell": self = .shell
        case "Tests": self = .tests
        case "Plugins": self = .plugins
        default: self = .other
        }
    }
}
