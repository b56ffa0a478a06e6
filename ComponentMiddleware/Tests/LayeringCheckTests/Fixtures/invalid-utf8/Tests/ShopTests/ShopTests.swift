import Base
import Shop
import Testing

@Test func title() { #expect(Shop.title(ShopID("s01")) == "Shop s01") }
