import AppointmentRouter
import EventRouter
import GroupbuyRouter
import MallRouting
import ShopRouter

/// Every component of the app, in home-screen order. A component joins the app by adding its entry here.
@MainActor
enum Routers {
    /// Each component's name and how to make its router: the home screen lists the names without
    /// running any code of the components, so a launch does not touch each component's module for them.
    static let entries: [RouterEntry] = [
        RouterEntry("Shop") { ShopRouter(links: $0) },
        RouterEntry("Event") { EventRouter(links: $0) },
        RouterEntry("Groupbuy") { GroupbuyRouter(links: $0) },
        RouterEntry("Appointment") { AppointmentRouter(links: $0) },
    ]

    /// A router for each component, each answering its requires through `links`.
    static func all(links: Links) -> [any ComponentRouter] {
        entries.map { $0.make(links) }
    }
}

/// A component as the app lists it: its name, and how to make its router.
@MainActor
struct RouterEntry {
    /// The component's name, as its router's ``ComponentRouter/componentName`` spells it (a test holds
    /// every entry to it).
    let name: String
    /// Makes the component's router, answering its requires through the links given.
    let make: @MainActor (Links) -> any ComponentRouter

    /// An entry for the component `name`, whose router `make` makes.
    init(_ name: String, make: @escaping @MainActor (Links) -> any ComponentRouter) {
        self.name = name
        self.make = make
    }
}
