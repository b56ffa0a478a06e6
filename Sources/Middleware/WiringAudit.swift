/// Finds the requirements no router wired.
///
/// A component declares what it needs as optional closure properties whose names start with
/// ``requirementPrefix``. After the routers ran, any such property that is still `nil` is a hole in
/// the middleware: calling it would show an "unavailable" screen instead of the feature. The audit
/// reads the properties by reflection, so a new requirement is covered the moment it is declared.
public enum WiringAudit {
    /// The prefix that marks a stored property as a requirement.
    public static let requirementPrefix = "require_"

    /// Audits the given component singletons, in the order given.
    @MainActor
    public static func audit(_ components: [AnyObject]) -> WiringReport {
        WiringReport(components: components.map(wiring(of:)))
    }

    /// Audits the components behind the given routers, in the order given.
    @MainActor
    public static func audit(_ routers: [any Router]) -> WiringReport {
        audit(routers.map { $0.component as AnyObject })
    }

    /// Lists one component's requirements and which of them are still `nil`.
    @MainActor
    public static func wiring(of component: AnyObject) -> ComponentWiring {
        var requirements: [String] = []
        var unwired: [String] = []
        var mirror: Mirror? = Mirror(reflecting: component)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, label.hasPrefix(requirementPrefix) else { continue }
                requirements.append(label)
                if isNil(child.value) {
                    unwired.append(label)
                }
            }
            mirror = current.superclassMirror
        }
        return ComponentWiring(
            component: String(describing: type(of: component)),
            requirements: requirements.sorted(),
            unwired: unwired.sorted()
        )
    }

    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
