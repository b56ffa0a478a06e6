import MallBase
import MallNavigator

/// A self-playing walk through all four components, for a newcomer's first look.
///
/// Each step names the action to take by the start of its title, so the tour keeps working when
/// actions are added to a screen; it types the action's number as a user would.
@MainActor
enum Tour {
    struct Step {
        var narration: String
        var action: String
    }

    /// The components the tour walks through, which its home screen lists.
    static let components: Set<String> = ["Shop", "Event", "Groupbuy", "Appointment"]

    static let steps = [
        Step(narration: "Open Shop's finder from the home screen.", action: "Shops"),
        Step(narration: "Pick a shop.", action: "Blue Bottle Coffee"),
        Step(narration: "Shop calls require_eventDetail; the router answers with Event's page.", action: "Event:"),
        Step(narration: "Event calls require_shopDetail; the router answers with Shop's page.", action: "Visit"),
        Step(narration: "Shop calls require_groupbuyInfo: Groupbuy's deal page.", action: "Group-buy: Mall Dining"),
        Step(narration: "Groupbuy calls require_shopApplyForGroupbuy: back into Shop.", action: "Applicable shops"),
        Step(narration: "A restaurant that queues.", action: "Din Tai Fung"),
        Step(narration: "Shop calls require_appointmentBookInfo: Appointment's queue.", action: "Queue"),
        Step(narration: "Take a number for two.", action: "Take a number: table for 1–2"),
        Step(narration: "The new booking is listed with its serial number.", action: "My bookings"),
    ]

    /// Plays the tour in `session`, printing every screen to `terminal`. Returns a failure if a step's
    /// action is missing, which would mean the sample data or a screen changed under the tour.
    static func play(in session: Session, terminal: any Terminal) async -> Result<Void, InputError> {
        defer { session.end() }
        session.showCurrentScreen()
        await session.waitForCurrentScreen()
        for (index, step) in steps.enumerated() {
            let actions = session.navigator.current.actions
            guard let number = actions.firstIndex(where: { $0.title.hasPrefix(step.action) }).map({ $0 + 1 }) else {
                return .failure(
                    InputError(
                        "tour step \(index + 1) found no action starting with '\(step.action)'"
                            + " on '\(session.navigator.current.title)'",
                        hint: "the sample data changed; update Shell/Launch/Tour.swift"
                    )
                )
            }
            session.submit("\(number)", note: "tour \(index + 1)/\(steps.count): \(step.narration)")
            await session.waitForCurrentScreen()
        }
        terminal.write("\n# End of the tour. Run `swift run mall` to explore on your own.\n")
        return .success(())
    }
}
