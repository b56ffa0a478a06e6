import MallBase
import Middleware

/// A deal's page: price, where to use it, and buying it.
@MainActor
enum GroupbuyInfoScreen {
    static func make(gbId: GroupbuyID) -> Screen {
        let api = Groupbuy.shared
        return Screen(
            title: "Group-buy", origin: "Groupbuy", records: api.store.deals, reading: api.store.state,
            retitle: { $0.deal(gbId)?.title ?? "Group-buy not found" }
        ) { catalog in
            guard let deal = catalog.deal(gbId) else {
                return Screen.notFound("Group-buy", gbId.rawValue, origin: "Groupbuy").content
            }
            let store = api.store
            var body = [
                "\(Money.format(cents: deal.priceInCents)) (was \(Money.format(cents: deal.originalPriceInCents)))"
                    + " · \(deal.sold + store.purchaseCount(deal.id)) sold · valid until \(deal.validUntil)",
                deal.details,
                "Use it at:",
            ]
            body += deal.shops.map { "  \($0.name)\(store.isFavorited($0.id) ? " ♥ favourited" : "")" }
            if store.purchaseCount(deal.id) > 0 {
                body.append("You hold \(store.purchaseCount(deal.id)).")
            }

            var actions: [Action] = [
                .message("Buy one · \(Money.format(cents: deal.priceInCents))") { await store.buy(deal) },
                .push("Applicable shops") {
                    api.shopApplyForGroupbuy(deal.id)
                },
            ]
            for shop in deal.shops {
                actions.append(
                    .push("Open \(shop.name)") {
                        let report: @MainActor @Sendable (Bool) -> Void = { isFavorited in
                            store.record(shop: shop.id, isFavorited: isFavorited)
                        }
                        return api.shopDetail(shop.id, report)
                    }
                )
            }
            return Screen.Content(body: body, actions: actions)
        }
    }
}
