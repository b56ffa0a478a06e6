import Base
import Shop
@testable import ShopPreview
import Testing

@Test func title() { #expect(Shop.title(ShopID("s01")) == "Shop s01") }
