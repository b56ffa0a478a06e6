import MallBase
import MallRouting
import Middleware
import MiddlewareSupport

/// The app's first screen: one entry per registered component, in the routers' order, or, past
/// ``maximumEntries`` components, groups of them by name that open one level further each.
///
/// A screen lists at most ``maximumEntries`` numbered choices of at most 80 characters, so every
/// screen of the home fits a 24-line, 80-column terminal with room for the prompt, and any component
/// is a choice per level away: three at 1,004 components (groups of about 144, then of 12). The
/// groups are plain actions, so the commands are those of every other screen. A group's screen is
/// built when it is opened, and its entries (each router's ``ComponentRouter/homeEntry``, after the
/// component's name) then: a launch builds only the first screen's.
@MainActor
enum HomeScreen {
    static let title = "Mall"

    /// The most numbered choices the home screen, or one of its groups, lists.
    static let maximumEntries = 12

    /// The home screen for `routers`, each listed under its component's name.
    static func make(routers: [any ComponentRouter]) -> Screen {
        make(components: routers.map { router in (name: router.componentName, router: { router }) })
    }

    /// The home screen for `components`, each listed under the name given, which is read instead of
    /// asking each router: a launch then runs no code of a component to list it. A component's router
    /// is asked for when a screen lists its entry.
    static func make(components: [Named.Element]) -> Screen {
        guard components.count > maximumEntries else {
            let names = components.map { $0.name }.joined(separator: ", ")
            return Screen(
                title: title,
                origin: "Shell",
                body: ["Welcome to the mall. \(String.counted(components.count, "component")): \(names)."],
                actions: components.map { $0.router().homeEntry }
            )
        }
        // By name, so a group's label (its first and last name) says which components it holds.
        let sorted = components.sorted { $0.name < $1.name }
        return Screen(
            title: title,
            origin: "Shell",
            body: [
                "Welcome to the mall. \(String.counted(components.count, "component")), in groups by name; choose one."
            ],
            actions: groups(sorted[...])
        )
    }

    /// Components with their names, as the groups hold them.
    typealias Named = ArraySlice<(name: String, router: @MainActor () -> any ComponentRouter)>

    /// One push per group of `routers`, in order and of near-equal sizes: as few groups as keep each
    /// within a power of ``maximumEntries``, so the levels below are as few as they can be.
    private static func groups(_ routers: Named) -> [Action] {
        var size = 1
        while routers.count > size * maximumEntries {
            size *= maximumEntries
        }
        let count = (routers.count + size - 1) / size
        return (0..<count).map { index in
            let start = routers.startIndex + routers.count * index / count
            let end = routers.startIndex + routers.count * (index + 1) / count
            let group = routers[start..<end]
            let label = label(of: group, after: routers[..<start].last?.name, before: routers[end...].first?.name)
            return .push("\(label) (\(String.counted(group.count, "component")))") {
                screen(of: group, titled: label)
            }
        }
    }

    /// A group's screen: its components' entries, or groups of them where they are too many.
    private static func screen(of group: Named, titled title: String) -> Screen {
        Screen(
            title: title,
            origin: "Shell",
            body: ["\(String.counted(group.count, "component")), by name."],
            actions: group.count > maximumEntries ? groups(group) : entries(group)
        )
    }

    /// The components' entries in a group: each router's home entry after the component's name, so
    /// the entry says which component of the label it opens.
    private static func entries(_ group: Named) -> [Action] {
        group.indices.map { index in
            var action = group[index].router().homeEntry
            let name = shortened(
                group[index].name,
                besides: [group[..<index].last?.name, group[(index + 1)...].first?.name])
            action.title = "\(name) · \(action.title)"
            return action
        }
    }

    /// The first and last component names of a group, e.g. `Coupon0001 – Coupon0144`, each cut so it
    /// still differs from the names beside it: `after` and `before` are the neighbouring groups'.
    private static func label(of group: Named, after previous: String?, before next: String?) -> String {
        guard let first = group.first?.name, let last = group.last?.name, group.count > 1 else {
            return shortened(group.first?.name ?? "", besides: [previous, next])
        }
        return "\(shortened(first, besides: [previous, last])) – \(shortened(last, besides: [first, next]))"
    }

    /// The longest name a label shows whole: two of them, the count and the number fit 80 columns.
    static let labelNameLength = 24

    /// `name`, cut to ``labelNameLength`` characters with `…` where it is longer, keeping the first
    /// character by which it differs from `others`: `Abcdef…AAAAAAAAAAAAAAAB` and
    /// `Abcdef…AAAAAAAAAAAAAAAC` for two long names that differ only at the end, where cutting both
    /// after 23 characters would show them the same.
    static func shortened(_ name: String, besides others: [String?]) -> String {
        let characters = Array(name)
        guard characters.count > labelNameLength else { return name }
        // Where `name` first differs from the closest of `others`.
        let differs =
            others.compactMap { $0 }.map { other in
                zip(characters, other).prefix { $0 == $1 }.count
            }.max() ?? 0
        guard differs >= labelNameLength - 1 else { return String(characters.prefix(labelNameLength - 1)) + "…" }
        // A head, then a window that holds the differing character: 6 + "…" + 16 (+ "…") characters.
        let head = 6
        let width = labelNameLength - head - 2
        let start = max(head, min(differs - width / 2, characters.count - width))
        let end = min(characters.count, start + width)
        let tail = end < characters.count ? "…" : ""
        return String(characters[..<head]) + "…" + String(characters[start..<end]) + tail
    }
}
