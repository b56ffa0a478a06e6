import Groupbuy
import MallBase
import MallNavigator

/// Groupbuy on its own: the deals in the text navigator, every require answered by a stub.
@main
@MainActor
enum GroupbuyPreview {
    static func main() async {
        await ComponentPreview.main(app())
    }

    /// The preview as a text app: every require of Groupbuy answered by a stub naming who answers it in the app.
    static func app() -> ComponentPreview {
        ComponentPreview.app(of: Groupbuy.shared, answeredBy: answeredBy) { Groupbuy.shared.provide_groupbuyList() }
    }
}
