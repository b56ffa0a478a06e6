import Testing

@testable import Middleware

/// A value a stub can answer with, standing in for a screen.
private struct Label: StubAnswer, Equatable {
    var text: String

    static func stub(answering call: RequireCall) -> Label { Label(text: "stub \(call)") }
}

/// A component shaped like the real ones: requires are optional closures named `require_…`,
/// listed as the generator lists them.
@MainActor
private final class Kiosk: ComponentAPI {
    var require_map: ((_ place: String) -> Label)?
    var require_help: (() -> Label)?
    var require_zebra: ((_ row: Int, _ seat: Int) -> [Label])?
    var name: String? = nil

    static let componentName = "Kiosk"
    static let allRequires: [AnyRequire] = [
        AnyRequire(Requires.map, labels: ["place"]),
        AnyRequire(Requires.help, labels: []),
        AnyRequire(Requires.zebra, labels: ["row", "seat"]),
    ]

    func provide_welcome(visitor: String) -> Label { Label(text: "Welcome, \(visitor)") }
}

/// Kiosk's requires answered one line at a time, as the generated `requires(…)` answers each: for
/// routers that mean to leave a require out, or answer one twice.
extension Wiring where Owner.Component == Kiosk {
    fileprivate func line(_ require: Require<Kiosk, (_ place: String) -> Label>, _ answer: Answer<Label, String>) {
        self.answer(
            require, closure: answer.leavesUnwired ? nil : answer.closureTellingHook ?? answer.closure,
            declaration: answer.declaration, valueNames: answer.valueNames)
    }

    fileprivate func line(_ require: Require<Kiosk, () -> Label>, _ answer: Answer<Label>) {
        self.answer(
            require, closure: answer.leavesUnwired ? nil : answer.closureTellingHook ?? answer.closure,
            declaration: answer.declaration, valueNames: answer.valueNames)
    }

    fileprivate func line(
        _ require: Require<Kiosk, (_ row: Int, _ seat: Int) -> [Label]>, _ answer: Answer<[Label], Int, Int>
    ) {
        self.answer(
            require, closure: answer.leavesUnwired ? nil : answer.closureTellingHook ?? answer.closure,
            declaration: answer.declaration, valueNames: answer.valueNames)
    }

    /// Every require of Kiosk, as the generator writes `requires(…)`.
    fileprivate func requires(
        map: Answer<Label, String>, help: Answer<Label>, zebra: Answer<[Label], Int, Int>
    ) -> Wired<Kiosk> {
        line(Kiosk.Requires.map, map)
        line(Kiosk.Requires.help, help)
        line(Kiosk.Requires.zebra, zebra)
        return Wired()
    }
}

/// Kiosk's requires as wiring lines name them, written as the generator writes them.
extension Kiosk {
    @MainActor
    fileprivate enum Requires {
        static var map: Require<Kiosk, (_ place: String) -> Label> {
            .init("require_map", index: 0, get: { $0.require_map }, set: { $0.require_map = $1 })
        }
        static var help: Require<Kiosk, () -> Label> {
            .init("require_help", index: 1, get: { $0.require_help }, set: { $0.require_help = $1 })
        }
        static var zebra: Require<Kiosk, (_ row: Int, _ seat: Int) -> [Label]> {
            .init("require_zebra", index: 2, get: { $0.require_zebra }, set: { $0.require_zebra = $1 })
        }
        /// `require_help` named with `require_zebra`'s place, as a hand-written value could misnumber it.
        static var helpAtZebrasPlace: Require<Kiosk, () -> Label> {
            .init("require_help", index: 2, get: { $0.require_help }, set: { $0.require_help = $1 })
        }
        /// `require_help` named as a hand-written value may name it, without its place.
        static var helpUnnumbered: Require<Kiosk, () -> Label> {
            .init("require_help", get: { $0.require_help }, set: { $0.require_help = $1 })
        }
    }
}

/// A component whose hand-written list of requires lacks `require_theme`, as an app that wrote its
/// list by hand once let happen.
@MainActor
private final class Notes: ComponentAPI {
    var require_share: ((_ text: String) -> Label)?
    var require_theme: (() -> String)?
    var require_sync: ((_ note: String) async throws -> Bool)?
    var isStarred = false

