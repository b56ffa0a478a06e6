import Base
@testable import Event
import Testing

@Test func sibling() { #expect(Event.require_shopTitle == nil) }
