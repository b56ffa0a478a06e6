import MallBase
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Event

/// Event tested alone: its one require, a shop's page, is a stub that records its call.
@MainActor
@Suite("Event", .freshComponents { [Event.shared] })
struct EventTests {
    /// Fresh sample data and a stubbed require; returns the log the stub writes to.
    private func stubbedEvent() -> CallLog {
        let log = CallLog()
        Event.shared.stubEveryRequire(onCall: log.record)
        return log
    }

    @Test func listShowsEveryEvent() async throws {
        _ = stubbedEvent()
        let screen = Event.shared.provide_eventList()
        #expect(screen.title == "Events")
        #expect(screen.origin == "Event")
        #expect(screen.actionTitles.count == 6)
        #expect(screen.actionTitles.first == "Latte Art Morning · Workshop · Sat 28 Nov, 09:00")
        #expect(try #require(await screen.open("Hot Pot Tasting Night")).title == "Hot Pot Tasting Night")
    }

    @Test func detailShowsTheEvent() {
        _ = stubbedEvent()
        let screen = Event.shared.provide_eventDetail(eventId: "e01", eventType: .workshop)
        #expect(screen.title == "Latte Art Morning")
        #expect(
            screen.body == [
                "Workshop at Blue Bottle Coffee · Sat 28 Nov, 09:00",
                "Pour a rosetta with our head barista. Beans and milk included.",
                "3 of 12 places left",
            ]
        )
        #expect(screen.actionTitles == ["Register", "Visit Blue Bottle Coffee"])
    }

    @Test(arguments: [
        ("e01", "Event.require_shopDetail(shopId: s01)"),
        ("e02", "Event.require_shopDetail(shopId: s02)"),
        ("e06", "Event.require_shopDetail(shopId: s05)"),
    ])
    func visitingTheHostCallsShopDetail(eventId: String, expectedCall: String) async throws {
        let log = stubbedEvent()
        let screen = Event.shared.provide_eventDetail(eventId: EventID(eventId), eventType: .promotion)
        let destination = try #require(await screen.open("Visit"))
        #expect(destination.origin == "Preview")
        #expect(log.calls == [expectedCall])
    }

    @Test func unwiredShopDetailShowsUnavailable() async throws {
        _ = stubbedEvent()
        Event.shared.require_shopDetail = nil
        let destination = try #require(
            await Event.shared.provide_eventDetail(eventId: "e02", eventType: .promotion).open("Visit"))
        #expect(destination.title == "Unavailable")
        #expect(destination.body.first == "Event.require_shopDetail is not wired.")
    }

    @Test func registeringTakesAPlaceAndCanBeCancelled() async throws {
        _ = stubbedEvent()
        let screen = Event.shared.provide_eventDetail(eventId: "e01", eventType: .workshop)
        #expect(await screen.actions.first?.message() == "You are registered for Latte Art Morning.")
        #expect(screen.body[2] == "2 of 12 places left · ✓ you are registered")
        #expect(screen.actionTitles.first == "Cancel my registration")
        #expect(Event.shared.provide_eventList().actionTitles.first?.hasSuffix(" ✓") == true)
        #expect(await screen.actions.first?.message() == "Registration for Latte Art Morning cancelled.")
        #expect(screen.body[2] == "3 of 12 places left")
    }

    @Test func aFullEventRefusesRegistration() async {
        _ = stubbedEvent()
        let screen = Event.shared.provide_eventDetail(eventId: "e03", eventType: .launch)
        #expect(screen.body[2] == "0 of 50 places left")
        #expect(await screen.actions.first?.message() == "Linen Collection Launch is full; no places left.")
        #expect(screen.actionTitles.first == "Register")
    }

    @Test func aMismatchedTypeIsNotedNotHidden() {
        _ = stubbedEvent()
        let screen = Event.shared.provide_eventDetail(eventId: "e01", eventType: .tasting)
        #expect(screen.body.last == "Note: opened as a Tasting event; it is a Workshop event.")
    }

    @Test(arguments: ["e99", "", "E01"])
    func unknownEventGivesNotFound(eventId: String) {
        _ = stubbedEvent()
        let screen = Event.shared.provide_eventDetail(eventId: EventID(eventId), eventType: .promotion)
        #expect(screen.title == "Event not found")
        #expect(screen.body.first == "No event has the id '\(eventId)'.")
    }
}

/// The service's document the package ships (`Service/api/events.json`) and the records embedded in
/// Event are one source: the document is the embedded records written out, byte for byte.
@Suite("Event's shipped document")
struct EventDocumentTests {
    @Test func theShippedDocumentIsTheEmbeddedRecords() throws {
        try ServiceDocument.check("events", holds: Records.served(EventCatalog(events: EventRecord.samples)))
    }
}
