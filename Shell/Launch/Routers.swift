import AppointmentRouter
import EventRouter
import GroupbuyRouter
import MallRouting
import ShopRouter

/// Every router of the app, in home-screen order. A component joins the app by adding its router here.
@MainActor
enum Routers {
    /// A router for each component, each answering its requires through `links`.
    static func all(links: Links) -> [any ComponentRouter] {
        [
            ShopRouter(links: links),
            EventRouter(links: links),
            GroupbuyRouter(links: links),
            AppointmentRouter(links: links),
        ]
    }
}