    static let componentName = "Notes"
    static let allRequires: [AnyRequire] = [
        AnyRequire(
            Require<Notes, (_ text: String) -> Label>(
                "require_share", get: { $0.require_share }, set: { $0.require_share = $1 }), labels: ["text"]),
        AnyRequire(
            Require<Notes, (_ note: String) async throws -> Bool>(
                "require_sync", get: { $0.require_sync }, set: { $0.require_sync = $1 }), labels: ["note"]),
    ]
}

/// A property wrapper a component might put on a require.
@propertyWrapper
private struct Logged<Value> {
    var wrappedValue: Value
}

/// A base class whose require the component below inherits.
@MainActor
private class Feature {
    var require_help: (() -> Label)?
}

/// A component whose list lacks requires declared every other way a class can store one: inherited,
/// lazy, behind a property wrapper.
@MainActor
private final class Sketch: Feature, ComponentAPI {
    var require_draw: (() -> Label)?
    lazy var require_lazy: (() -> Label)? = nil
    @Logged var require_logged: (() -> Label)? = nil
    // Named like requires, holding no closure: no require.
    private var _require_cache: [String: Int] = [:]
    let require_version = 3

    static let componentName = "Sketch"
    static let allRequires: [AnyRequire] = [
        AnyRequire(
            Require<Sketch, () -> Label>("require_draw", get: { $0.require_draw }, set: { $0.require_draw = $1 }),
            labels: [])
    ]
}

/// A component that has no requires at all.
@MainActor
private final class Clock: ComponentAPI {
    static let componentName = "Clock"
    static let allRequires: [AnyRequire] = []
}

/// A component without requires whose hand-written count is below zero.
@MainActor
private final class Miscounted: ComponentAPI {
    static let componentName = "Miscounted"
    static let allRequires: [AnyRequire] = []
    static var requireCount: Int { -1 }
}

@MainActor
private struct MiscountedRouter: Router {
    let component: Miscounted
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> { .partial }
}

/// Wires the clock, and from inside its lines configures `kiosk` with a router that wires only `require_map`.
@MainActor
private struct MeddlingClockRouter: Router {
    let component: Clock
    let kiosk: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        KioskRouter(component: kiosk).configure()
        return .partial
    }
}

@MainActor
private struct KioskRouter: Router {
    let component: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        wiring.line(
            Kiosk.Requires.map,
            wiring.provide(Provide("Kiosk.provide_welcome(visitor:)") { Kiosk().provide_welcome(visitor: $0) }))
        return .partial
    }
}

/// Wires every require of Kiosk, `require_help` through `help`.
@MainActor
private struct WholeKioskRouter: Router {
    let component: Kiosk
    let help: Require<Kiosk, () -> Label>
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        wiring.line(Kiosk.Requires.map, wiring.provide(Provide("Kiosk.map") { Label(text: $0) }))
        wiring.line(help, wiring.provide(Provide("Kiosk.help") { Label(text: "help") }))
        wiring.line(Kiosk.Requires.zebra, wiring.provide(Provide("Kiosk.zebra") { _, _ in [] }))
        return .partial
    }
}

/// Wires `require_map` twice and leaves `require_zebra` out: three lines for three requires.
@MainActor
private struct TwiceKioskRouter: Router {
    let component: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        wiring.line(Kiosk.Requires.map, wiring.provide(Provide("Kiosk.map") { Label(text: $0) }))
        wiring.line(Kiosk.Requires.map, wiring.provide(Provide("Kiosk.map again") { Label(text: $0 + "!") }))
        wiring.line(Kiosk.Requires.help, wiring.provide(Provide("Kiosk.help") { Label(text: "help") }))
        return .partial
    }
}

/// Configures a whole Kiosk from inside its lines, then wires only `require_map` of its own.
@MainActor
private struct NestingKioskRouter: Router {
    let component: Kiosk
    let other: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        WholeKioskRouter(component: other, help: Kiosk.Requires.help).configure()
        wiring.line(Kiosk.Requires.map, wiring.provide(Provide("Kiosk.map") { Label(text: $0) }))
        return .partial
    }
}

