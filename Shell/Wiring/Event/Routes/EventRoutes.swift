import Event
import MallBase
import MallRouting
import Middleware

/// The routes into Event's provides: what a link from outside may open (the external ones), and what
/// routers wire requires to, so a downgrade to the web applies to every way in.
@MainActor
public enum EventRoutes {
    public static let list = MallRoute("mall://event/list", exposure: .external, opening: Event.Provides.eventList)

    public static let detail = MallRoute(
        "mall://event/detail",
        exposure: .external,
        opening: Event.Provides.eventDetail,
        parameters: .identifier("eventId", EventID.self), .choice("eventType", EventType.self),
        example: "e01", .workshop
    )

    /// Every route into Event.
    public static var all: [AnyRoute<Screen>] { [list.erased, detail.erased] }
}
