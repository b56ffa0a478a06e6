import Event
import Shop
import Testing

@Test func eventTitle() { #expect(Event.title("e01") == "Event e01") }
