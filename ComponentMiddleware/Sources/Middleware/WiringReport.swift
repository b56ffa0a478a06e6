import MiddlewareSupport

/// The requires of one component and which of them no router wired.
public struct ComponentWiring: Sendable, Hashable {
    /// The component's type name, e.g. `Notes`.
    public var component: String
    /// Every `require_` property the component declares, sorted.
    public var requires: [String]
    /// The requires that are still `nil`, sorted, but for those the router declares unavailable.
    public var unwired: [String]
    /// The requires that are `nil` by the router's choice (``Answer/unavailable``), sorted: not
    /// holes, but what a user of the app will find missing.
    public var unavailable: [String]
    /// The `require_` properties the component declares that its list of requires
    /// (``ComponentAPI/allRequires``) lacks, sorted: no wiring line can assign them and no launch tests
    /// them until the list is derived again.
    public var unlisted: [String]

    /// Creates the wiring of one component.
    public init(
        component: String, requires: [String], unwired: [String], unavailable: [String] = [],
        unlisted: [String] = []
    ) {
        self.component = component
        self.requires = requires
        self.unwired = unwired
        self.unavailable = unavailable
        self.unlisted = unlisted
    }

    /// The wiring with those of `declaredUnavailable` that are `nil` moved from ``unwired`` to
    /// ``unavailable``.
    public func settingAside(_ declaredUnavailable: Set<String>) -> ComponentWiring {
        guard !declaredUnavailable.isEmpty else { return self }
        var wiring = self
        wiring.unwired = unwired.filter { !declaredUnavailable.contains($0) }
        wiring.unavailable = unwired.filter { declaredUnavailable.contains($0) }
        return wiring
    }

    /// Whether every require has an implementation and is in the component's list of requires.
    public var isComplete: Bool { unwired.isEmpty && unlisted.isEmpty }

    /// The unwired requires as `Component.require_name`, the spelling the app shows users.
    public var qualifiedUnwired: [String] { unwired.map { "\(component).\($0)" } }
}

/// The result of a ``WiringAudit``: per component, which requires are still unwired.
public struct WiringReport: Sendable, Hashable {
    /// One entry per audited component, in audit order.
    public var components: [ComponentWiring]

    /// Creates a report from per-component results.
    public init(components: [ComponentWiring]) {
        self.components = components
    }

    /// Whether every require of every component is wired.
    public var isComplete: Bool { components.allSatisfy(\.isComplete) }

    /// Every unwired require as `Component.require_name`, in audit order.
    public var unwired: [String] { components.flatMap(\.qualifiedUnwired) }

    /// The number of requires audited.
    public var requireCount: Int { components.reduce(0) { $0 + $1.requires.count } }

    /// The report as lines of text: one line per component, then one line per hole, then a summary.
    public var lines: [String] {
        var lines: [String] = []
        for wiring in components {
            let wired = wiring.requires.count - wiring.unwired.count - wiring.unavailable.count
            let problems =
                (wiring.unwired.isEmpty ? [] : ["\(wiring.unwired.count) unwired"])
                + (wiring.unavailable.isEmpty ? [] : ["\(wiring.unavailable.count) unavailable"])
                + (wiring.unlisted.isEmpty ? [] : ["\(wiring.unlisted.count) not listed"])
            let status = problems.isEmpty ? "ok" : problems.joined(separator: ", ")
            let noun = wiring.requires.count == 1 ? "require" : "requires"
            lines.append("\(wiring.component): \(wired)/\(wiring.requires.count) \(noun) wired (\(status))")
            for name in wiring.unwired {
                lines.append("  \(wiring.component).\(name) is not wired")
            }
            for name in wiring.unavailable {
                lines.append("  \(wiring.component).\(name) is unavailable: its router says nothing answers it")
            }
            for name in wiring.unlisted {
                lines.append(
                    "  \(wiring.component).\(name) is not in \(wiring.component)'s list of requires, so no wiring line"
                        + " can assign it; derive the list again (new-component --regenerate)")
            }
        }
        let holes = unwired.count
        let unavailableCount = components.reduce(0) { $0 + $1.unavailable.count }
        let unlistedCount = components.reduce(0) { $0 + $1.unlisted.count }
        let requires = String.counted(requireCount, "require")
        let ofComponents = String.counted(components.count, "component")
        if holes > 0 {
            let unavailable =
                unavailableCount == 0
                ? "" : " \(unavailableCount) \(unavailableCount == 1 ? "is" : "are") unavailable by a router's choice."
            lines.append("\(holes) of \(requires) \(holes == 1 ? "is" : "are") not wired.\(unavailable)")
        } else if unlistedCount > 0 || unavailableCount > 0 {
            // Not "all wired": a require the lists lack may be nil where the audit cannot read it, and
            // one declared unavailable is nil.
            let listed = unlistedCount > 0 ? "listed " : ""
            let unavailable =
                unavailableCount == 0
                ? "" : " \(unavailableCount) \(unavailableCount == 1 ? "is" : "are") unavailable by a router's choice."
            lines.append("No \(listed)require of \(ofComponents) is unwired.\(unavailable)")
        } else {
            lines.append(
                requireCount == 1
                    ? "The \(requires) of \(ofComponents) is wired." : "All \(requires) of \(ofComponents) are wired.")
        }
        if unlistedCount > 0 {
            lines.append(
                "\(String.counted(unlistedCount, "require")) \(unlistedCount == 1 ? "is" : "are") missing from"
                    + " \(unlistedCount == 1 ? "its component's list" : "their components' lists").")
        }
        return lines
    }
}

extension WiringReport: CustomStringConvertible {
    /// The report as text, one line per component and per hole.
    public var description: String { lines.joined(separator: "\n") }
}
