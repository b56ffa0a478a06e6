import MallBase

extension ShopRecord {
    /// The sample mall: eight shops over five floors.
    static let samples: [ShopRecord] = [
        ShopRecord(
            id: "s01", name: "Blue Bottle Coffee", category: "Cafe", floor: "L1", openingHours: "07:30–21:00",
            merchantNo: "M1001", hasQueue: false,
            events: [EventLink(id: "e01", title: "Latte Art Morning", type: .workshop)],
            groupbuys: [
                GroupbuySummary(id: "g01", title: "Coffee for Two", priceInCents: 3800),
                GroupbuySummary(id: "g05", title: "Mall Dining Voucher ¥100", priceInCents: 8800),
            ],
            coupons: [CouponLink(id: "c01", title: "¥5 off any latte", category: .discount)],
            usedCoupons: [UsedCoupon(id: "c09", title: "Free pastry (used 12 Nov)")]
        ),
        ShopRecord(
            id: "s02", name: "Din Tai Fung", category: "Restaurant", floor: "L3", openingHours: "11:00–22:00",
            merchantNo: "M1002", hasQueue: true,
            events: [EventLink(id: "e02", title: "Spring Dumpling Festival", type: .promotion)],
            groupbuys: [
                GroupbuySummary(id: "g02", title: "Dumpling Feast for Four", priceInCents: 29800),
                GroupbuySummary(id: "g05", title: "Mall Dining Voucher ¥100", priceInCents: 8800),
            ],
            coupons: [CouponLink(id: "c02", title: "¥20 off over ¥200", category: .discount)]
        ),
        ShopRecord(
            id: "s03", name: "Uniqlo", category: "Fashion", floor: "L2", openingHours: "10:00–22:00",
            merchantNo: "M1003", hasQueue: false,
            events: [EventLink(id: "e03", title: "Linen Collection Launch", type: .launch)],
            coupons: [CouponLink(id: "c03", title: "Tote bag with ¥300 spend", category: .gift)]
        ),
        ShopRecord(
            id: "s04", name: "Muji", category: "Home", floor: "L2", openingHours: "10:00–22:00",
            merchantNo: "M1004", hasQueue: false,
            coupons: [CouponLink(id: "c04", title: "¥50 voucher", category: .voucher)]
        ),
        ShopRecord(
            id: "s05", name: "Haidilao Hot Pot", category: "Restaurant", floor: "L4", openingHours: "10:00–02:00",
            merchantNo: "M1005", hasQueue: true,
            events: [EventLink(id: "e06", title: "Hot Pot Tasting Night", type: .tasting)],
            groupbuys: [
                GroupbuySummary(id: "g03", title: "Hot Pot Dinner for Two", priceInCents: 19800),
                GroupbuySummary(id: "g05", title: "Mall Dining Voucher ¥100", priceInCents: 8800),
            ]
        ),
        ShopRecord(
            id: "s06", name: "Sephora", category: "Beauty", floor: "L1", openingHours: "10:00–22:00",
            merchantNo: "M1006", hasQueue: false,
            events: [EventLink(id: "e04", title: "Members' Double Points", type: .promotion)],
            coupons: [CouponLink(id: "c06", title: "Sample kit with any purchase", category: .gift)]
        ),
        ShopRecord(
            id: "s07", name: "Kinokuniya Books", category: "Books", floor: "L3", openingHours: "10:00–21:30",
            merchantNo: "M1007", hasQueue: false,
            events: [EventLink(id: "e05", title: "Author Signing: Liu Cixin", type: .launch)]
        ),
        ShopRecord(
            id: "s08", name: "Lumière Cinema", category: "Cinema", floor: "L5", openingHours: "09:30–01:00",
            merchantNo: "M1008", hasQueue: false,
            groupbuys: [GroupbuySummary(id: "g04", title: "Movie and Popcorn", priceInCents: 6900)],
            coupons: [CouponLink(id: "c08", title: "¥10 off weekday tickets", category: .discount)]
        ),
    ]
}
