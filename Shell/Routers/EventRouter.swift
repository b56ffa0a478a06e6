import Event
import MallBase
import Shop

/// Wires Event's requirements to Shop.
@MainActor
struct EventRouter: ComponentRouter {
    let component = Event.shared

    var homeEntry: Action {
        .push("Events: what's on") { Event.shared.provide_eventList() }
    }

    func configure() {
        component.require_shopDetail = { shopId in
            Shop.shared.provide_shopDetail(shopId: shopId)
        }
    }
}
