import MallBase
import Middleware
import Support

/// The app's first screen: one entry per registered component, or, past ``maximumEntries``
/// components, groups of them in the routers' order that open one level further each.
///
/// A screen lists at most ``maximumEntries`` numbered choices, so every screen of the home fits a
/// 24-line terminal with room for the prompt, and any component is a choice per level away: three
/// at 1,004 components (groups of 144, then of 12). The groups are plain actions, so the commands
/// are those of every other screen. A group's screen is built when it is opened, and its entries
/// (each router's ``ComponentRouter/homeEntry``) then: a launch builds only the first screen's.
@MainActor
enum HomeScreen {
    static let title = "Mall"

    /// The most numbered choices the home screen, or one of its groups, lists.
    static let maximumEntries = 12

    static func make(routers: [any ComponentRouter]) -> Screen {
        guard routers.count > maximumEntries else {
            let names = routers.map { $0.componentName }.joined(separator: ", ")
            return Screen(
                title: title,
                origin: "Shell",
                body: ["Welcome to the mall. \(routers.count) components: \(names)."],
                actions: routers.map(\.homeEntry)
            )
        }
        return Screen(
            title: title,
            origin: "Shell",
            body: ["Welcome to the mall. \(routers.count) components, in groups; choose one to see its components."],
            actions: groups(routers[...])
        )
    }

    /// One push per group of `routers`, in order and of near-equal sizes: as few groups as keep each
    /// within a power of ``maximumEntries``, so the levels below are as few as they can be.
    private static func groups(_ routers: ArraySlice<any ComponentRouter>) -> [Action] {
        var size = 1
        while routers.count > size * maximumEntries {
            size *= maximumEntries
        }
        let count = (routers.count + size - 1) / size
        return (0..<count).map { index in
            let start = routers.startIndex + routers.count * index / count
            let end = routers.startIndex + routers.count * (index + 1) / count
            let group = routers[start..<end]
            let label = label(of: group)
            return .push("\(label) (\(String.counted(group.count, "component")))") {
                screen(of: group, titled: label)
            }
        }
    }

    /// A group's screen: its components' entries, or groups of them where they are too many.
    private static func screen(of group: ArraySlice<any ComponentRouter>, titled title: String) -> Screen {
        Screen(
            title: title,
            origin: "Shell",
            body: ["\(String.counted(group.count, "component")), in the order of the home screen."],
            actions: group.count > maximumEntries ? groups(group) : group.map(\.homeEntry)
        )
    }

    /// The first and last component names of a group, e.g. `Coupon0001 – Coupon0144`.
    private static func label(of group: ArraySlice<any ComponentRouter>) -> String {
        guard let first = group.first, let last = group.last, group.count > 1 else {
            return group.first?.componentName ?? ""
        }
        return "\(first.componentName) – \(last.componentName)"
    }
}
