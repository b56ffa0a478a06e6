import MallBase
import MiddlewareSupport
import Testing

@testable import MallNavigator

/// A navigator over plain screens, recording every event its observers see.
@MainActor
private final class Recorder {
    var events: [String] = []
    var isAllowed = true
    var guardCalls = 0

    static func screen(_ title: String, route: String? = nil) -> Screen {
        let screen = Screen(title: title, origin: "Test", body: [])
        return route.map { screen.linked(route: $0, url: $0 + "?x=1") } ?? screen
    }

    /// Hooks that record events and guard every screen titled "Vault": refused, or detoured to "Key".
    func hooks(detour: Bool) -> NavigationHooks {
        NavigationHooks(
            observers: [{ [self] event in events.append("\(event.kind.rawValue) \(event.title) \(event.depth)") }],
            guards: [
                { [self] request in
                    guardCalls += 1
                    guard request.destination.title == "Vault", !isAllowed else { return .proceed }
                    return detour ? .detour(Self.screen("Key")) : .refuse("the vault is locked")
                }
            ]
        )
    }
}

@MainActor
@Suite("Navigation hooks")
struct NavigationHookTests {
    @Test func observersSeeEveryNavigationOnceInOrderWithTheFirstScreen() throws {
        let recorder = Recorder()
        let navigator = Navigator(root: Recorder.screen("Home"), hooks: recorder.hooks(detour: false))
        navigator.start()
        navigator.start()
        try navigator.push(Recorder.screen("A"))
        try navigator.present(Recorder.screen("B"))
        try navigator.push(Recorder.screen("C"))
        try navigator.back()
        try navigator.dismiss()
        try navigator.open(Recorder.screen("D", route: "demo://d"))
        try navigator.home()
        #expect(
            recorder.events == [
                "start Home 0", "push A 1", "present B 2", "push C 3", "back B 2", "dismiss A 1", "open D 2",
                "home Home 0",
            ])
        #expect(throws: Navigator.Refusal.atHome) { try navigator.back() }
        #expect(throws: Navigator.Refusal.notModal) { try navigator.dismiss() }
        #expect(recorder.events.count == 8)
    }

    @Test func anOpenedScreenIsTheFirstEventAndCarriesItsLink() throws {
        var events: [NavigationEvent] = []
        let navigator = Navigator(
            root: Recorder.screen("Home"), hooks: NavigationHooks(observers: [{ events.append($0) }]))
        try navigator.open(Recorder.screen("Shop", route: "demo://shop"))
        navigator.start()
        #expect(events.map(\.kind) == [.open])
        #expect(events.first?.link == Screen.Link(route: "demo://shop", url: "demo://shop?x=1"))
        #expect(navigator.breadcrumb == ["Home", "Shop"])
    }

    @Test func aRefusalLeavesTheStackExactlyAsItWas() throws {
        let recorder = Recorder()
        recorder.isAllowed = false
        let navigator = Navigator(root: Recorder.screen("Home"), hooks: recorder.hooks(detour: false))
        try navigator.push(Recorder.screen("A"))
        let before = (navigator.breadcrumb, navigator.depth, recorder.events)
        #expect(throws: Navigator.Refusal.refused("the vault is locked")) {
            try navigator.push(Recorder.screen("Vault"))
        }
        #expect(throws: Navigator.Refusal.refused("the vault is locked")) {
            try navigator.present(Recorder.screen("Vault"))
        }
        #expect(throws: Navigator.Refusal.refused("the vault is locked")) {
            try navigator.open(Recorder.screen("Vault"))
        }
        #expect(navigator.breadcrumb == before.0)
        #expect(navigator.depth == before.1)
        #expect(recorder.events == before.2)
    }

    @Test func aDetourResumesTheNavigationOnceItCloses() throws {
        let recorder = Recorder()
        recorder.isAllowed = false
        let navigator = Navigator(root: Recorder.screen("Home"), hooks: recorder.hooks(detour: true))
        try navigator.push(Recorder.screen("A"))
        try navigator.present(Recorder.screen("Vault"))
        #expect(navigator.breadcrumb == ["Home", "A", "[Key]"])
        recorder.isAllowed = true
        try navigator.dismiss()
        #expect(navigator.breadcrumb == ["Home", "A", "[Vault]"])
        #expect(recorder.events == ["push A 1", "detour Key 2", "present Vault 2"])
    }

    @Test func aDetourClosedWithoutMeetingTheGuardDropsTheNavigation() throws {
        let recorder = Recorder()
        recorder.isAllowed = false
        let navigator = Navigator(root: Recorder.screen("Home"), hooks: recorder.hooks(detour: true))
        try navigator.push(Recorder.screen("Vault"))
        try navigator.push(Recorder.screen("Inside the detour"))
        try navigator.back()
        #expect(navigator.breadcrumb == ["Home", "[Key]"])
        try navigator.back()
        #expect(navigator.breadcrumb == ["Home"])
        #expect(
            recorder.events == ["detour Key 1", "push Inside the detour 2", "back Key 1", "back Home 0"])
        // Going home during a detour forgets it too.
        try navigator.push(Recorder.screen("Vault"))
        recorder.isAllowed = true
        try navigator.home()
        #expect(navigator.breadcrumb == ["Home"])
        #expect(recorder.events.suffix(2) == ["detour Key 1", "home Home 0"])
    }

    @Test func theScreenBelowIsWhatGuardsSeeForBackAndDismiss() throws {
        var seen: [String] = []
        let hooks = NavigationHooks(guards: [
            { request in
                seen.append("\(request.kind.rawValue) → \(request.destination.title)")
                return .proceed
            }
        ])
        let navigator = Navigator(root: Recorder.screen("Home"), hooks: hooks)
        try navigator.push(Recorder.screen("A"))
        try navigator.present(Recorder.screen("B"))
        try navigator.push(Recorder.screen("C"))
        try navigator.back()
        try navigator.back()
        try navigator.present(Recorder.screen("D"))
        try navigator.dismiss()
        try navigator.home()
        #expect(
            seen == [
                "push → A", "present → B", "push → C", "back → B", "back → A", "present → D", "dismiss → A",
                "home → Home",
            ])
    }
}

@MainActor
@Suite("Commands on a screen without actions")
struct NoActionScreenTests {
    @Test(arguments: ["1", "0", "-1", "+1", "99999999999999999999"])
    func aNumberIsRefusedWithoutCrashing(input: String) async {
        let terminal = ScriptedTerminal(lines: [input, "q"])
        await Session(home: Screen(title: "Empty", origin: "Test", body: ["Nothing to do."]), terminal: terminal).run()
        #expect(terminal.output.contains("Error: no action \(input) here; type b to go back, or ? for help\n"))
        #expect(terminal.output.hasSuffix("Bye.\n"))
    }
}
