import MallBase
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Shop

/// Shop tested alone: every require is a stub that records its call.
///
/// Each test case starts on a fresh singleton and runs alone (`.freshComponents`), so no test sees
/// another's stubs or state, in any order and under `swift test --parallel`.
@MainActor
@Suite("Shop", .freshComponents { [Shop.shared] })
struct ShopTests {
    /// What the bookings stub answers, and how often it was asked.
    private final class Bookings {
        var held = [BookingSummary(serialNo: "A007", orderNo: "BK-1007")]
        var askedFor: [ShopID] = []
    }

    /// Fresh sample data, every require answered by its recording stub (the bookings by ones the
    /// test holds); returns the log the stubs write to.
    private func stubbedShop(bookings: Bookings = Bookings()) -> CallLog {
        let log = CallLog()
        let shop = Shop.shared
        shop.stubEveryRequire(onCall: log.record)
        shop.require_appointmentBookings = { shopId in
            bookings.askedFor.append(shopId)
            return bookings.held
        }
        return log
    }

    @Test func searchListsEveryShopAndOpensItsDetail() async throws {
        _ = stubbedShop()
        let screen = await Shop.shared.provide_searchShop().loaded()
        #expect(screen.title == "Shops")
        #expect(screen.origin == "Shop")
        #expect(screen.body == ["8 shops on 5 floors. ♥ marks your favourites."])
        #expect(screen.actionTitles.count == 8)
        #expect(screen.actionTitles.first == "Blue Bottle Coffee · Cafe · L1")
        let detail = try #require(await screen.open("Din Tai Fung"))
        #expect(detail.title == "Din Tai Fung")
    }

