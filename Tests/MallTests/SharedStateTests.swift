import MallTestSupport
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Mall

/// A screen that shows another component's state asks that component for it each time it is shown,
/// so what one component changes shows at once on another's screens, with no copy to go stale.
@MainActor
@Suite("Shared state", .freshComponents(everyComponent))
struct SharedStateTests {
    /// The lines of the last time the screen titled `title` was shown.
    private func lastScreen(_ title: String, in output: String) -> [Substring] {
        guard let start = output.ranges(of: "== \(title) ==\n").last?.upperBound else { return [] }
        return output[start...].prefix { $0 != ">" }.split(separator: "\n")
    }

    @Test func aCancelledBookingLeavesTheShopsPageAndMyBookings() async {
        // Shops › Din Tai Fung › Your booking A007 › Cancel › back to the shop, then My bookings.
        let run = await runShell(input: ["1", "2", "10", "1", "b", "q"])
        #expect(run.output.contains("→ Booking A007 cancelled."))
        let shop = lastScreen("Din Tai Fung", in: run.output)
        #expect(shop.contains("  7. Queue: take a number"))
        #expect(!shop.contains { $0.contains("Your booking") })

        let bookings = await runShell(input: ["4", "1", "1", "1", "1", "b", "b", "q"])
        #expect(lastScreen("My bookings", in: bookings.output).first == "You hold no bookings; 1 cancelled.")
    }

    @Test func aNewBookingAppearsOnTheShopsPage() async {
        // Shops › Din Tai Fung › Queue › take a number for 1–2, then back to the shop.
        let run = await runShell(input: ["1", "2", "7", "1", "b", "b", "q"])
        #expect(
            run.output.screenTitles.suffix(4) == [
                "Queue at Din Tai Fung", "Booking A008", "Queue at Din Tai Fung", "Din Tai Fung",
            ])
        let shop = lastScreen("Din Tai Fung", in: run.output)
        #expect(shop.contains("  10. Your booking A007"))
        #expect(shop.contains("  11. Your booking A008"))
    }
}
