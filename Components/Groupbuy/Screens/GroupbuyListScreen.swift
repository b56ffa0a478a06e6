import MallBase

/// Every deal on offer: the entry screen of the Groupbuy component.
@MainActor
enum GroupbuyListScreen {
    static func make() -> Screen {
        Screen(title: "Group-buys", origin: "Groupbuy") {
            let store = Groupbuy.shared.store
            return Screen.Content(
                body: ["\(store.deals.count) deals. Buy together, pay less."],
                actions: store.deals.map { deal in
                    .push("\(deal.title) · \(Money.format(cents: deal.priceInCents))") {
                        GroupbuyInfoScreen.make(gbId: deal.id)
                    }
                }
            )
        }
    }
}
