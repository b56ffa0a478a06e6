import Testing

@testable import Middleware

/// A component shaped like the real ones: requirements are optional closures named `require_…`.
@MainActor
private final class Kiosk {
    var require_map: ((String) -> String)?
    var require_help: (() -> Int)?
    var require_zebra: ((Int, Int) -> Void)?
    var requiredCount = 3
    var name: String? = nil
    func provide_welcome() -> String { "Welcome" }
}

/// A component that has no requirements at all.
@MainActor
private final class Clock {
    var hour = 12
}

@MainActor
private class BaseComponent {
    var require_inherited: (() -> Void)?
}

@MainActor
private final class DerivedComponent: BaseComponent {
    var require_own: (() -> Void)?
}

/// Properties named like requirements that are not optional closures: the audit must read them
/// without touching weak or unowned storage as if it were a closure.
@MainActor
private final class Oddities {
    weak var require_delegate: AnyObject?
    unowned var require_owner: AnyObject
    var require_count: Int? = nil
    var require_shown: (() -> Void)? = {}
    var require_hidden: (@Sendable (Int) async throws -> String)?

    init(owner: AnyObject) { require_owner = owner }
}

@MainActor
private final class Generic<Item> {
    var require_item: ((Item) -> Void)?
}

@MainActor
private struct KioskRouter: Router {
    let component: Kiosk

    func configure() {
        component.require_map = { "map of \($0)" }
    }
}

@MainActor
@Suite("Wiring audit")
struct WiringAuditTests {
    @Test func listsExactlyTheNilRequirementsSorted() {
        let kiosk = Kiosk()
        kiosk.require_map = { $0 }
        let wiring = WiringAudit.wiring(of: kiosk)
        #expect(wiring.component == "Kiosk")
        #expect(wiring.requirements == ["require_help", "require_map", "require_zebra"])
        #expect(wiring.unwired == ["require_help", "require_zebra"])
        #expect(wiring.qualifiedUnwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
        #expect(!wiring.isComplete)
    }

    @Test func ignoresPropertiesThatAreNotRequirementsEvenWhenNil() {
        let kiosk = Kiosk()
        kiosk.require_map = { $0 }
        kiosk.require_help = { 1 }
        kiosk.require_zebra = { _, _ in }
        #expect(kiosk.name == nil)
        let report = WiringAudit.audit([kiosk])
        #expect(report.isComplete)
        #expect(report.unwired.isEmpty)
        #expect(report.requirementCount == 3)
    }

    @Test func componentWithoutRequirementsIsComplete() {
        let wiring = WiringAudit.wiring(of: Clock())
        #expect(wiring.requirements.isEmpty)
        #expect(wiring.isComplete)
    }

    @Test func includesRequirementsDeclaredInSuperclasses() {
        let component = DerivedComponent()
        component.require_own = {}
        #expect(WiringAudit.wiring(of: component).unwired == ["require_inherited"])
    }

    @Test func theFieldWalkAgreesWithTheMirror() {
        let kiosk = Kiosk()
        kiosk.require_help = { 2 }
        let derived = DerivedComponent()
        derived.require_inherited = {}
        for component in [kiosk, Clock(), derived, DerivedComponent(), Generic<Int>()] as [AnyObject] {
            #expect(WiringAudit.wiring(of: component) == WiringAudit.mirroredWiring(of: component))
        }
        #expect(WiringAudit.wiring(of: Generic<Int>()).component == "Generic<Int>")
        #expect(WiringAudit.wiring(of: Generic<Int>()).unwired == ["require_item"])
    }

    @Test func weakUnownedAndPlainPropertiesNamedLikeRequiresAreReadSafely() {
        let owner = Clock()
        let delegate = Clock()
        let oddities = Oddities(owner: owner)
        oddities.require_delegate = delegate
        let wiring = WiringAudit.wiring(of: oddities)
        #expect(wiring == WiringAudit.mirroredWiring(of: oddities))
        #expect(
            wiring.requirements == [
                "require_count", "require_delegate", "require_hidden", "require_owner", "require_shown",
            ])
        #expect(wiring.unwired == ["require_count", "require_hidden"])
        withExtendedLifetime(delegate) {}
        withExtendedLifetime(owner) {}
    }

    @Test func auditsTheComponentsBehindRouters() {
        let router = KioskRouter(component: Kiosk())
        #expect(router.componentName == "Kiosk")
        #expect(
            WiringAudit.audit([router]).unwired == ["Kiosk.require_help", "Kiosk.require_map", "Kiosk.require_zebra"])
        router.configure()
        #expect(WiringAudit.audit([router]).unwired == ["Kiosk.require_help", "Kiosk.require_zebra"])
    }

    @Test func reportTextNamesEveryHoleAndSummarises() {
        let kiosk = Kiosk()
        kiosk.require_map = { $0 }
        let report = WiringAudit.audit([kiosk, Clock()])
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

    @Test func completeReportSaysSo() {
        let kiosk = Kiosk()
        kiosk.require_map = { $0 }
        kiosk.require_help = { 1 }
        kiosk.require_zebra = { _, _ in }
        #expect(WiringAudit.audit([kiosk]).lines.last == "All 3 requires of 1 component are wired.")
    }
}