/// Wires `require_map` and `require_help`, then includes the lines of a router of another Kiosk.
@MainActor
private struct IncludingKioskRouter: Router {
    let component: Kiosk
    let other: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        wiring.line(Kiosk.Requires.map, wiring.provide(Provide("Kiosk.map") { Label(text: $0) }))
        wiring.line(Kiosk.Requires.help, wiring.provide(Provide("Kiosk.help") { Label(text: "help") }))
        wiring.include(WholeKioskRouter(component: other, help: Kiosk.Requires.help))
        return .partial
    }
}

/// Wires every require of Kiosk, then configures the same Kiosk with a router that wires only `require_map`.
@MainActor
private struct ReconfiguringKioskRouter: Router {
    let component: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        wiring.include(WholeKioskRouter(component: component, help: Kiosk.Requires.help))
        KioskRouter(component: component).configure()
        return .partial
    }
}

/// Wires `require_map` and `require_help`, and `require_help` again under `require_zebra`'s place.
@MainActor
private struct MisnumberedKioskRouter: Router {
    let component: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        wiring.line(Kiosk.Requires.map, wiring.provide(Provide("Kiosk.map") { Label(text: $0) }))
        wiring.line(Kiosk.Requires.help, wiring.provide(Provide("Kiosk.help") { Label(text: "help") }))
        wiring.line(Kiosk.Requires.helpAtZebrasPlace, wiring.provide(Provide("Kiosk.help") { Label(text: "help") }))
        return .partial
    }
}

/// The first wiring a router was given, kept to run lines through after its count ended.
@MainActor
private final class KeptWiring {
    var wiring: Wiring<KeepingKioskRouter>?
}

/// Keeps the first wiring it is given and runs no line.
@MainActor
private struct KeepingKioskRouter: Router {
    let component: Kiosk
    let kept: KeptWiring
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        if kept.wiring == nil { kept.wiring = wiring }
        return .partial
    }
}

/// Runs `require_help` and `require_zebra` through a kept wiring, then wires `require_map` of its own.
@MainActor
private struct LateKioskRouter: Router {
    let component: Kiosk
    let kept: KeptWiring
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        if let late = kept.wiring {
            late.line(Kiosk.Requires.help, late.provide(Provide("Kiosk.help") { Label(text: "help") }))
            late.line(Kiosk.Requires.zebra, late.provide(Provide("Kiosk.zebra") { _, _ in [] }))
        }
        wiring.line(Kiosk.Requires.map, wiring.provide(Provide("Kiosk.map") { Label(text: $0) }))
        return .partial
    }
}

/// Answers every require of Kiosk through its `requires(…)`, `require_zebra` unavailable.
@MainActor
private struct UnavailableZebraKioskRouter: Router {
    let component: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Kiosk> {
        wiring.requires(
            map: wiring.provide(Provide("Kiosk.map") { Label(text: $0) }),
            help: wiring.provide(Provide("Kiosk.help") { Label(text: "help") }),
            zebra: .unavailable)
    }
}

/// Declares `require_zebra` unavailable and leaves `require_help` out.
@MainActor
private struct UnavailableAndHoleKioskRouter: Router {
    let component: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        wiring.line(Kiosk.Requires.map, wiring.provide(Provide("Kiosk.map") { Label(text: $0) }))
        wiring.line(Kiosk.Requires.zebra, .unavailable)
        return .partial
    }
}

/// Leaves `require_map` nil by a line written by hand that does not say it is unavailable.
@MainActor
private struct NilLineKioskRouter: Router {
    let component: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        wiring.answer(Kiosk.Requires.map, closure: nil, declaration: .closure)
        wiring.line(Kiosk.Requires.help, wiring.provide(Provide("Kiosk.help") { Label(text: "help") }))
        wiring.line(Kiosk.Requires.zebra, wiring.provide(Provide("Kiosk.zebra") { _, _ in [] }))
        return .partial
    }
}