    @Test func detailShowsTheShopAndEveryWayOut() async {
        _ = stubbedShop()
        let screen = await Shop.shared.provide_shopDetail(shopId: "s01").loaded()
        #expect(screen.title == "Blue Bottle Coffee")
        #expect(screen.body.first == "Cafe · Floor L1 · Open 07:30–21:00")
        #expect(
            screen.actionTitles == [
                "Add to favourites",
                "Event: Latte Art Morning",
                "Group-buy: Coffee for Two · ¥38.00",
                "Group-buy: Mall Dining Voucher ¥100 · ¥88.00",
                "All 2 group-buys",
                "Coupon: ¥5 off any latte",
                "Used coupon: Free pastry (used 12 Nov)",
                "Pay the bill",
                "Find the shop and my car",
            ]
        )
    }

    @Test(
        "Each action calls the right require with the right arguments",
        arguments: [
            ("s01", "Event: Latte Art Morning", "Shop.require_eventDetail(eventId: e01, eventType: workshop)"),
            ("s01", "Group-buy: Coffee for Two", "Shop.require_groupbuyInfo(gbId: g01)"),
            ("s01", "All 2 group-buys", "Shop.require_allGroupbuy(summaries: [g01, g05])"),
            ("s01", "Coupon: ¥5 off any latte", "Shop.require_couponDetail(couponId: c01, category: discount)"),
            ("s01", "Used coupon:", "Shop.require_couponConsumeDetail(couponId: c09)"),
            ("s01", "Pay the bill", #"Shop.require_buyOrder(merchantNo: "M1001", itemNo: "bill")"#),
            (
                "s01", "Find the shop and my car",
                #"Shop.require_navFindShopAndCar(url: "https://mall.example.com/indoor-nav?shop=s01")"#
            ),
            ("s02", "Queue: take a number", "Shop.require_appointmentBookInfo(shopId: s02)"),
            ("s02", "Your booking A007", #"Shop.require_appointmentBookDetail(serialNo: "A007", orderNo: "BK-1007")"#),
            ("s05", "Event: Hot Pot Tasting Night", "Shop.require_eventDetail(eventId: e06, eventType: tasting)"),
        ]
    )
    func actionCallsRequire(shopId: String, action: String, expectedCall: String) async throws {
        let log = stubbedShop()
        let screen = await Shop.shared.provide_shopDetail(shopId: ShopID(shopId)).loaded()
        let destination = try #require(await screen.open(action))
        #expect(log.calls == [expectedCall])
        #expect(destination.origin == "Preview")
    }

    @Test func aShopsPageAsksForTheBookingsEachTimeItComesOnTopAndKeepsNoCopy() async throws {
        let bookings = Bookings()
        _ = stubbedShop(bookings: bookings)
        let screen = Shop.shared.provide_shopDetail(shopId: "s02")
        #expect(screen.load?.reloadsWhenShownAgain == true)
        // The shops are there at once (embedded), so the page shows them while it asks for the bookings.
        #expect(screen.body.contains("Your bookings: Loading…"))
        #expect(await screen.loaded().actionTitles.contains("Your booking A007"))
        bookings.held = [BookingSummary(serialNo: "B032", orderNo: "BK-1008")]
        #expect(await screen.loaded().actionTitles.filter { $0.hasPrefix("Your booking") } == ["Your booking B032"])
        bookings.held = []
        #expect(await !screen.loaded().actionTitles.contains { $0.hasPrefix("Your booking") })
        #expect(bookings.askedFor == ["s02", "s02", "s02"])
    }

    @Test func bookingsThatFailToLoadSayWhatFailedAndCanBeAskedForAgain() async throws {
        Shop.shared.stubEveryRequire(behavior: StubBehavior(fails: true))
        let screen = await Shop.shared.provide_shopDetail(shopId: "s02").loaded()
        #expect(
            screen.body.last
                == "Your bookings are unavailable: the stub of Shop.require_appointmentBookings was told to fail")
        #expect(screen.actionTitles.contains("Try again"))
        #expect(screen.actionTitles.contains("Queue: take a number"))
        #expect(!screen.actionTitles.contains { $0.hasPrefix("Your booking") })
    }

    /// Running out of time is a failure like any other: the bookings' line says so, and the rest of the
    /// page stays (the whole page became "Could not load … Try again").
    @Test func bookingsThatRunOutOfTimeMarkOnlyTheirOwnLine() async throws {
        Shop.shared.stubEveryRequire(behavior: StubBehavior(delay: .seconds(30)))
        let screen = await Shop.shared.provide_shopDetail(shopId: "s02").loaded(runningOut: .seconds(1))
        #expect(screen.title == "Din Tai Fung")
        #expect(screen.body.last == "Your bookings are unavailable: no answer within 0.95 seconds")
        #expect(screen.actionTitles.contains("Queue: take a number"))
        #expect(screen.actionTitles.contains("Try again"))
    }

    @Test func aShopWithoutAQueueDoesNotAskForBookings() async {
        let bookings = Bookings()
        _ = stubbedShop(bookings: bookings)
        let screen = Shop.shared.provide_shopDetail(shopId: "s01")
        #expect(await !screen.loaded().actionTitles.contains { $0.hasPrefix("Your booking") })
        #expect(bookings.askedFor == [])
    }

    @Test func unwiredBookingsAreNamedOnThePage() async {
        _ = stubbedShop()
        Shop.shared.require_appointmentBookings = nil
        let screen = await Shop.shared.provide_shopDetail(shopId: "s02").loaded()
        #expect(screen.body.last == "Your bookings are unavailable: Shop.require_appointmentBookings is not wired")
        #expect(!screen.actionTitles.contains { $0.hasPrefix("Your booking") })
    }

    @Test func payingTheBillIsModal() async throws {
        _ = stubbedShop()
        let screen = await Shop.shared.provide_shopDetail(shopId: "s01").loaded()
        let pay = try #require(screen.action(titled: "Pay the bill"))
        #expect(pay.isPresentation)
        #expect(screen.action(titled: "Event: Latte Art Morning")?.isPresentation == false)
    }

    @Test func unwiredRequireShowsUnavailableScreenNamingIt() async throws {
        let log = stubbedShop()
        Shop.shared.require_eventDetail = nil
        let destination = try #require(await Shop.shared.provide_shopDetail(shopId: "s01").loaded().open("Event:"))
        #expect(destination.title == "Unavailable")
        #expect(destination.body.first == "Shop.require_eventDetail is not wired.")
        #expect(log.calls.isEmpty)
    }

    @Test func favouritingTogglesAndIsReportedWhenTheScreenDisappears() async throws {
        _ = stubbedShop()
        var reports: [Bool] = []
        let screen = await Shop.shared.provide_shopDetail(shopId: "s03") { reports.append($0) }.loaded()
        let favourite = try #require(screen.action(titled: "Add to favourites"))
        #expect(await favourite.message() == "Uniqlo added to your favourites.")
        #expect(screen.body.contains("♥ In your favourites"))
        #expect(screen.actionTitles.first == "Remove from favourites")
        screen.onDisappear?()
        #expect(reports == [true])

        #expect(await screen.actions.first?.message() == "Uniqlo removed from your favourites.")
        screen.onDisappear?()
        #expect(reports == [true, false])
        #expect(await Shop.shared.provide_searchShop().loaded().actionTitles[2] == "Uniqlo · Fashion · L2")
    }

    @Test func favouritesShowInTheFinder() async throws {
        _ = stubbedShop()
        _ = await Shop.shared.provide_shopDetail(shopId: "s01").loaded().actions.first?.message()
        #expect(
            await Shop.shared.provide_searchShop().loaded().actionTitles.first == "Blue Bottle Coffee · Cafe · L1 ♥")
    }

    @Test func detailWithoutCallbackHasNoDisappearHook() {
        _ = stubbedShop()
        #expect(Shop.shared.provide_shopDetail(shopId: "s01").onDisappear == nil)
    }

    @Test func applicableShopsListsTheShopsOfADeal() async throws {
        _ = stubbedShop()
        let screen = await Shop.shared.provide_shopApplyForGroupbuy(gbId: "g05").loaded()
        #expect(screen.title == "Applicable shops")
        #expect(screen.body == ["3 shops accept this deal."])
        #expect(
            screen.actionTitles == ["Blue Bottle Coffee · L1", "Din Tai Fung · L3", "Haidilao Hot Pot · L4"]
        )
        #expect(try #require(await screen.open("Haidilao")).title == "Haidilao Hot Pot")
    }

    @Test(arguments: [
        (ShopTests.Lookup.detail, "s99", "Shop not found"),
        (.detail, "", "Shop not found"),
        (.applicableShops, "g99", "Group-buy not found"),
    ])
    func unknownIdsGiveANotFoundScreen(lookup: Lookup, id: String, title: String) async {
        _ = stubbedShop()
        let screen =
            switch lookup {
            case .detail: await Shop.shared.provide_shopDetail(shopId: ShopID(id)).loaded()
            case .applicableShops: await Shop.shared.provide_shopApplyForGroupbuy(gbId: GroupbuyID(id)).loaded()
            }
        #expect(screen.title == title)
        #expect(screen.body.first == "No \(title.split(separator: " ")[0].lowercased()) has the id '\(id)'.")
        #expect(screen.actionTitles == ["Back"])
    }

    enum Lookup: Sendable {
        case detail
        case applicableShops
    }
}

/// The service's document the package ships (`Service/api/shops.json`) and the shops embedded in
/// Shop are one source: the document is the embedded shops written out, byte for byte.
@Suite("Shop's shipped document")
struct ShopDocumentTests {
    @Test func theShippedShopsAreTheEmbeddedShops() throws {
        try ServiceDocument.check("shops", holds: Records.served(ShopCatalog(shops: ShopRecord.samples)))
    }
}
