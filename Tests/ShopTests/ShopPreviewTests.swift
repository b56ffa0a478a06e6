import MallBase
import MallNavigator
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Shop
@testable import ShopPreview

/// Shop run alone: the preview's entry screen, and every require answered by a stub naming its call.
@MainActor
@Suite("Shop preview", .freshComponents { [Shop.shared] })
struct ShopPreviewTests {
    private func preview() -> ComponentPreview {
        return ShopPreview.app()
    }

    @Test func opensTheShopFinderAndItsAuditIsClean() async {
        let app = preview()
        let run = await app.run(input: ["1", "q"])
        #expect(run.status == .success)
        #expect(run.output.screenTitles == ["Shops", "Blue Bottle Coffee"])
        #expect(run.errors.isEmpty)
        #expect(
            await app.run(["audit"], input: []).output.hasSuffix(
                "All \(Shop.allRequires.count) requires of 1 component are wired.\n"))
    }

    @Test func choosingAnEventShowsTheStubWithItsArguments() async {
        let run = await preview().run(input: ["1", "2", "q"])
        #expect(run.output.screenTitles == ["Shops", "Blue Bottle Coffee", "Shop.require_eventDetail"])
        #expect(
            run.output.contains(
                """
                Shops › Blue Bottle Coffee › Shop.require_eventDetail
                == Shop.require_eventDetail ==
                Shop.require_eventDetail(eventId: e01, eventType: workshop)
                This preview runs Shop alone, so a stub answers this require.
                In the app, Event answers it.

                  1. Back
                """
            )
        )
    }

    /// Each require, called as Shop's screens call it, and the first line its stub must show.
    nonisolated static let calls: [(require: String, call: @MainActor @Sendable () -> Screen, shows: String)] = [
        (
            "require_eventDetail", { Shop.shared.eventDetail("e01", .workshop) },
            "Shop.require_eventDetail(eventId: e01, eventType: workshop)"
        ),
        (
            "require_buyOrder", { Shop.shared.buyOrder("M1001", "bill") },
            "Shop.require_buyOrder(merchantNo: \"M1001\", itemNo: \"bill\")"
        ),
        ("require_groupbuyInfo", { Shop.shared.groupbuyInfo("g01") }, "Shop.require_groupbuyInfo(gbId: g01)"),
        (
            "require_allGroupbuy",
            {
                Shop.shared.allGroupbuy([
                    GroupbuySummary(id: "g01", title: "Coffee for Two", priceInCents: 3800),
                    GroupbuySummary(id: "g05", title: "Mall Dining Voucher", priceInCents: 8800),
                ])
            },
            "Shop.require_allGroupbuy(summaries: [g01, g05])"
        ),
        (
            "require_couponDetail", { Shop.shared.couponDetail("c01", .discount) },
            "Shop.require_couponDetail(couponId: c01, category: discount)"
        ),
        (
            "require_couponConsumeDetail", { Shop.shared.couponConsumeDetail("c09") },
            "Shop.require_couponConsumeDetail(couponId: c09)"
        ),
        (
            "require_navFindShopAndCar", { Shop.shared.navFindShopAndCar("https://mall.example.com/nav?shop=s01") },
            "Shop.require_navFindShopAndCar(url: \"https://mall.example.com/nav?shop=s01\")"
        ),
        (
            "require_appointmentBookInfo", { Shop.shared.appointmentBookInfo("s02") },
            "Shop.require_appointmentBookInfo(shopId: s02)"
        ),
        (
            "require_appointmentBookDetail", { Shop.shared.appointmentBookDetail("A007", "BK-1007") },
            "Shop.require_appointmentBookDetail(serialNo: \"A007\", orderNo: \"BK-1007\")"
        ),
    ]

    @Test func everyRequireShowsItsStubWithTheArguments() {
        _ = preview()
        for (require, call, shows) in Self.calls {
            let screen = call()
            #expect(screen.title == "Shop.\(require)")
            #expect(screen.origin == "Preview")
            #expect(screen.body.first == shows)
        }
    }

    @Test func unwiredRequiresNameThemselvesAndTheCallsCoverEveryRequire() {
        Shop.shared.unwireEveryRequire()
        let wiring = WiringAudit.wiring(of: Shop.shared)
        #expect(wiring.unwired == wiring.requires)
        // The bookings are data, not a screen: the page says they are unavailable (ShopTests).
        #expect(Set(Self.calls.map(\.require)).isSubset(of: wiring.requires))
        for (require, call, _) in Self.calls {
            #expect(call().body.first == "Shop.\(require) is not wired.")
        }
    }
}