/// Configures another Kiosk inside its lines, so its own count is not trusted, and declares
/// `require_zebra` unavailable.
@MainActor
private struct NestingUnavailableKioskRouter: Router {
    let component: Kiosk
    let other: Kiosk
    func wire(_ wiring: Wiring<Self>) -> Wired<Kiosk> {
        WholeKioskRouter(component: other, help: Kiosk.Requires.help).configure()
        return wiring.include(UnavailableZebraKioskRouter(component: component))
    }
}

/// What a hook heard, in order, beside the provides called: the app's hook gets components ready.
@MainActor
private final class Heard {
    var events: [String] = []
}

/// Wires `require_map` and `require_help`, each line telling `heard` before it calls its provide.
@MainActor
private struct HookedKioskRouter: Router {
    let component: Kiosk
    let heard: Heard
    var beforeProviding: (@MainActor (String) -> Void)? { { [heard] in heard.events.append("told \($0)") } }
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> {
        // The line's autoclosure captures this local, not `self`: the router holds the component, which
        // would hold the closure, a cycle nothing frees.
        let heard = heard
        wiring.line(
            Kiosk.Requires.map,
            wiring.provide(
                Provide("Kiosk.map") { [heard] place in
                    heard.events.append("called map")
                    return Label(text: place)
                }))
        wiring.line(Kiosk.Requires.help, wiring.provide(Provide("Kiosk.help") { Label(text: "help") }))
        return .partial
    }
}

@MainActor
@Suite("Wiring audit")
struct WiringAuditTests {
    @Test func listsExactlyTheNilRequiresSorted() {
        let kiosk = Kiosk()
        kiosk.require_map = { Label(text: $0) }
        let wiring = WiringAudit.wiring(of: kiosk)
        #expect(wiring.component == "Kiosk")
        #expect(wiring.requires == ["require_help", "require_map", "require_zebra"])
        #expect(wiring.unwired == ["require_help", "require_zebra"])
        #expect(wiring.qualifiedUnwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
        #expect(!wiring.isComplete)
    }

    @Test func aRequireMissingFromTheListIsReportedWiredOrNot() {
        let notes = Notes()
        notes.require_share = { Label(text: $0) }
        notes.require_sync = { _ in true }
        var wiring = WiringAudit.wiring(of: notes)
        #expect(wiring.requires == ["require_share", "require_sync", "require_theme"])
        #expect(wiring.unwired == ["require_theme"])
        #expect(wiring.unlisted == ["require_theme"])
        #expect(!wiring.isComplete)
        #expect(
            WiringReport(components: [wiring]).lines == [
                "Notes: 2/3 requires wired (1 unwired, 1 not listed)",
                "  Notes.require_theme is not wired",
                "  Notes.require_theme is not in Notes's list of requires, so no wiring line can assign it; derive"
                    + " the list again (new-component --regenerate)",
                "1 of 3 requires is not wired.",
                "1 require is missing from its component's list.",
            ])

