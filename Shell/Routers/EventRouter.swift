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

    static let list = MallRoute(
        "mall://event/list", exposure: .external, provide: "Event.provide_eventList()"
    ) {
        Event.shared.provide_eventList()
    }

    static let detail = MallRoute(
        "mall://event/detail",
        exposure: .external,
        provide: "Event.provide_eventDetail(eventId:eventType:)",
        parameters: .identifier("eventId", EventID.self), .choice("eventType", EventType.self),
        example: "e01", .workshop
    ) { eventId, eventType in
        Event.shared.provide_eventDetail(eventId: eventId, eventType: eventType)
    }

    var routes: [AnyRoute<Screen>] { [Self.list.erased, Self.detail.erased] }

    var wiring: [Wiring] { [.route("require_shopDetail", ShopRouter.detail)] }

    var homeEntry: Action {
        .push("Events: what's on") { [links] in links.open(Self.list) }
    }

    func configure() {
        let links = links
        component.require_shopDetail = { shopId in
            links.open(ShopRouter.detail, shopId)
        }
    }
}
