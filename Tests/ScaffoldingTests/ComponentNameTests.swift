import ComponentScaffold
import MallTestSupport
import MiddlewareTesting
import Testing

/// The name a new component gets in this package, checked as `new-component` checks it: by planning
/// the component from the mall's templates, which writes nothing.
private func accepted(_ name: String, existingNames: Set<String> = PackageCopy.targetNames) throws -> String {
    try Scaffolder(packageRoot: PackageCopy.sourceRoot).plan(name: name, existingNames: existingNames).component
}

@Suite("Component names")
struct ComponentNameTests {
    @Test(
        arguments: [
            ("", "a component name is required, e.g. new-component Coupon"),
            ("concierge", "'concierge' is not UpperCamelCase; did you mean 'Concierge'?"),
            ("shop", "'shop' is not UpperCamelCase; start it with a capital letter, e.g. Coupon or GiftCard"),
            ("loyaltyPoints", "'loyaltyPoints' is not UpperCamelCase; did you mean 'LoyaltyPoints'?"),
            (
                "9Lives",
                "'9Lives' is not a Swift identifier in UpperCamelCase; use ASCII letters and digits, starting with an uppercase letter, e.g. Coupon or GiftCard"
            ),
            (
                "Coupon-Box",
                "'Coupon-Box' is not a Swift identifier in UpperCamelCase; use ASCII letters and digits, starting with an uppercase letter, e.g. Coupon or GiftCard"
            ),
            (
                "Gift Card",
                "'Gift Card' is not a Swift identifier in UpperCamelCase; use ASCII letters and digits, starting with an uppercase letter, e.g. Coupon or GiftCard"
            ),
            (
                "Gift_Card",
                "'Gift_Card' is not a Swift identifier in UpperCamelCase; use ASCII letters and digits, starting with an uppercase letter, e.g. Coupon or GiftCard"
            ),
            (
                "Coupón",
                "'Coup\\u{F3}n' is not a Swift identifier in UpperCamelCase; use ASCII letters and digits, starting with an uppercase letter, e.g. Coupon or GiftCard"
            ),
            (
                "Coupon\n",
                "'Coupon\\u{A}' is not a Swift identifier in UpperCamelCase; use ASCII letters and digits, starting with an uppercase letter, e.g. Coupon or GiftCard"
            ),
            ("COUPON", "'COUPON' is all capitals; name a component like a type, e.g. Coupon or GiftCard"),
            (
                "PriceTests",
                "'PriceTests' ends in 'Tests', which names test and preview targets (layers.json places '*Tests' targets by that ending); choose another name"
            ),
            (
                "KioskPreview",
                "'KioskPreview' ends in 'Preview', which names test and preview targets (layers.json places '*Preview' targets by that ending); choose another name"
            ),
            ("Self", "'Self' is a Swift keyword or a standard type; choose another name"),
            ("Any", "'Any' is a Swift keyword or a standard type; choose another name"),
            ("Swift", "'Swift' is a standard module; a component with that name would shadow it"),
            ("Foundation", "'Foundation' is a standard module; a component with that name would shadow it"),
            ("Testing", "'Testing' is a standard module; a component with that name would shadow it"),
            ("XCTest", "'XCTest' is a standard module; a component with that name would shadow it"),
            ("Dispatch", "'Dispatch' is a standard module; a component with that name would shadow it"),
            ("Glibc", "'Glibc' is a standard module; a component with that name would shadow it"),
            ("Screen", "the component would declare 'Screen', a type this package already has; choose another name"),
            ("Tour", "the component would declare 'Tour', a type this package already has; choose another name"),
            ("Session", "the component would declare 'Session', a type this package already has; choose another name"),
            (
                "ShopRouter",
                "the component would declare 'ShopRouter', a type this package already has; choose another name"
            ),
            (
                "Component",
                TestText(
                    "'Component' is reserved: in every router, Component is the type of the router's component (the"
                        + " Router protocol's); choose another name")
            ),
            (
                "String",
                "the component would declare 'String', which shadows the standard type 'String'; choose another name"
            ),
            (
                "MainActor",
                "the component would declare 'MainActor', which shadows the standard type 'MainActor'; choose another name"
            ),
            ("Test", "the component would declare 'Test', which shadows the standard type 'Test'; choose another name"),
            ("MallBase", "'MallBase' is already a target or module of this package; choose another name"),
            ("MallNavigator", "'MallNavigator' is already a target or module of this package; choose another name"),
            ("Event", "'Event' is already a target or module of this package; choose another name"),
            ("Shop", "'Shop' is already a target or module of this package; choose another name"),
            ("Appointment", "'Appointment' is already a target or module of this package; choose another name"),
            (
                "LayeringCheck",
                TestText(
                    "'LayeringCheck' is a target of the middleware's package, which every app's package graph holds,"
                        + " and SwiftPM wants target names unique across it; choose another name")
            ),
            (
                "ShOp",
                TestText(
                    "'ShOp' differs from the existing 'Shop' only in case; their folders clash on a case-insensitive disk;"
                        + " choose another name")
            ),
            (
                String(repeating: "A", count: 1) + String(repeating: "b", count: 60),
                "'Abbbbbbbbbbbbbbbbbbb…' is 61 characters long; use at most 48"
            ),
        ] as [(String, TestText)])
    func invalidNamesAreRefusedWithAReason(name: String, message: TestText) {
        #expect(throws: ScaffoldError(message.text)) {
            try accepted(name)
        }
    }

    /// Names neither this package nor the random property test uses, so a copy with added components agrees.
    @Test(arguments: ["Concierge", "LoyaltyPoints", "Valet2", "QRCode"])
    func validNamesAreAccepted(name: String) throws {
        #expect(try accepted(name) == name)
    }

    @Test func aTestTargetNameCountsAsTaken() {
        #expect(
            throws: ScaffoldError("'ConciergeTests' is already a target or module of this package; choose another name")
        ) {
            try accepted("Concierge", existingNames: PackageCopy.targetNames.union(["ConciergeTests"]))
        }
    }
}
