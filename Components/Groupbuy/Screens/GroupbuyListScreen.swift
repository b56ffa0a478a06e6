import MallBase
import Middleware

/// Every deal on offer: the entry screen of the Groupbuy component.
@MainActor
enum GroupbuyListScreen {
    static func make() -> Screen {
        let store = Groupbuy.shared.store
        return Screen(title: "Group-buys", origin: "Groupbuy", records: store.deals) { catalog in
            Screen.Content(
                body: [
                    "\(catalog.groupbuys.count == 1 ? "1 deal" : "\(catalog.groupbuys.count) deals"). Buy together, pay less."
                ],
                actions: catalog.groupbuys.map { deal in
                    .push("\(deal.title) · \(Money.format(cents: deal.priceInCents))") {
                        GroupbuyInfoScreen.make(gbId: deal.id)
                    }
                }
            )
        }
    }
}
