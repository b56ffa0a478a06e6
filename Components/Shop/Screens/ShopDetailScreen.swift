import MallBase

/// A shop's page: its facts, and a way into everything the shop takes part in.
@MainActor
enum ShopDetailScreen {
    static func make(
        shopId: ShopID,
        onDisappear: (@MainActor @Sendable (_ isFavorited: Bool) -> Void)? = nil
    ) -> Screen {
        guard let shop = Shop.shared.store.shop(shopId) else {
            return .notFound("Shop", shopId.rawValue, origin: "Shop")
        }
        // Appointment owns bookings: asked anew each time the page comes on top, never copied.
        let screen =
            shop.hasQueue
            ? Screen(
                title: shop.name, origin: "Shop", reloadsWhenShownAgain: true,
                loading: { try await Shop.shared.appointmentBookings(shopId) },
                content: { content(of: shop, bookings: $0) })
            : Screen(title: shop.name, origin: "Shop") { content(of: shop, bookings: .loaded([])) }
        guard let onDisappear else { return screen }
        return screen.onDisappear { onDisappear(Shop.shared.store.isFavorited(shopId)) }
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
                api.store.setFavorite(shop.id, !isFavorited)
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