        // Assigned by hand, it is wired, and still not listed: the audit does not say all is well.
        notes.require_theme = { "dark" }
        wiring = WiringAudit.wiring(of: notes)
        #expect(wiring.unwired.isEmpty)
        #expect(wiring.unlisted == ["require_theme"])
        #expect(!wiring.isComplete)
        #expect(!WiringReport(components: [wiring]).isComplete)
        #expect(WiringReport(components: [wiring]).lines.last == "1 require is missing from its component's list.")
    }

    @Test func requiresInheritedLazyOrWrappedAreNotMissedByTheAudit() {
        let sketch = Sketch()
        sketch.require_draw = { Label(text: "draw") }
        var wiring = WiringAudit.wiring(of: sketch)
        #expect(wiring.unlisted == ["require_help", "require_lazy", "require_logged"])
        // Inherited and nil: a hole. A lazy one not yet used and a wrapped one cannot be read: not listed only.
        #expect(wiring.unwired == ["require_help"])
        #expect(!wiring.isComplete)
        _ = sketch.require_lazy
        wiring = WiringAudit.wiring(of: sketch)
        #expect(wiring.unwired == ["require_help", "require_lazy"])
        sketch.require_help = { Label(text: "help") }
        sketch.require_lazy = { Label(text: "lazy") }
        wiring = WiringAudit.wiring(of: sketch)
        #expect(wiring.unwired.isEmpty)
        #expect(!wiring.isComplete, "three requires are still missing from the list")
        // With none unwired, the summary does not say all is wired: the lists lack three.
        #expect(
            Array(WiringReport(components: [wiring]).lines.suffix(2)) == [
                "No listed require of 1 component is unwired.", "3 requires are missing from their components' lists.",
            ])
    }

    @Test func theStandardLibrarysPlainValuesAnswerStubs() async throws {
        let notes = Notes()
        var calls: [String] = []
        notes.stubEveryRequire { calls.append($0.description) }
        #expect(try await notes.require_sync?("n1") == false)
        #expect(calls == [#"Notes.require_sync(note: "n1")"#])
        let call = RequireCall(
            component: "Notes", require: "require_title", arguments: [(label: "id", value: "n1")], answeredBy: nil)
        #expect(String.stub(answering: call) == #"Notes.require_title(id: "n1")"#)
        #expect(Int.stub(answering: call) == 0)
        #expect(Double.stub(answering: call) == 0)
        #expect(Bool.stub(answering: call) == false)
        #expect([String].stub(answering: call) == [#"Notes.require_title(id: "n1")"#])
    }

    @Test func aComponentWithoutRequiresIsComplete() {
        let wiring = WiringAudit.wiring(of: Clock())
        #expect(wiring.requires.isEmpty)
        #expect(wiring.isComplete)
    }

    @Test func configureAssignsEachWireAndClearsWhatNoLineWires() {
        let kiosk = Kiosk()
        // A stub left by someone else must not pass for wiring.
        kiosk.require_help = { Label(text: "left over") }
        let router = KioskRouter(component: kiosk)
        #expect(router.componentName == "Kiosk")
        router.configure()
        #expect(kiosk.require_help == nil)
        #expect(kiosk.require_map?("Ana") == Label(text: "Welcome, Ana"))
        let report = WiringAudit.audit([router])
        #expect(report.unwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
        #expect(report.requireCount == 3)
        #expect(router.answers.map(\.require) == ["require_help", "require_map", "require_zebra"])
        #expect(router.answers.map(\.answer) == [nil, .provide(name: "Kiosk.provide_welcome(visitor:)"), nil])
        #expect(router.answers.map(\.isWired) == [false, true, false])
    }

    @Test func configureTellsAComponentWhoseLinesAssignEveryRequire() {
        let kiosk = Kiosk()
        let whole = WholeKioskRouter(component: kiosk, help: Kiosk.Requires.help)
        #expect(whole.configure())
        #expect(WiringAudit.wiring(of: kiosk).isComplete)
        #expect(WiringAudit.configure([whole]).components.isEmpty)
        // What the lines leave out is a hole, whatever was assigned before.
        let partial = KioskRouter(component: kiosk)
        #expect(!partial.configure())
        #expect(kiosk.require_help == nil && kiosk.require_zebra == nil)
        #expect(WiringAudit.configure([whole, partial]) == WiringAudit.audit([partial]))
        #expect(WiringAudit.configure([partial]).unwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
    }

    @Test func aRequireWiredTwiceDoesNotCountForOneLeftOut() {
        let kiosk = Kiosk()
        kiosk.require_zebra = { _, _ in [Label(text: "left over")] }
        let router = TwiceKioskRouter(component: kiosk)
        #expect(!router.configure())
        #expect(kiosk.require_zebra == nil)
        #expect(kiosk.require_map?("Ana") == Label(text: "Ana!"))
        #expect(WiringAudit.configure([router]).unwired == ["Kiosk.require_zebra"])
    }

    @Test func aConfigureInsideAnothersLinesCountsApart() {
        let (kiosk, other) = (Kiosk(), Kiosk())
        let router = NestingKioskRouter(component: kiosk, other: other)
        #expect(!router.configure())
        #expect(WiringAudit.wiring(of: other).isComplete)
        #expect(WiringAudit.configure([router]).unwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
        #expect(WholeKioskRouter(component: kiosk, help: Kiosk.Requires.help).configure())
    }

    @Test func aWiringKeptPastItsCountMarksNothing() {
        let kept = KeptWiring()
        let (first, second) = (Kiosk(), Kiosk())
        #expect(!KeepingKioskRouter(component: first, kept: kept).configure())
        // The kept lines still assign, on their own component, but count for no other configure.
        let late = LateKioskRouter(component: second, kept: kept)
        #expect(!late.configure())
        #expect(first.require_help != nil && second.require_help == nil)
        #expect(WiringAudit.configure([late]).unwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
        // The kept wiring holds its router, which holds `kept`: let go of it.
        kept.wiring = nil
    }

    @Test func linesIncludedForAnotherInstanceCountForThatOne() {
        let (kiosk, other) = (Kiosk(), Kiosk())
        kiosk.require_zebra = { _, _ in [Label(text: "left over")] }
        let router = IncludingKioskRouter(component: kiosk, other: other)
        #expect(!router.configure())
        #expect(kiosk.require_zebra == nil)
        #expect(WiringAudit.wiring(of: other).isComplete)
        #expect(WiringAudit.configure([router]).unwired == ["Kiosk.require_zebra"])
    }

    @Test func recordingLinesAndIncludedLinesAssignsNothing() {
        let (kiosk, other) = (Kiosk(), Kiosk())
        let router = IncludingKioskRouter(component: kiosk, other: other)
        let recorded = router.wires.map(\.require)
        #expect(recorded == ["require_map", "require_help", "require_map", "require_help", "require_zebra"])
        #expect(WiringAudit.wiring(of: kiosk).unwired.count == 3)
        #expect(WiringAudit.wiring(of: other).unwired.count == 3)
        // Recording leaves the next count whole: the lines a count runs after it still mark their places.
        #expect(WholeKioskRouter(component: kiosk, help: Kiosk.Requires.help).configure())
    }

    @Test func aConfigureOfTheSameComponentInsideItsLinesLeavesItsHolesSeen() {
        let kiosk = Kiosk()
        let router = ReconfiguringKioskRouter(component: kiosk)
        // Every line of the router assigned, then the configure inside unwired all but `require_map`.
        #expect(!router.configure())
        #expect(kiosk.require_help == nil && kiosk.require_zebra == nil)
        #expect(WiringAudit.configure([router]).unwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
    }

    @Test func theAuditFindsTheHoleAMisnumberedRequireHidesFromTheCount() {
        let kiosk = Kiosk()
        // Three places marked, `require_zebra` never assigned: configure trusts the places, as the generator
        // writes them; the audit reads every require back.
        let router = MisnumberedKioskRouter(component: kiosk)
        router.configure()
        #expect(kiosk.require_help?() == Label(text: "help"))
        #expect(router.holes?.unwired == ["require_zebra"])
        #expect(WiringAudit.audit([router]).unwired == ["Kiosk.require_zebra"])
    }

    @Test func configuringManyReportsTheHolesLeftAtTheEnd() {
        let kiosk = Kiosk()
        let (partial, whole) = (
            KioskRouter(component: kiosk), WholeKioskRouter(component: kiosk, help: Kiosk.Requires.help)
        )
        // The partial router leaves holes that the whole one, after it, fills.
        #expect(WiringAudit.configure([partial, whole]).components.isEmpty)
        #expect(WiringAudit.configure([whole, partial]).unwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
    }

    @Test func aLaterRouterThatUnwiresAnEarlierComponentLeavesItsHolesReported() {
        let kiosk = Kiosk()
        let whole = WholeKioskRouter(component: kiosk, help: Kiosk.Requires.help)
        let report = WiringAudit.configure([whole, MeddlingClockRouter(component: Clock(), kiosk: kiosk)])
        #expect(report.unwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
    }

    @Test func aCountBelowZeroIsNotTrusted() {
        #expect(MiscountedRouter(component: Miscounted()).configure())
    }

    @Test func requiresWithoutTheirPlaceAreReadBack() {
        let kiosk = Kiosk()
        let router = WholeKioskRouter(component: kiosk, help: Kiosk.Requires.helpUnnumbered)
        #expect(router.configure())
        #expect(kiosk.require_help?() == Label(text: "help"))
        kiosk.require_map = nil
        #expect(WiringAudit.configure([router]).components.isEmpty)
        #expect(kiosk.require_map?("Ana") == Label(text: "Ana"))
    }

    @Test func holesListOnlyTheComponentsWithANilRequire() {
        let kiosk = Kiosk()
        let router = KioskRouter(component: kiosk)
        router.configure()
        #expect(router.holes == router.audit)
        #expect(WiringAudit.holes([router]) == WiringAudit.audit([router]))
        kiosk.stubEveryRequire()
        #expect(router.holes == nil)
        #expect(WiringAudit.holes([router]).components.isEmpty)
        #expect(WiringAudit.holes([router]).isComplete)
        // Unwired after the wiring ran: found by the same test of each require, not by what ran.
        kiosk.require_zebra = nil
        #expect(WiringAudit.holes([router]).unwired == ["Kiosk.require_zebra"])
    }

    @Test func aLineTellsTheHookOfTheRouterThatAssignedIt() {
        let kiosk = Kiosk()
        let heard = Heard()
        let hooked = HookedKioskRouter(component: kiosk, heard: heard)
        hooked.configure()
        // Configuring calls no provide, so it tells nothing; a call tells the provide's name, then calls it.
        #expect(heard.events.isEmpty)
        #expect(kiosk.require_map?("Gate B") == Label(text: "Gate B"))
        #expect(kiosk.require_help?() == Label(text: "help"))
        #expect(heard.events == ["told Kiosk.map", "called map", "told Kiosk.help"])
        // Recording the lines assigns nothing and tells nothing.
        #expect(hooked.wires.count == 2)
        #expect(heard.events.count == 3)
        // Another instance of the class wired by a router with a hook of its own, and a third by a router
        // without one: each line still tells the hook of the router that assigned it.
        let (other, otherHeard) = (Kiosk(), Heard())
        HookedKioskRouter(component: other, heard: otherHeard).configure()
        let help = kiosk.require_help
        KioskRouter(component: Kiosk()).configure()
        _ = help?()
        _ = other.require_help?()
        #expect(heard.events.last == "told Kiosk.help" && heard.events.count == 4)
        #expect(otherHeard.events == ["told Kiosk.help"])
        // A router without a hook replaces the lines, and its own tell nothing.
        KioskRouter(component: kiosk).configure()
        #expect(kiosk.require_map?("Ana") == Label(text: "Welcome, Ana"))
        #expect(heard.events.count == 4)
    }

    @Test func stubsAnswerEveryRequireAndReportEachCall() {
        let kiosk = Kiosk()
        var calls: [RequireCall] = []
        kiosk.stubEveryRequire(answeredBy: ["require_map": "Maps"]) { calls.append($0) }
        #expect(WiringAudit.wiring(of: kiosk).isComplete)
        #expect(kiosk.require_map?("Gate \"B\"") == Label(text: #"stub Kiosk.require_map(place: "Gate \"B\"")"#))
        #expect(kiosk.require_help?() == Label(text: "stub Kiosk.require_help()"))
        #expect(kiosk.require_zebra?(3, 14) == [Label(text: "stub Kiosk.require_zebra(row: 3, seat: 14)")])
        #expect(calls.map(\.answeredBy) == ["Maps", nil, nil])
        #expect(calls.map(\.arguments.count) == [1, 0, 2])
        kiosk.unwireEveryRequire()
        #expect(WiringAudit.wiring(of: kiosk).unwired.count == 3)
    }

    @Test func argumentsAreDescribedByWhatTheyHold() {
        enum Kind: String { case workshop }
        #expect(RequireCall.describe(Kind.workshop) == "workshop")
        #expect(RequireCall.describe(Int?.none as Any) == "nil")
        #expect(RequireCall.describe(Optional("a") as Any) == #""a""#)
        #expect(RequireCall.describe([1, 2]) == "[1, 2]")
    }

    @Test func reportTextNamesEveryHoleAndSummarises() {
        let kiosk = Kiosk()
        kiosk.require_map = { Label(text: $0) }
        let report = WiringReport(components: [WiringAudit.wiring(of: kiosk), WiringAudit.wiring(of: Clock())])
        #expect(
            report.description == """
                Kiosk: 1/3 requires wired (2 unwired)
                  Kiosk.require_help is not wired
                  Kiosk.require_zebra is not wired
                Clock: 0/0 requires wired (ok)
                2 of 3 requires are not wired.
                """
        )
    }

    @Test func aRequireDeclaredUnavailableIsNoHole() {
        let kiosk = Kiosk()
        kiosk.require_zebra = { _, _ in [] }
        let router = UnavailableZebraKioskRouter(component: kiosk)
        // Every require answered, one of them by `nil`: whole without being read back.
        #expect(router.configure())
        #expect(kiosk.require_zebra == nil, "an unavailable require is unwired, whatever it held before")
        #expect(kiosk.require_map?("here") == Label(text: "here"))
        #expect(router.holes == nil)
        #expect(WiringAudit.configure([router]).isComplete)
        let audit = router.audit
        #expect(audit.unwired == [])
        #expect(audit.unavailable == ["require_zebra"])
        #expect(audit.isComplete)
        #expect(router.declaredUnavailable == ["require_zebra"])
        #expect(
            router.wires == [
                Wire(require: "require_map", answer: .provide(name: "Kiosk.map")),
                Wire(require: "require_help", answer: .provide(name: "Kiosk.help")),
                Wire(require: "require_zebra", answer: .unavailable),
            ])
        #expect(
            WiringReport(components: [audit]).description == """
                Kiosk: 2/3 requires wired (1 unavailable)
                  Kiosk.require_zebra is unavailable: its router says nothing answers it
                No require of 1 component is unwired. 1 is unavailable by a router's choice.
                """)
    }

    @Test func aRequireDeclaredUnavailableIsToldApartFromAHole() {
        let kiosk = Kiosk()
        let router = UnavailableAndHoleKioskRouter(component: kiosk)
        #expect(!router.configure())
        let holes = router.holes
        #expect(holes != nil)
        #expect(holes?.unwired == ["require_help"])
        #expect(holes?.unavailable == ["require_zebra"])
        #expect(WiringAudit.configure([router]).unwired == ["Kiosk.require_help"])
        #expect(
            WiringReport(components: [router.audit]).description == """
                Kiosk: 1/3 requires wired (1 unwired, 1 unavailable)
                  Kiosk.require_help is not wired
                  Kiosk.require_zebra is unavailable: its router says nothing answers it
                1 of 3 requires is not wired. 1 is unavailable by a router's choice.
                """)
    }

    @Test func anUnavailableRequireIncludedByAnotherRouterStaysUnavailable() {
        // A router that includes another's answers declares what the other declares.
        let kiosk = Kiosk()
        struct Wrapping: Router {
            let component: Kiosk
            func wire(_ wiring: Wiring<Self>) -> Wired<Kiosk> {
                wiring.include(UnavailableZebraKioskRouter(component: component))
            }
        }
        let router = Wrapping(component: kiosk)
        #expect(router.configure())
        #expect(router.declaredUnavailable == ["require_zebra"])
        #expect(router.holes == nil)
    }

    @Test func aLineThatLeavesARequireNilWithoutSayingSoIsAHole() {
        let router = NilLineKioskRouter(component: Kiosk())
        #expect(!router.configure(), "a nil the line does not declare unavailable must not count as answered")
        #expect(WiringAudit.configure([router]).unwired == ["Kiosk.require_map"])
    }

    @Test func aComponentReadBackWhoseOnlyNilRequireIsUnavailableIsWhole() {
        let kiosk = Kiosk()
        let router = NestingUnavailableKioskRouter(component: kiosk, other: Kiosk())
        // The configure inside the lines has the count read the component back, which finds a nil
        // the router declares unavailable: no hole.
        #expect(router.configure())
        #expect(kiosk.require_zebra == nil)
        #expect(router.audit.isComplete)
        #expect(router.holes == nil)
        #expect(WiringAudit.configure([router]).isComplete)
    }

    @Test func completeReportSaysSo() {
        let kiosk = Kiosk()
        kiosk.stubEveryRequire()
        #expect(
            WiringReport(components: [WiringAudit.wiring(of: kiosk)]).lines.last
                == "All 3 requires of 1 component are wired.")
    }
}
