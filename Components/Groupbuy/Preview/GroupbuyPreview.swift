import Groupbuy
import MallBase
import MallNavigator

/// Groupbuy on its own: the deals in the text navigator, every require answered by a stub.
@main
@MainActor
enum GroupbuyPreview {
    static func main() {
        answerEveryRequire()
        ComponentPreview.main(of: Groupbuy.shared) { Groupbuy.shared.provide_groupbuyList() }
    }

    /// Answers each of Groupbuy's requires with a stub naming it, its arguments, and who serves it in the app.
    static func answerEveryRequire() {
        let groupbuy = Groupbuy.shared
        groupbuy.require_shopDetail = { shopId, onDisappear in
            // Shop's page would report whether the user favourited the shop; the stub never does, so it
            // reports "not favourited" when it leaves, as a shop page left untouched would.
            Screen.stub(Groupbuy.self, "require_shopDetail", arguments: ["shopId": shopId], answeredBy: "Shop")
                .onDisappear { onDisappear(false) }
        }
        groupbuy.require_shopApplyForGroupbuy = { gbId in
            .stub(Groupbuy.self, "require_shopApplyForGroupbuy", arguments: ["gbId": gbId], answeredBy: "Shop")
        }
    }
}
