import Event
import MallBase
import Middleware
import Shop

/// Wires Event's requirements to Shop, and declares the links into Event.
@MainActor
struct EventRouter: ComponentRouter {
    let component = Event.shared
    /// Every require that leads into a routed provide goes through here, so downgrades apply.
    let links: Links

    static let list = MallRoute("mall://event/list", exposure: .external, opening: Event.Provides.eventList)

    static let detail = MallRoute(
        "mall://event/detail",
        exposure: .external,
        opening: Event.Provides.eventDetail,
        parameters: .identifier("eventId", EventID.self), .choice("eventType", EventType.self),
        example: "e01", .workshop
    )

    static var routes: [AnyRoute<Screen>] { [Self.list.erased, Self.detail.erased] }

    func wire(_ wiring: Wiring<Self>) {
        wiring.wire(Event.Requires.shopDetail, to: ShopRouter.detail)
    }

    var homeEntry: Action {
        .push("Events: what's on") { [links] in links.open(Self.list) }
    }
}
