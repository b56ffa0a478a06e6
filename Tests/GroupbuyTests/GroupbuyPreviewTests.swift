import MallBase
import MallNavigator
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Groupbuy
@testable import GroupbuyPreview

/// Groupbuy run alone: the preview's entry screen, and every require answered by a stub naming its call.
@MainActor
@Suite("Groupbuy preview", .freshComponents { [Groupbuy.shared] })
struct GroupbuyPreviewTests {
    private func preview() -> ComponentPreview {
        return GroupbuyPreview.app()
    }

    @Test func opensTheDealsAndItsAuditIsClean() async {
        let app = preview()
        let run = await app.run(input: ["1", "2", "q"])
        #expect(run.status == .success)
        #expect(run.output.screenTitles == ["Group-buys", "Coffee for Two", "Groupbuy.require_shopApplyForGroupbuy"])
        #expect(run.output.contains("Groupbuy.require_shopApplyForGroupbuy(gbId: g01)\n"))
        #expect(await app.run(["audit"], input: []).output.hasSuffix("All 2 requires of 1 component are wired.\n"))
    }

    @Test func everyRequireShowsItsStubWithTheArguments() {
        _ = preview()
        let detail = Groupbuy.shared.shopDetail("s02") { _ in }
        #expect(detail.title == "Groupbuy.require_shopDetail")
        #expect(detail.body.first == "Groupbuy.require_shopDetail(shopId: s02, onDisappear: (callback))")
        #expect(detail.body.last == "In the app, Shop answers it.")
        let shops = Groupbuy.shared.shopApplyForGroupbuy("g05")
        #expect(shops.body.first == "Groupbuy.require_shopApplyForGroupbuy(gbId: g05)")
    }

    @Test func theShopDetailStubNeverCallsBack() {
        _ = preview()
        var reports: [Bool] = []
        let detail = Groupbuy.shared.shopDetail("s02") { reports.append($0) }
        detail.onDisappear?()
        #expect(reports.isEmpty)
    }

    @Test func unwiredRequiresNameThemselves() {
        Groupbuy.shared.require_shopDetail = nil
        Groupbuy.shared.require_shopApplyForGroupbuy = nil
        let wiring = WiringAudit.wiring(of: Groupbuy.shared)
        #expect(wiring.unwired == ["require_shopApplyForGroupbuy", "require_shopDetail"])
        #expect(wiring.unwired == wiring.requires)
        #expect(Groupbuy.shared.shopDetail("s02") { _ in }.body.first == "Groupbuy.require_shopDetail is not wired.")
        #expect(
            Groupbuy.shared.shopApplyForGroupbuy("g05").body.first
                == "Groupbuy.require_shopApplyForGroupbuy is not wired.")
    }
}
