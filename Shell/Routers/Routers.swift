/// Every router of the app, in home-screen order. A component joins the app by adding its router here.
@MainActor
enum Routers {
    /// A router for each component.
    static func all() -> [any ComponentRouter] {
        [
            ShopRouter(),
            EventRouter(),
            GroupbuyRouter(),
            AppointmentRouter(),
        ]
    }
}
