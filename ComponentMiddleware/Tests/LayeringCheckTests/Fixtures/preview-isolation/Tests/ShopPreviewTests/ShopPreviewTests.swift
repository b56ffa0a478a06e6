import Shop
@testable import ShopPreview
import Testing

@Test func previewTitle() { #expect(Shop.title(.init("s01")) == "Shop s01") }
