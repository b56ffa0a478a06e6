import MallBase

/// The deals one shop listed, from the summaries the shop handed over.
@MainActor
enum GroupbuyAllForShopScreen {
    static func make(summaries: [GroupbuySummary]) -> Screen {
        Screen(title: "Group-buys here", origin: "Groupbuy") {
            Screen.Content(
                body: [
                    summaries.isEmpty
                        ? "This shop has no group-buys right now."
                        : summaries.count == 1 ? "1 deal." : "\(summaries.count) deals."
                ],
                actions: summaries.map { summary in
                    .push("\(summary.title) · \(summary.formattedPrice)") {
                        GroupbuyInfoScreen.make(gbId: summary.id)
                    }
                }
            )
        }
    }
}
