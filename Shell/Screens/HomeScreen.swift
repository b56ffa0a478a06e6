import MallBase
import Middleware

/// The app's first screen: one entry per registered component.
@MainActor
enum HomeScreen {
    static let title = "Mall"

    static func make(routers: [any ComponentRouter]) -> Screen {
        let names = routers.map { $0.componentName }.joined(separator: ", ")
        return Screen(
            title: title,
            origin: "Shell",
            body: ["Welcome to the mall. \(routers.count) components: \(names)."],
            actions: routers.map(\.homeEntry)
        )
    }
}
