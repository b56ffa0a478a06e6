import MallBase
import Middleware

/// A restaurant's queue: waiting parties per table size, and taking a number.
@MainActor
enum AppointmentBookInfoScreen {
    /// What a shop without a queue shows. Appointment knows queues, not shops: the id may name a
    /// shop that takes no numbers, or no shop at all, and the screen says only what it knows.
    static func noQueue(at shopId: ShopID) -> Screen {
        Screen(
            title: "No queue",
            origin: "Appointment",
            body: [
                "There is no queue at shop '\(shopId.rawValue)': it takes no numbers, or there is no such shop.",
                "Only restaurants with a queue take numbers; go back and pick another.",
            ],
            actions: [.back()]
        )
    }

    /// What a queue shows once it has handed out every number it can.
    static func noNumbersLeft(at shopName: String, for size: TableSize) -> Screen {
        Screen(
            title: "No numbers left",
            origin: "Appointment",
            body: ["\(shopName) has handed out every number it can for a \(size.label); go back and pick another."],
            actions: [.back()]
        )
    }

    static func make(shopId: ShopID) -> Screen {
        let api = Appointment.shared
        return Screen(
            title: "Queue", origin: "Appointment", records: api.store.queues, reading: api.store.state,
            retitle: { $0.queue(shopId).map { "Queue at \($0.shopName)" } ?? "No queue" }
        ) { catalog in
            guard let listed = catalog.queue(shopId) else {
                return noQueue(at: shopId).content
            }
            let current = api.store.current(listed)
            let body = TableSize.allCases.map { size in
                let waiting = current.waiting[size, default: 0]
                return "\(size.label): \(waiting) waiting, about \(waiting * current.minutesPerTable) min"
            }
            var actions: [Action] = TableSize.allCases.map { size in
                .push("Take a number: \(size.label)") {
                    guard let booking = await api.store.takeNumber(in: listed, for: size) else {
                        return noNumbersLeft(at: listed.shopName, for: size)
                    }
                    return AppointmentBookDetailScreen.make(serialNo: booking.serialNo, orderNo: booking.orderNo)
                }
            }
            actions.append(.push("My bookings") { MyBookingsScreen.make() })
            actions.append(
                .push("Visit \(listed.shopName)") {
                    api.shopDetail(shopId)
                }
            )
            return Screen.Content(body: body, actions: actions)
        }
    }
}
