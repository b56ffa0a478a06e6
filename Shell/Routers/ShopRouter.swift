import Appointment
import Event
import Groupbuy
import MallBase
import Shop

/// Wires Shop's requirements to Event, Groupbuy, Appointment and the shell's own pages.
@MainActor
struct ShopRouter: ComponentRouter {
    let component = Shop.shared

    var homeEntry: Action {
        .push("Shops: find a shop") { Shop.shared.provide_searchShop() }
    }

    func configure() {
        let shop = component
        shop.require_eventDetail = { eventId, eventType in
            Event.shared.provide_eventDetail(eventId: eventId, eventType: eventType)
        }
        shop.require_buyOrder = { merchantNo, itemNo in
            BuyOrderScreen.make(merchantNo: merchantNo, itemNo: itemNo)
        }
        shop.require_groupbuyInfo = { gbId in
            Groupbuy.shared.provide_groupbuyInfo(gbId: gbId)
        }
        shop.require_allGroupbuy = { summaries in
            Groupbuy.shared.provide_groupbuyAllForShop(summaries)
        }
        shop.require_couponDetail = { couponId, category in
            CouponDetailScreen.make(couponId: couponId, category: category)
        }
        shop.require_couponConsumeDetail = { couponId in
            CouponConsumeDetailScreen.make(couponId: couponId)
        }
        shop.require_navFindShopAndCar = { url in
            WebPageScreen.make(url: url)
        }
        shop.require_appointmentBookInfo = { shopId in
            Appointment.shared.provide_appointmentBookInfo(shopId: shopId)
        }
        shop.require_appointmentBookDetail = { serialNo, orderNo in
            Appointment.shared.provide_appointmentBookDetail(serialNo: serialNo, orderNo: orderNo)
        }
    }
}
