import MallBase
import Middleware

/// Answers that open a require through a route, so a downgrade applies to the require too.
///
/// The compiler checks that the route takes the require's values, in order and by type, so a require
/// answered by a route of other values does not build. Recording, the answer declares the route's
/// pattern and parameter names, and a test holds them to the require's own. The route is read when the
/// require is first called, so wiring at launch builds no route.
extension Wiring where Owner: ComponentRouter {
    /// Answers a require with `route`: its provide, or its web page when the route is downgraded.
    public func route<each Value>(
        _ route: @autoclosure @escaping () -> MallRoute<repeat each Value>
    ) -> Answer<Screen, repeat each Value> {
        let links = router.links
        return Answer(
            { (value: repeat each Value) in links.open(route(), repeat each value) },
            declaring: isRecording ? .route(pattern: route().pattern) : nil,
            valueNames: isRecording ? route().valueNames : nil)
    }

    /// Answers a require whose provide takes a value no link carries (a callback) with `route` for its
    /// first value: natively `native` answers with every value, downgraded the route's web page.
    public func route<A, B>(
        _ route: @autoclosure @escaping () -> MallRoute<A>,
        native: @autoclosure @escaping () -> Provide<Screen, A, B>
    ) -> Answer<Screen, A, B> {
        let links = router.links
        return Answer(
            { a, b in links.open(route(), a) { native()(a, b) } },
            declaring: isRecording ? .route(pattern: route().pattern) : nil,
            valueNames: isRecording ? route().valueNames : nil)
    }
}

extension Route {
    /// The names of the route's parameters, in order.
    fileprivate var valueNames: [String] { parameterDescriptions.map(\.name) }
}
