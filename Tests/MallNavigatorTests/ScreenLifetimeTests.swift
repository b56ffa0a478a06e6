import MallBase
import MiddlewareSupport
import Testing

@testable import MallNavigator

/// Something a screen's content and hook hold on to; it lives exactly as long as the screen does.
private final class Witness: Sendable {}

/// Every screen is freed when it leaves the stack, however it leaves: nothing keeps a copy, so a long
/// session holds only the screens it shows.
@MainActor
@Suite("Screen lifetime")
struct ScreenLifetimeTests {
    /// A screen that holds `witness` in its content and in its on-disappear hook.
    private static func screen(holding witness: Witness) -> Screen {
        Screen(title: "Held", origin: "Test", onDisappear: { _ = witness }) {
            _ = witness
            return Screen.Content(body: ["held"])
        }
    }

    /// Shows a screen holding a fresh witness with `show`, leaves it with `leave`, and says whether
    /// the witness outlived it.
    private static func witnessOutlives(
        show: (Navigator, Screen) throws -> Void, leave: (Navigator) throws -> Void
    ) throws -> Bool {
        let navigator = Navigator(root: Screen(title: "Home", origin: "Test", body: []))
        navigator.start()
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            try show(navigator, screen(holding: witness))
            _ = navigator.current.body
        }
        #expect(weakWitness != nil, "the screen shown holds its witness")
        try leave(navigator)
        #expect(navigator.depth == 0)
        return weakWitness != nil
    }

    @Test func aPushedScreenIsFreedByBack() throws {
        #expect(try !Self.witnessOutlives(show: { try $0.push($1) }, leave: { try $0.back() }))
    }

    @Test func anOpenedScreenIsFreedByHome() throws {
        #expect(try !Self.witnessOutlives(show: { try $0.open($1) }, leave: { try $0.home() }))
    }

    @Test func aPresentedScreenIsFreedByDismiss() throws {
        #expect(try !Self.witnessOutlives(show: { try $0.present($1) }, leave: { try $0.dismiss() }))
    }

    @Test func aScreenPushedInAModalIsFreedWithItsStack() throws {
        let outlives = try Self.witnessOutlives(
            show: { navigator, screen in
                try navigator.present(Screen(title: "Sheet", origin: "Test", body: []))
                try navigator.push(screen)
            },
            leave: { try $0.dismiss() })
        #expect(!outlives)
    }

    @Test func aScreenLeftBehindByAGuardsDetourIsFreedWhenTheDetourCompletes() throws {
        var isLocked = true
        let hooks = NavigationHooks(guards: [
            { request in
                guard request.destination.title == "Held", isLocked else { return .proceed }
                isLocked = false
                return .detour(Screen(title: "Key", origin: "Test", body: []))
            }
        ])
        let navigator = Navigator(root: Screen(title: "Home", origin: "Test", body: []), hooks: hooks)
        navigator.start()
        weak var weakWitness: Witness?
        do {
            let witness = Witness()
            weakWitness = witness
            try navigator.push(Self.screen(holding: witness))
        }
        #expect(navigator.current.title == "Key")
        try navigator.dismiss()
        #expect(navigator.current.title == "Held", "the detour's end resumes the navigation")
        try navigator.back()
        #expect(weakWitness == nil)
    }
}

/// The breadcrumb reads only the titles that can show, so rendering costs the same at any depth, and
/// shows exactly what eliding the whole path would.
@MainActor
@Suite("Deep breadcrumbs")
struct DeepBreadcrumbTests {
    @Test func theBreadcrumbFromTheLastTitlesIsTheBreadcrumbOfAllOfThem() throws {
        let navigator = Navigator(root: Screen(title: "Home", origin: "Test", body: []))
        // Empty, short and long titles, and modal stacks among the pushes.
        let titles = ["", "A", "Blue Bottle Coffee", String(repeating: "Long title ", count: 12), "ü"]
        for step in 0..<1_000 {
            let screen = Screen(
                title: titles[step % titles.count] + (step % 7 == 0 ? "" : "\(step)"), origin: "Test", body: [])
            if step % 97 == 0 {
                try navigator.present(screen)
            } else {
                try navigator.push(screen)
            }
            if step % 37 == 0 || step < 40 {
                #expect(ScreenRenderer.breadcrumb(of: navigator) == Self.elidedOneByOne(navigator.breadcrumb))
            }
        }
        #expect(navigator.depth == 1_000)
        #expect(ScreenRenderer.breadcrumb(["Home"]) == "Home")
        #expect(ScreenRenderer.breadcrumb([]) == "")
        #expect(navigator.breadcrumb(last: 3) == Array(navigator.breadcrumb.suffix(3)))
        #expect(navigator.breadcrumb(last: 5_000) == Array(navigator.breadcrumb.dropFirst()))
    }

    /// The breadcrumb as first written: the whole path, its second title removed until it fits.
    private static func elidedOneByOne(_ titles: [String]) -> String {
        var shown = titles
        var elided = false
        while shown.count > 2,
            (shown.joined(separator: " › ").count + (elided ? 4 : 0)) > ScreenRenderer.breadcrumbWidth
        {
            shown.remove(at: 1)
            elided = true
        }
        if elided {
            shown.insert("…", at: 1)
        }
        return shown.joined(separator: " › ")
    }
}
