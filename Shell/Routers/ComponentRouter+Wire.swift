import MallBase
import Middleware

/// Wiring lines that answer a require through a route, so a downgrade applies to the require too.
///
/// One function per number of parameters: the compiler checks that the route takes the require's
/// values, in order and by type, so a require wired to a route of other values does not build. The
/// wire records the route's parameter names, and a test holds them to the require's own.
extension ComponentRouter {
    /// Wires `requirement` to `route`.
    func wire(
        _ requirement: ReferenceWritableKeyPath<Component, (() -> Screen)?>,
        to route: Route<Screen>
    ) -> Wire {
        let links = links
        return Wire(
            requirement, answer: .route(pattern: route.pattern), valueNames: route.valueNames,
            closure: { links.open(route) })
    }

    /// Wires `requirement` to `route`.
    func wire<A>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A) -> Screen)?>,
        to route: MallRoute<A>
    ) -> Wire {
        let links = links
        return Wire(
            requirement, answer: .route(pattern: route.pattern), valueNames: route.valueNames,
            closure: { a in links.open(route, a) })
    }

    /// Wires `requirement` to `route`.
    func wire<A, B>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B) -> Screen)?>,
        to route: MallRoute<A, B>
    ) -> Wire {
        let links = links
        return Wire(
            requirement, answer: .route(pattern: route.pattern), valueNames: route.valueNames,
            closure: { a, b in links.open(route, a, b) })
    }

    /// Wires `requirement` to `route`.
    func wire<A, B, C>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C) -> Screen)?>,
        to route: MallRoute<A, B, C>
    ) -> Wire {
        let links = links
        return Wire(
            requirement, answer: .route(pattern: route.pattern), valueNames: route.valueNames,
            closure: { a, b, c in links.open(route, a, b, c) })
    }

    /// Wires `requirement` to `route`.
    func wire<A, B, C, D>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D) -> Screen)?>,
        to route: MallRoute<A, B, C, D>
    ) -> Wire {
        let links = links
        return Wire(
            requirement, answer: .route(pattern: route.pattern), valueNames: route.valueNames,
            closure: { a, b, c, d in links.open(route, a, b, c, d) })
    }

    /// Wires `requirement` to `route`.
    func wire<A, B, C, D, E>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D, E) -> Screen)?>,
        to route: MallRoute<A, B, C, D, E>
    ) -> Wire {
        let links = links
        return Wire(
            requirement, answer: .route(pattern: route.pattern), valueNames: route.valueNames,
            closure: { a, b, c, d, e in links.open(route, a, b, c, d, e) })
    }

    /// Wires `requirement` to `route`.
    func wire<A, B, C, D, E, F>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B, C, D, E, F) -> Screen)?>,
        to route: MallRoute<A, B, C, D, E, F>
    ) -> Wire {
        let links = links
        return Wire(
            requirement, answer: .route(pattern: route.pattern), valueNames: route.valueNames,
            closure: { a, b, c, d, e, f in links.open(route, a, b, c, d, e, f) })
    }

    /// Wires `requirement`, whose provide takes a value no link carries (a callback), to `route` for
    /// its first value: natively `native` answers with every value, downgraded the route's web page.
    func wire<A, B>(
        _ requirement: ReferenceWritableKeyPath<Component, ((A, B) -> Screen)?>,
        to route: MallRoute<A>,
        native: Provide<Screen, A, B>
    ) -> Wire {
        let links = links
        return Wire(requirement, answer: .route(pattern: route.pattern), valueNames: route.valueNames) { a, b in
            links.open(route, a) { native(a, b) }
        }
    }
}

extension Route {
    /// The names of the route's parameters, in order.
    fileprivate var valueNames: [String] { parameterDescriptions.map(\.name) }
}
