import MallBase
import Middleware

/// Wiring lines that answer a require through a route, so a downgrade applies to the require too.
///
/// One function per number of parameters: the compiler checks that the route takes the require's
/// values, in order and by type, so a require wired to a route of other values does not build. The
/// line records the route's parameter names, and a test holds them to the require's own. The route is
/// read when the require is first called, so wiring at launch builds no route.
extension Wiring where Owner: ComponentRouter {
    /// Wires `require` to `route`.
    public func wire(
        _ require: Require<Owner.Component, () -> Screen>,
        to route: @autoclosure @escaping () -> Route<Screen>
    ) {
        let links = router.links
        answer(
            require, with: { links.open(route()) }, declaring: .route(pattern: route().pattern),
            valueNames: route().valueNames)
    }

    /// Wires `require` to `route`.
    public func wire<A>(
        _ require: Require<Owner.Component, (A) -> Screen>,
        to route: @autoclosure @escaping () -> MallRoute<A>
    ) {
        let links = router.links
        answer(
            require, with: { a in links.open(route(), a) }, declaring: .route(pattern: route().pattern),
            valueNames: route().valueNames)
    }

    /// Wires `require` to `route`.
    public func wire<A, B>(
        _ require: Require<Owner.Component, (A, B) -> Screen>,
        to route: @autoclosure @escaping () -> MallRoute<A, B>
    ) {
        let links = router.links
        answer(
            require, with: { a, b in links.open(route(), a, b) }, declaring: .route(pattern: route().pattern),
            valueNames: route().valueNames)
    }

    /// Wires `require` to `route`.
    public func wire<A, B, C>(
        _ require: Require<Owner.Component, (A, B, C) -> Screen>,
        to route: @autoclosure @escaping () -> MallRoute<A, B, C>
    ) {
        let links = router.links
        answer(
            require, with: { a, b, c in links.open(route(), a, b, c) }, declaring: .route(pattern: route().pattern),
            valueNames: route().valueNames)
    }

    /// Wires `require` to `route`.
    public func wire<A, B, C, D>(
        _ require: Require<Owner.Component, (A, B, C, D) -> Screen>,
        to route: @autoclosure @escaping () -> MallRoute<A, B, C, D>
    ) {
        let links = router.links
        answer(
            require, with: { a, b, c, d in links.open(route(), a, b, c, d) },
            declaring: .route(pattern: route().pattern),
            valueNames: route().valueNames)
    }

    /// Wires `require` to `route`.
    public func wire<A, B, C, D, E>(
        _ require: Require<Owner.Component, (A, B, C, D, E) -> Screen>,
        to route: @autoclosure @escaping () -> MallRoute<A, B, C, D, E>
    ) {
        let links = router.links
        answer(
            require, with: { a, b, c, d, e in links.open(route(), a, b, c, d, e) },
            declaring: .route(pattern: route().pattern),
            valueNames: route().valueNames)
    }

    /// Wires `require` to `route`.
    public func wire<A, B, C, D, E, F>(
        _ require: Require<Owner.Component, (A, B, C, D, E, F) -> Screen>,
        to route: @autoclosure @escaping () -> MallRoute<A, B, C, D, E, F>
    ) {
        let links = router.links
        answer(
            require, with: { a, b, c, d, e, f in links.open(route(), a, b, c, d, e, f) },
            declaring: .route(pattern: route().pattern),
            valueNames: route().valueNames)
    }

    /// Wires `require`, whose provide takes a value no link carries (a callback), to `route` for its
    /// first value: natively `native` answers with every value, downgraded the route's web page.
    public func wire<A, B>(
        _ require: Require<Owner.Component, (A, B) -> Screen>,
        to route: @autoclosure @escaping () -> MallRoute<A>,
        native: @autoclosure @escaping () -> Provide<Screen, A, B>
    ) {
        let links = router.links
        answer(
            require, with: { a, b in links.open(route(), a) { native()(a, b) } },
            declaring: .route(pattern: route().pattern), valueNames: route().valueNames)
    }
}

extension Route {
    /// The names of the route's parameters, in order.
    fileprivate var valueNames: [String] { parameterDescriptions.map(\.name) }
}
