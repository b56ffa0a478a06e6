import Event
import EventRoutes
import MallBase
import MallRouting
import Middleware
import ShopRoutes

/// Wires Event's requires to Shop; the links into Event are `EventRoutes`.
@MainActor
public struct EventRouter: ComponentRouter {
    public let component = Event.shared
    /// Every require that leads into a routed provide goes through here, so downgrades apply.
    public let links: any RouteOpening

    /// Creates the router; its requires open routes through `links`.
    public init(links: any RouteOpening) {
        self.links = links
    }

    public static var routes: [AnyRoute<Screen>] { EventRoutes.all }

    public func wire(_ wiring: Wiring<Self>) -> Wired<Event> {
        wiring.requires(shopDetail: wiring.route(ShopRoutes.detail))
    }

    public var homeEntry: Action {
        .push("Events: what's on") { [links] in links.open(EventRoutes.list) }
    }
}
