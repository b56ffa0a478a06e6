import MallBase
import MallNavigator
import Shop

/// Shop on its own: the shop finder in the text navigator, every require answered by a stub.
@main
@MainActor
enum ShopPreview {
    static func main() {
        answerEveryRequire()
        ComponentPreview.main(of: Shop.shared) { Shop.shared.provide_searchShop() }
    }

    /// Answers each of Shop's requires with a stub naming it, its arguments, and who serves it in the app.
    static func answerEveryRequire() {
        let shop = Shop.shared
        shop.require_eventDetail = { eventId, eventType in
            .stub(
                Shop.self, "require_eventDetail", arguments: ["eventId": eventId, "eventType": eventType],
                answeredBy: "Event")
        }
        shop.require_buyOrder = { merchantNo, itemNo in
            .stub(
                Shop.self, "require_buyOrder", arguments: ["merchantNo": merchantNo, "itemNo": itemNo],
                answeredBy: "the shell's buy-order page")
        }
        shop.require_groupbuyInfo = { gbId in
            .stub(Shop.self, "require_groupbuyInfo", arguments: ["gbId": gbId], answeredBy: "Groupbuy")
        }
        shop.require_allGroupbuy = { summaries in
            .stub(
                Shop.self, "require_allGroupbuy", arguments: ["summaries": summaries.map(\.id)],
                answeredBy: "Groupbuy")
        }
        shop.require_couponDetail = { couponId, category in
            .stub(
                Shop.self, "require_couponDetail", arguments: ["couponId": couponId, "category": category],
                answeredBy: "the shell's coupon page")
        }
        shop.require_couponConsumeDetail = { couponId in
            .stub(
                Shop.self, "require_couponConsumeDetail", arguments: ["couponId": couponId],
                answeredBy: "the shell's used-coupon page")
        }
        shop.require_navFindShopAndCar = { url in
            .stub(Shop.self, "require_navFindShopAndCar", arguments: ["url": url], answeredBy: "the shell's web page")
        }
        shop.require_appointmentBookInfo = { shopId in
            .stub(Shop.self, "require_appointmentBookInfo", arguments: ["shopId": shopId], answeredBy: "Appointment")
        }
        shop.require_appointmentBookDetail = { serialNo, orderNo in
            .stub(
                Shop.self, "require_appointmentBookDetail", arguments: ["serialNo": serialNo, "orderNo": orderNo],
                answeredBy: "Appointment")
        }
        // A stub booking at every shop with a queue, so its page shows where a booking leads.
        shop.require_appointmentBookings = { _ in [BookingSummary(serialNo: "A001", orderNo: "BK-PREVIEW")] }
    }
}
