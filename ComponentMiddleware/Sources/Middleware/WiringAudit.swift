/// Finds the requires no router wired.
///
/// A component declares what it needs as optional closure properties whose names start with
/// ``requirePrefix``. After the routers ran, any such property that is still `nil` is a hole in
/// the middleware, unless its router declares it unavailable (``Answer/unavailable``): calling it
/// would show an "unavailable" screen instead of the feature. The audit
/// reads each component's generated ``ComponentAPI/unwiredRequires``, which tests each require
/// declared in its API file and is checked against it, so a new require is covered the moment it
/// is declared and the file regenerated.
public enum WiringAudit {
    /// The prefix that marks a stored property as a require.
    public static let requirePrefix = "require_"

    /// Audits the components behind the given routers, in the order given.
    @MainActor
    public static func audit(_ routers: [any Router]) -> WiringReport {
        // Each router is asked where the array holds it, as `configure(_:)` calls it.
        WiringReport(components: routers.indices.map { routers[$0].audit })
    }

    /// The components behind the given routers that have a require still `nil`, in the order
    /// given: what a launch warns of, without listing the requires of the components that are whole.
    @MainActor
    public static func holes(_ routers: [any Router]) -> WiringReport {
        var holes: [ComponentWiring] = []
        for index in routers.indices {
            if let hole = routers[index].holes { holes.append(hole) }
        }
        return WiringReport(components: holes)
    }

    /// Configures the given routers (``Router/configure()``) and returns the components left with a hole
    /// once all of them ran, in the order given: what getting every component ready at once runs
    /// (an app's strict launch). A router that leaves a hole is asked again at the end, since a router after it
    /// may wire the same component; and where a configure ran inside another's lines, which may have
    /// unwired a component configured before it, every component is read back. A configure that starts
    /// outside every count (one a router's `component` runs while the holes are read at the end) is not
    /// seen here; ``holes(_:)`` and an app's audit command read every require back.
    @MainActor
    public static func configure(_ routers: [any Router]) -> WiringReport {
        let nestedCounts = WireTally.nestedCounts
        var incomplete: [Int] = []
        // Each router is called where the array holds it: a loop over the elements would copy each out,
        // running code of each router's own type (its value witnesses) once per component.
        for index in routers.indices where !routers[index].configure() {
            incomplete.append(index)
        }
        guard WireTally.nestedCounts == nestedCounts else { return holes(routers) }
        return WiringReport(components: incomplete.compactMap { routers[$0].holes })
    }

    /// Lists one component's requires and which of them are still `nil`, and any `require_`
    /// property the component declares that its list of requires lacks.
    ///
    /// The list is derived from the API file, but a hand-written one, or a derived file not generated
    /// again after a require was added, can lack one; the wiring would then neither assign nor test it.
    /// So the audit reads the component's stored properties through `Mirror`, the standard library's
    /// reflection (its superclasses' too, a `lazy` one and one behind a property wrapper by its own
    /// name), and reports each one missing from the list, as unwired too when it can tell it is `nil`.
    /// A launch's look for holes (``holes(_:)``) does not pay for this; an app's audit command, a preview's and a
    /// test's do.
    @MainActor
    public static func wiring<Component: ComponentAPI>(of component: Component) -> ComponentWiring {
        let listed = Component.requireNames
        let known = Set(listed)
        let unlisted = declaredRequires(of: component).filter { !known.contains($0.name) }
        return ComponentWiring(
            component: Component.componentName,
            requires: (listed + unlisted.map(\.name)).sorted(),
            unwired: (component.unwiredRequires + unlisted.filter { $0.isNil == true }.map(\.name)).sorted(),
            unlisted: unlisted.map(\.name).sorted()
        )
    }

    /// The `require_` properties `component` stores, by their declared names, each with whether it is
    /// `nil`, or `nil` for a value the audit cannot read (a `lazy` one not yet used, one behind a
    /// property wrapper).
    static func declaredRequires(of component: AnyObject) -> [(name: String, isNil: Bool?)] {
        var found: [(name: String, isNil: Bool?)] = []
        var mirror: Mirror? = Mirror(reflecting: component)
        while let current = mirror {
            for child in current.children {
                // The label first: naming a value's type, or reflecting it, looks its type up among every
                // conformance the program has, for each type the first time, which at a thousand
                // components made the audit ten times slower.
                guard let label = child.label, isRequireLabel(label),
                    // Only a slot that holds a closure is a require: `_require_cache: [String: Int]` is not.
                    holdsClosure(child.value)
                else { continue }
                let value = Mirror(reflecting: child.value)
                if label.hasPrefix(lazyStoragePrefix + requirePrefix) {
                    // The storage of a `lazy var`: `nil` until first used, then what it holds.
                    let stored = value.children.first.map { Mirror(reflecting: $0.value) }
                    found.append((String(label.dropFirst(lazyStoragePrefix.count)), stored.map(isNil)))
                } else if label.hasPrefix("_" + requirePrefix) {
                    found.append((String(label.dropFirst()), nil))  // a property wrapper's storage
                } else if label.hasPrefix(requirePrefix) {
                    found.append((label, value.displayStyle == .optional ? isNil(value) : false))
                }
            }
            mirror = current.superclassMirror
        }
        return found
    }

    /// Whether `label` names a require's storage: its own, a `lazy` one's, or a property wrapper's.
    private static func isRequireLabel(_ label: String) -> Bool {
        label.hasPrefix(requirePrefix) || label.hasPrefix("_" + requirePrefix)
            || label.hasPrefix(lazyStoragePrefix + requirePrefix)
    }

    /// Whether `value`'s type has a function type in it: an optional closure, the storage of a lazy
    /// one, or a property wrapper around one, as the type's own description spells it.
    private static func holdsClosure(_ value: Any) -> Bool {
        String(describing: type(of: value)).contains(" -> ")
    }

    /// How the compiler names the storage of a `lazy var`, as `Mirror` shows it.
    private static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// Whether a reflected optional holds nothing.
    private static func isNil(_ value: Mirror) -> Bool {
        value.displayStyle == .optional && value.children.isEmpty
    }
}
