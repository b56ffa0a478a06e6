import MallBase
import MallTestSupport
import Testing

@MainActor
@Suite("Base layer")
struct MallBaseTests {
    @Test func unavailableScreenNamesTheRequire() {
        let screen = Screen.unavailable("Shop.require_eventDetail")
        #expect(screen.title == "Unavailable")
        #expect(screen.body.first == "Shop.require_eventDetail is not wired.")
        #expect(screen.actionTitles == ["Back"])
    }

    @Test func optionalChainingFallsBackToTheUnavailableScreen() {
        var require: ((String) -> Screen)? = nil
        let unwired = require?("x") ?? .unavailable("Kiosk.require_map")
        #expect(unwired.title == "Unavailable")
        require = { Screen(title: "Map of \($0)", origin: "Test", body: []) }
        #expect((require?("L2") ?? .unavailable("Kiosk.require_map")).title == "Map of L2")
    }

    @Test func notFoundScreenNamesKindAndIdentifier() {
        let screen = Screen.notFound("Shop", "s99", origin: "Shop")
        #expect(screen.title == "Shop not found")
        #expect(screen.origin == "Shop")
        #expect(screen.body.first == "No shop has the id 's99'.")
    }

    @Test func contentIsRebuiltEveryTimeItIsRead() {
        var count = 0
        let screen = Screen(title: "Counter", origin: "Test") {
            count += 1
            return Screen.Content(body: ["\(count)"])
        }
        #expect(screen.body == ["1"])
        #expect(screen.body == ["2"])
    }

    @Test func onDisappearHooksChainInOrder() {
        var calls: [String] = []
        let screen = Screen(title: "A", origin: "Test", body: [])
            .onDisappear { calls.append("first") }
            .onDisappear { calls.append("second") }
        screen.onDisappear?()
        #expect(calls == ["first", "second"])
    }

    @Test(arguments: [(0, "¥0.00"), (5, "¥0.05"), (3800, "¥38.00"), (12_345, "¥123.45"), (-250, "-¥2.50")])
    func moneyFormatsCents(cents: Int, expected: String) {
        #expect(Money.format(cents: cents) == expected)
    }

    @Test func identifiersAreTypedAndCompareByValue() {
        let shop: ShopID = "s01"
        #expect(shop == ShopID("s01"))
        #expect(shop.description == "s01")
        #expect(ShopID(rawValue: "s02") > shop)
        #expect(EventType.workshop.description == "Workshop")
        #expect(CouponCategory(rawValue: "voucher") == .voucher)
        #expect(GroupbuySummary(id: "g01", title: "Coffee", priceInCents: 3800).formattedPrice == "¥38.00")
    }
}
