import MallBase
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Groupbuy

/// Groupbuy tested alone: a stub shop page stands in for Shop, and reports a favourite when it leaves.
@MainActor
@Suite("Groupbuy", .freshComponents { [Groupbuy.shared] })
struct GroupbuyTests {
    /// Fresh sample data and stubbed requires. The stub shop page reports `reportsFavorited`
    /// through the on-disappear callback Groupbuy passed, as Shop's real page would.
    private func stubbedGroupbuy(reportsFavorited: Bool = true) -> CallLog {
        let log = CallLog()
        let groupbuy = Groupbuy.shared
        groupbuy.stubEveryRequire(onCall: log.record)
        groupbuy.require_shopDetail = { shopId, onDisappear in
            log.record("shopDetail", shopId).onDisappear { onDisappear(reportsFavorited) }
        }
        return log
    }

    @Test func listShowsEveryDeal() async throws {
        _ = stubbedGroupbuy()
        let screen = Groupbuy.shared.provide_groupbuyList()
        #expect(screen.title == "Group-buys")
        #expect(screen.origin == "Groupbuy")
        #expect(
            screen.actionTitles == [
                "Coffee for Two · ¥38.00",
                "Dumpling Feast for Four · ¥298.00",
                "Hot Pot Dinner for Two · ¥198.00",
                "Movie and Popcorn · ¥69.00",
                "Mall Dining Voucher ¥100 · ¥88.00",
            ]
        )
        #expect(try #require(await screen.open("Movie")).title == "Movie and Popcorn")
    }

    @Test func infoShowsPriceShopsAndActions() {
        _ = stubbedGroupbuy()
        let screen = Groupbuy.shared.provide_groupbuyInfo(gbId: "g05")
        #expect(screen.title == "Mall Dining Voucher ¥100")
        #expect(screen.body.first == "¥88.00 (was ¥100.00) · 5120 sold · valid until 31 Mar")
        #expect(
            screen.actionTitles == [
                "Buy one · ¥88.00", "Applicable shops", "Open Blue Bottle Coffee", "Open Din Tai Fung",
                "Open Haidilao Hot Pot",
            ]
        )
    }

    @Test(arguments: [
        ("g05", "Applicable shops", "Groupbuy.require_shopApplyForGroupbuy(gbId: g05)"),
        ("g01", "Applicable shops", "Groupbuy.require_shopApplyForGroupbuy(gbId: g01)"),
        ("g05", "Open Din Tai Fung", "shopDetail(s02)"),
        ("g04", "Open Lumière Cinema", "shopDetail(s08)"),
    ])
    func actionsCallTheRightRequire(gbId: String, action: String, expectedCall: String) async throws {
        let log = stubbedGroupbuy()
        let destination = try #require(await Groupbuy.shared.provide_groupbuyInfo(gbId: GroupbuyID(gbId)).open(action))
        #expect(["Stub", "Preview"].contains(destination.origin))
        #expect(log.calls == [expectedCall])
    }

    @Test(arguments: [true, false])
    func theShopPageReportsTheFavouriteBackWhenItDisappears(isFavorited: Bool) async throws {
        _ = stubbedGroupbuy(reportsFavorited: isFavorited)
        let screen = Groupbuy.shared.provide_groupbuyInfo(gbId: "g05")
        #expect(screen.body.contains("  Din Tai Fung"))
        let shopPage = try #require(await screen.open("Open Din Tai Fung"))
        #expect(screen.body.contains("  Din Tai Fung"), "nothing is reported before the page disappears")
        shopPage.onDisappear?()
        // Loaded again as it comes back on top, the page reads the state after the report's change.
        #expect(await screen.loaded().body.contains("  Din Tai Fung ♥ favourited") == isFavorited)
    }

    @Test func unwiredRequiresShowUnavailable() async throws {
        _ = stubbedGroupbuy()
        Groupbuy.shared.require_shopDetail = nil
        Groupbuy.shared.require_shopApplyForGroupbuy = nil
        let screen = Groupbuy.shared.provide_groupbuyInfo(gbId: "g01")
        #expect(try #require(await screen.open("Open")).body.first == "Groupbuy.require_shopDetail is not wired.")
        #expect(
            try #require(await screen.open("Applicable")).body.first
                == "Groupbuy.require_shopApplyForGroupbuy is not wired."
        )
    }

    @Test func buyingCountsThePurchase() async {
        _ = stubbedGroupbuy()
        let screen = Groupbuy.shared.provide_groupbuyInfo(gbId: "g01")
        #expect(await screen.actions.first?.message() == "Bought Coffee for Two for ¥38.00; you hold 1.")
        #expect(screen.body.first == "¥38.00 (was ¥56.00) · 1205 sold · valid until 31 Dec")
        #expect(screen.body.last == "You hold 1.")
    }

    @Test func allForShopListsTheSummariesItWasGiven() async throws {
        _ = stubbedGroupbuy()
        let summaries = [
            GroupbuySummary(id: "g02", title: "Dumpling Feast for Four", priceInCents: 29800),
            GroupbuySummary(id: "g05", title: "Mall Dining Voucher ¥100", priceInCents: 8800),
        ]
        let screen = Groupbuy.shared.provide_groupbuyAllForShop(summaries)
        #expect(screen.title == "Group-buys here")
        #expect(screen.actionTitles == ["Dumpling Feast for Four · ¥298.00", "Mall Dining Voucher ¥100 · ¥88.00"])
        #expect(try #require(await screen.open("Dumpling")).title == "Dumpling Feast for Four")
        #expect(Groupbuy.shared.provide_groupbuyAllForShop([]).body == ["This shop has no group-buys right now."])
    }

    @Test(arguments: ["g99", "", "s01"])
    func unknownDealGivesNotFound(gbId: String) {
        _ = stubbedGroupbuy()
        let screen = Groupbuy.shared.provide_groupbuyInfo(gbId: GroupbuyID(gbId))
        #expect(screen.title == "Group-buy not found")
        #expect(screen.body.first == "No group-buy has the id '\(gbId)'.")
    }
}

/// The service's document the package ships (`Service/api/groupbuys.json`) and the records embedded in
/// Groupbuy are one source: the document is the embedded records written out, byte for byte.
@Suite("Groupbuy's shipped document")
struct GroupbuyDocumentTests {
    @Test func theShippedDocumentIsTheEmbeddedRecords() throws {
        try ServiceDocument.check(
            "groupbuys", holds: Records.served(GroupbuyCatalog(groupbuys: GroupbuyRecord.samples)))
    }
}
