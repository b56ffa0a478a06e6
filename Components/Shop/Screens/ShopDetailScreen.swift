import MallBase
import Middleware

/// A shop's page: its facts, and a way into everything the shop takes part in.
@MainActor
enum ShopDetailScreen {
    /// What the page loads: the shops as the source gives them, and the bookings Appointment holds
    /// at this shop (none asked for at a shop without a queue).
    private struct Model: Sendable {
        var shops: Fetched<ShopCatalog>
        var bookings: Loadable<[BookingSummary]>
    }

    static func make(
        shopId: ShopID,
        onDisappear: (@MainActor @Sendable (_ isFavorited: Bool) -> Void)? = nil
    ) -> Screen {
        let api = Shop.shared
        // The shops and the bookings are asked for anew each time the page comes on top: the
        // bookings belong to Appointment and are never copied, and the source may have news.
        // Named at once when the shops are already there (the page was opened from the list).
        let screen = Screen(
            title: api.store.shops.latest?.shop(shopId)?.name ?? "Shop", origin: "Shop", reloadsWhenShownAgain: true,
            loading: {
                try await api.store.state.read()
                let shops = try await api.store.shops.load()
                guard shops.document.shop(shopId)?.hasQueue == true else {
                    return Model(shops: shops, bookings: .loaded([]))
                }
                do {
                    // A part of the load: out of time, it fails alone, and the page shows the rest.
                    let bookings = try await ScreenLoad.part { try await api.appointmentBookings(shopId) }
                    return Model(shops: shops, bookings: .loaded(bookings))
                } catch {
                    try Task.checkCancellation()
                    return Model(shops: shops, bookings: .failed(ScreenLoad.describe(error)))
                }
            },
            retitle: { $0.shops.document.shop(shopId)?.name ?? "Shop not found" },
            content: { state in
                switch state {
                case .loaded(let model):
                    guard let shop = model.shops.document.shop(shopId) else {
                        return Screen.notFound("Shop", shopId.rawValue, origin: "Shop").content
                    }
                    return model.shops.marked(content(of: shop, bookings: model.bookings))
                case .loading:
                    // What the last load brought is shown while this one runs, once the favourites are read.
                    guard api.store.state.isRead, let shop = api.store.shops.latest?.shop(shopId) else {
                        return Screen.Content(body: [Screen.loadingText])
                    }
                    return content(of: shop, bookings: shop.hasQueue ? .loading : .loaded([]))
                case .failed(let reason):
                    return .couldNotLoad(reason)
                }
            })
        guard let onDisappear else { return screen }
        // Left before the favourites were read, the page says nothing: it knows nothing to say.
        return screen.onDisappear {
            if api.store.state.isRead { onDisappear(api.store.isFavorited(shopId)) }
        }
    }

    private static func content(of shop: ShopRecord, bookings: Loadable<[BookingSummary]>) -> Screen.Content {
        let api = Shop.shared
        let isFavorited = api.store.isFavorited(shop.id)
        var body = [
            "\(shop.category) · Floor \(shop.floor) · Open \(shop.openingHours)",
            isFavorited ? "♥ In your favourites" : "Not in your favourites",
        ]
        if !shop.events.isEmpty {
            body.append("Events: " + shop.events.map(\.title).joined(separator: ", "))
        }
        if !shop.groupbuys.isEmpty {
            body.append(
                "Group-buys: " + shop.groupbuys.map { "\($0.title) \($0.formattedPrice)" }.joined(separator: ", "))
        }
        switch bookings {
        case .loading: body.append("Your bookings: \(Screen.loadingText)")
        case .loaded: break
        case .failed(let reason): body.append("Your bookings are unavailable: \(reason)")
        }

        var actions: [Action] = [
            .message(isFavorited ? "Remove from favourites" : "Add to favourites") {
                await api.store.setFavorite(shop.id, !isFavorited)
                return isFavorited
                    ? "\(shop.name) removed from your favourites." : "\(shop.name) added to your favourites."
            }
        ]
        for event in shop.events {
            actions.append(
                .push("Event: \(event.title)") {
                    api.eventDetail(event.id, event.type)
                }
            )
        }
        for deal in shop.groupbuys {
            actions.append(
                .push("Group-buy: \(deal.title) · \(deal.formattedPrice)") {
                    api.groupbuyInfo(deal.id)
                }
            )
        }
        if shop.groupbuys.count > 1 {
            actions.append(
                .push("All \(shop.groupbuys.count) group-buys") {
                    api.allGroupbuy(shop.groupbuys)
                }
            )
        }
        for coupon in shop.coupons {
            actions.append(
                .push("Coupon: \(coupon.title)") {
                    api.couponDetail(coupon.id, coupon.category)
                }
            )
        }
        for coupon in shop.usedCoupons {
            actions.append(
                .push("Used coupon: \(coupon.title)") {
                    api.couponConsumeDetail(coupon.id)
                }
            )
        }
        if shop.hasQueue {
            actions.append(
                .push("Queue: take a number") {
                    api.appointmentBookInfo(shop.id)
                }
            )
        }
        actions.append(
            .present("Pay the bill") {
                api.buyOrder(shop.merchantNo, "bill")
            }
        )
        actions.append(
            .push("Find the shop and my car") {
                api.navFindShopAndCar(shop.navigationURL)
            }
        )
        // What the load brings comes last, so the numbers of the actions above never move when it
        // comes (a number typed as it arrives still means what it meant).
        switch bookings {
        case .loading: break
        case .loaded(let bookings):
            for booking in bookings {
                actions.append(
                    .push("Your booking \(booking.serialNo)") {
                        api.appointmentBookDetail(booking.serialNo, booking.orderNo)
                    }
                )
            }
        case .failed: actions.append(.tryAgain())
        }
        return Screen.Content(body: body, actions: actions)
    }
}
