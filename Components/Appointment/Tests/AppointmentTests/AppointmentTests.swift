import MallBase
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Appointment

/// Appointment tested alone: its one require, a shop's page, is a stub that records its call.
@MainActor
@Suite("Appointment", .freshComponents { [Appointment.shared] })
struct AppointmentTests {
    /// Fresh sample data and a stubbed require; returns the log the stub writes to.
    private func stubbedAppointment() -> CallLog {
        let log = CallLog()
        Appointment.shared.stubEveryRequire(onCall: log.record)
        return log
    }

    @Test func bookInfoShowsTheQueue() {
        _ = stubbedAppointment()
        let screen = Appointment.shared.provide_appointmentBookInfo(shopId: "s02")
        #expect(screen.title == "Queue at Din Tai Fung")
        #expect(screen.origin == "Appointment")
        #expect(
            screen.body == [
                "table for 1–2: 4 waiting, about 24 min",
                "table for 3–4: 7 waiting, about 42 min",
                "table for 5 or more: 2 waiting, about 12 min",
            ]
        )
        #expect(
            screen.actionTitles == [
                "Take a number: table for 1–2", "Take a number: table for 3–4", "Take a number: table for 5 or more",
                "My bookings", "Visit Din Tai Fung",
            ]
        )
    }

    @Test func takingANumberCreatesABookingListedInMyBookings() async throws {
        _ = stubbedAppointment()
        let queue = Appointment.shared.provide_appointmentBookInfo(shopId: "s05")
        let booking = try await #require(await queue.open("Take a number: table for 3–4")).loaded()
        #expect(booking.title == "Booking B063")
        #expect(
            booking.body == [
                "Haidilao Hot Pot · table for 3–4", "Ticket B063 · order BK-1008 · Waiting", "15 parties ahead of you.",
            ]
        )
        #expect(queue.body[1] == "table for 3–4: 16 waiting, about 144 min")

        let myBookings = await Appointment.shared.provide_myBookings().loaded()
        #expect(myBookings.body == ["You hold 2 bookings."])
        #expect(myBookings.actionTitles == ["A007 · Din Tai Fung · Waiting", "B063 · Haidilao Hot Pot · Waiting"])
        #expect(try #require(await myBookings.open("B063")).title == "Booking B063")
    }

    @Test func cancellingABookingGivesThePlaceBack() async throws {
        _ = stubbedAppointment()
        let detail = await Appointment.shared.provide_appointmentBookDetail(serialNo: "A007", orderNo: "BK-1007")
            .loaded()
        #expect(detail.actionTitles == ["Cancel this booking", "My bookings", "Visit Din Tai Fung"])
        #expect(await detail.actions.first?.message() == "Booking A007 cancelled.")
        #expect(detail.body == ["Din Tai Fung · table for 1–2", "Ticket A007 · order BK-1007 · Cancelled"])
        #expect(detail.actionTitles == ["My bookings", "Visit Din Tai Fung"])
        let queue = Appointment.shared.provide_appointmentBookInfo(shopId: "s02")
        #expect(queue.body.first == "table for 1–2: 3 waiting, about 18 min")
    }

    @Test func cancellingMovesEveryLaterBookingInTheSameQueueUpOnePlace() async throws {
        _ = stubbedAppointment()
        let queue = Appointment.shared.provide_appointmentBookInfo(shopId: "s02")
        let first = try await #require(await queue.open("Take a number: table for 1–2")).loaded()
        let second = try await #require(await queue.open("Take a number: table for 1–2")).loaded()
        let otherSize = try await #require(await queue.open("Take a number: table for 3–4")).loaded()
        #expect(first.body.last == "4 parties ahead of you.")
        #expect(second.body.last == "5 parties ahead of you.")
        #expect(otherSize.body.last == "7 parties ahead of you.")
        #expect(await first.actions.first?.message() == "Booking A008 cancelled.")
        #expect(second.body.last == "4 parties ahead of you.")
        #expect(otherSize.body.last == "7 parties ahead of you.", "another table size is another queue")
        #expect(queue.body.first == "table for 1–2: 5 waiting, about 30 min")
    }

    @Test(arguments: [
        ("info", "Visit Din Tai Fung", "Appointment.require_shopDetail(shopId: s02)"),
        ("detail", "Visit Din Tai Fung", "Appointment.require_shopDetail(shopId: s02)"),
    ])
    func visitingTheShopCallsShopDetail(screenName: String, action: String, expectedCall: String) async throws {
        let log = stubbedAppointment()
        let shown =
            screenName == "info"
            ? Appointment.shared.provide_appointmentBookInfo(shopId: "s02")
            : Appointment.shared.provide_appointmentBookDetail(serialNo: "A007", orderNo: "BK-1007")
        let screen = await shown.loaded()
        #expect(try #require(await screen.open(action)).origin == "Preview")
        #expect(log.calls == [expectedCall])
    }

    @Test func unwiredShopDetailShowsUnavailable() async throws {
        _ = stubbedAppointment()
        Appointment.shared.require_shopDetail = nil
        let screen = Appointment.shared.provide_appointmentBookInfo(shopId: "s02")
        #expect(try #require(await screen.open("Visit")).body.first == "Appointment.require_shopDetail is not wired.")
    }

    /// s01 is a shop without a queue, s99 no shop at all: neither is "not found" or "removed".
    @Test(arguments: ["s01", "s99"])
    func aShopWithoutQueueSaysSo(shopId: String) {
        _ = stubbedAppointment()
        let screen = Appointment.shared.provide_appointmentBookInfo(shopId: ShopID(shopId))
        #expect(screen.title == "No queue")
        #expect(
            screen.body.first == "There is no queue at shop '\(shopId)': it takes no numbers, or there is no such shop."
        )
    }

    @Test(arguments: [("A007", "BK-9999"), ("Z001", "BK-1007"), ("", "")])
    func anUnknownBookingGivesNotFound(serialNo: String, orderNo: String) async {
        _ = stubbedAppointment()
        let screen = await Appointment.shared.provide_appointmentBookDetail(serialNo: serialNo, orderNo: orderNo)
            .loaded()
        #expect(screen.title == "Booking not found")
        #expect(screen.body.first == "No booking has the id '\(serialNo)'.")
    }

    /// A state edited by hand, whose last order number is behind its bookings, never hands out a
    /// number a booking already has.
    @Test func aNewBookingNeverTakesAnOrderNumberInUse() throws {
        var state = AppointmentState.samples
        state.lastOrderNumber = 1006
        let queue = try #require(QueueRecord.samples.first)
        let taken = state.takeNumber(in: queue, for: .small)
        let takenAgain = state.takeNumber(in: queue, for: .small)
        let first = try #require(taken)
        let second = try #require(takenAgain)
        #expect(first.orderNo == "BK-1008")
        #expect(second.orderNo == "BK-1009")
        #expect(state.problem == nil)
    }

    /// A queue that handed out every number it can says so, rather than that it is not found.
    @Test func aQueueOutOfNumbersSaysSo() async throws {
        _ = stubbedAppointment()
        var state = AppointmentState.samples
        state.queues["s02"]?.lastTicket[.small] = StateCheck.countLimit
        Appointment.shared.store = AppointmentStore(state: state)
        let queue = Appointment.shared.provide_appointmentBookInfo(shopId: "s02")
        let next = try #require(await queue.actions.first?.destination())
        #expect(next.title == "No numbers left")
        #expect(next.body.first?.hasPrefix("Din Tai Fung has handed out every number it can") == true)
    }
}
