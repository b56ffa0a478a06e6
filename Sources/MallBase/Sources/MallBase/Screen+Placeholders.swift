import Middleware

extension Screen {
    /// The screen shown in place of a require no router wired, or one its router declares
    /// unavailable, naming it so the hole is obvious.
    ///
    /// - Parameter require: The qualified name, e.g. `Shop.require_eventDetail`.
    public static func unavailable(_ require: String) -> Screen {
        Screen(
            title: "Unavailable",
            origin: "MallBase",
            body: [
                "\(require) is not wired.",
                "This feature needs a router in the app to connect it; the `audit` command lists every require"
                    + " left unanswered.",
            ],
            actions: [.back()]
        )
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

extension Screen: StubAnswer {
    /// The screen a component preview or a test answers a require with: the call, and who answers it
    /// in the app.
    public static func stub(answering call: RequireCall) -> Screen {
        Screen(
            title: call.qualifiedName,
            origin: "Preview",
            body: [
                call.description,
                "This preview runs \(call.component) alone, so a stub answers this require.",
                "In the app, \(call.answeredBy ?? "the router in Shell/Wiring/\(call.component)/Router/\(call.component)Router.swift") answers it.",
            ],
            actions: [.back()]
        )
    }
}
