import MallBase
import MallNavigator
import Shop

/// Shop on its own: the shop finder in the text navigator, every require answered by a stub.
@main
@MainActor
enum ShopPreview {
    static func main() async {
        await ComponentPreview.main(app())
    }

    /// The preview as a text app: every require of Shop answered by a stub naming who answers it in the app.
    static func app() -> ComponentPreview {
        ComponentPreview.app(of: Shop.shared, answeredBy: answeredBy) { Shop.shared.provide_searchShop() }
    }
}
