extension Screen {
    /// The screen shown in place of a requirement no router wired, naming it so the hole is obvious.
    ///
    /// - Parameter requirement: The qualified name, e.g. `Shop.require_eventDetail`.
    public static func unavailable(_ requirement: String) -> Screen {
        Screen(
            title: "Unavailable",
            origin: "MallBase",
            body: [
                "\(requirement) is not wired.",
                "This feature needs a router in the app to connect it; run the `audit` command to list every gap.",
            ],
            actions: [.back()]
        )
    }

    /// The ``unavailable(_:)`` screen for the requirement a component's calling function stands for.
    ///
    /// Each component writes, once and in its API file, one function per requirement, named after it
    /// without the `require_` prefix. The function calls the requirement and falls back to this screen,
    /// which takes the requirement's name from the function's own, so no screen spells it:
    ///
    /// ```swift
    /// func eventDetail(_ eventId: EventID, _ eventType: EventType) -> Screen {
    ///     require_eventDetail?(eventId, eventType) ?? .unwired(Self.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - component: The component's type, e.g. `Shop.self`.
    ///   - function: The calling function's name; leave the default.
    public static func unwired(_ component: Any.Type, function: String = #function) -> Screen {
        let base = function.prefix { $0 != "(" }
        return unavailable("\(component).require_\(base)")
    }

    /// The screen shown for an identifier no record matches.
    ///
    /// - Parameters:
    ///   - kind: What was looked up, e.g. `Shop`.
    ///   - identifier: The identifier that matched nothing.
    ///   - origin: The component that looked it up.
    public static func notFound(_ kind: String, _ identifier: String, origin: String) -> Screen {
        Screen(
            title: "\(kind) not found",
            origin: origin,
            body: [
                "No \(kind.lowercased()) has the id '\(identifier)'.",
                "It may have been removed; go back and pick another.",
            ],
            actions: [.back()]
        )
    }
}
