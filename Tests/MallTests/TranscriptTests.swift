import Foundation
import MallBase
import MallNavigator
import MallTestSupport
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Mall

/// Drives the text app with scripted input and checks the screens it prints.
@MainActor
@Suite("Transcripts", .freshComponents(everyComponent))
struct TranscriptTests {
    @Test func aShortSessionPrintsExactlyThisTranscript() async {
        let run = await runShell(input: ["2", "1", "b", "q"])
        #expect(run.status == .success)
        #expect(
            run.output == """

                Mall
                == Mall ==
                Welcome to the mall. 4 components: Shop, Event, Groupbuy, Appointment.

                  1. Shops: find a shop
                  2. Events: what's on
                  3. Group-buys: deals
                  4. Bookings: my tables
                1–4 choose · q quit · ? help
                > 2

                Mall › Events
                == Events ==
                6 events coming up. ✓ marks the ones you registered for.

                  1. Latte Art Morning · Workshop · Sat 28 Nov, 09:00
                  2. Spring Dumpling Festival · Promotion · 1–7 Dec
                  3. Linen Collection Launch · Launch · Fri 4 Dec, 10:00
                  4. Members' Double Points · Promotion · Weekends in December
                  5. Author Signing: Liu Cixin · Launch · Sun 6 Dec, 15:00
                  6. Hot Pot Tasting Night · Tasting · Thu 3 Dec, 19:00
                1–6 choose · b back · h home · q quit · ? help
                > 1

                Mall › Events › Latte Art Morning
                == Latte Art Morning ==
                Workshop at Blue Bottle Coffee · Sat 28 Nov, 09:00
                Pour a rosetta with our head barista. Beans and milk included.
                3 of 12 places left

                  1. Register
                  2. Visit Blue Bottle Coffee
                1–2 choose · b back · h home · q quit · ? help
                > b

                Mall › Events
                == Events ==
                6 events coming up. ✓ marks the ones you registered for.

                  1. Latte Art Morning · Workshop · Sat 28 Nov, 09:00
                  2. Spring Dumpling Festival · Promotion · 1–7 Dec
                  3. Linen Collection Launch · Launch · Fri 4 Dec, 10:00
                  4. Members' Double Points · Promotion · Weekends in December
                  5. Author Signing: Liu Cixin · Launch · Sun 6 Dec, 15:00
                  6. Hot Pot Tasting Night · Tasting · Thu 3 Dec, 19:00
                1–6 choose · b back · h home · q quit · ? help
                > q
                Bye.

                """
        )
        #expect(run.errors.isEmpty)
    }

    @Test func shopToEventAndBackToShopThroughEventsRequire() async {
        // Shops › Blue Bottle Coffee › its event › Event's "Visit" (Event.require_shopDetail).
        let run = await runShell(input: ["1", "1", "2", "2", "q"])
        #expect(
            run.output.screenTitles == [
                "Mall", "Shops", "Blue Bottle Coffee", "Latte Art Morning", "Blue Bottle Coffee",
            ])
        #expect(
            run.output.breadcrumbs.last == "Mall › Shops › Blue Bottle Coffee › Latte Art Morning › Blue Bottle Coffee")
    }

    @Test func eventToShopToGroupbuyAndBack() async {
        // Events › Spring Dumpling Festival › Din Tai Fung (Shop) › a deal (Groupbuy) › back.
        let run = await runShell(input: ["2", "2", "2", "3", "b", "b", "q"])
        #expect(
            run.output.screenTitles == [
                "Mall", "Events", "Spring Dumpling Festival", "Din Tai Fung", "Dumpling Feast for Four", "Din Tai Fung",
                "Spring Dumpling Festival",
            ]
        )
    }

    @Test func groupbuyToApplicableShopsToAppointment() async {
        // Group-buys › voucher › Applicable shops (Shop) › Haidilao › Queue (Appointment) › take a number.
        let run = await runShell(input: ["3", "5", "2", "3", "6", "1", "q"])
        #expect(
            run.output.screenTitles == [
                "Mall", "Group-buys", "Mall Dining Voucher ¥100", "Applicable shops", "Haidilao Hot Pot",
                "Queue at Haidilao Hot Pot", "Booking A049",
            ]
        )
        #expect(run.output.contains("Ticket A049 · order BK-1008 · Waiting"))
    }

    @Test func appointmentToShopAndBack() async {
        let run = await runShell(input: ["4", "1", "3", "b", "q"])
        #expect(run.output.screenTitles == ["Mall", "My bookings", "Booking A007", "Din Tai Fung", "Booking A007"])
    }

    @Test func buyOrderIsPresentedModallyAndDismissedWithBack() async {
        // Blue Bottle Coffee › sign in (the guard's detour) › Pay the bill (modal) › pay › b dismisses.
        let run = await runShell(input: ["1", "1", "8", "1", "1", "b", "q"])
        #expect(
            run.output.screenTitles == [
                "Mall", "Shops", "Blue Bottle Coffee", "Sign in", "Pay the bill", "Pay the bill", "Blue Bottle Coffee",
            ]
        )
        #expect(run.output.breadcrumbs[3] == "Mall › Shops › Blue Bottle Coffee › [Sign in]")
        #expect(run.output.breadcrumbs[4] == "Mall › Shops › Blue Bottle Coffee › [Pay the bill]")
        #expect(run.output.contains("→ Paid ¥128.00 to M1001."))
        #expect(run.output.contains("1–2 choose · b back/close · h home · q quit · ? help"))
        #expect(run.output.breadcrumbs.last == "Mall › Shops › Blue Bottle Coffee")
    }

    @Test func aModalsCloseActionDismissesItAndHomeDismissesEverything() async {
        let closed = await runShell(input: ["1", "2", "8", "1", "2", "q"])
        #expect(closed.output.screenTitles.suffix(2) == ["Pay the bill", "Din Tai Fung"])
        let home = await runShell(input: ["1", "2", "8", "1", "h", "b", "q"])
        #expect(home.output.screenTitles.suffix(3) == ["Pay the bill", "Mall", "Mall"])
        #expect(home.output.errorLines == ["Error: already at the home screen; choose an action, or q to quit"])
    }

    @Test func favouritingAShopReachedFromGroupbuyShowsOnGroupbuysScreen() async {
        // Group-buys › voucher › Open Din Tai Fung (Groupbuy.require_shopDetail with onDisappear)
        // › Add to favourites › back: Groupbuy's page now shows the favourite.
        let run = await runShell(input: ["3", "5", "4", "1", "b", "q"])
        #expect(run.output.contains("→ Din Tai Fung added to your favourites."))
        let screens = run.output.components(separatedBy: "== ")
        #expect(screens[3].contains("  Din Tai Fung\n"), "not favourited before")
        #expect(screens.last?.contains("  Din Tai Fung ♥ favourited") == true, "favourited after going back")
    }

    @Test func theTourWalksAllFourComponents() async {
        let run = await runShell(["--tour"])
        #expect(run.status == .success)
        #expect(
            run.output.screenTitles == [
                "Mall", "Shops", "Blue Bottle Coffee", "Latte Art Morning", "Blue Bottle Coffee",
                "Mall Dining Voucher ¥100", "Applicable shops", "Din Tai Fung", "Queue at Din Tai Fung", "Booking A008",
                "My bookings",
            ]
        )
        #expect(run.output.contains("  2. A008 · Din Tai Fung · Waiting"))
        #expect(!run.output.contains("Unavailable"))
        #expect(run.output.errorLines.isEmpty)
        #expect(run.output.hasSuffix("# End of the tour. Run `swift run mall` to explore on your own.\n"))
    }

    @Test func endOfInputExitsCleanly() async {
        let run = await runShell(input: ["1"])
        #expect(run.status == .success)
        #expect(run.output.hasSuffix("> (end of input)\n"))
    }

    @Test func helpListsTheCommands() async {
        let run = await runShell(input: ["?", "q"])
        #expect(run.output.contains("  b, back    go back; on the first page of a modal, close it"))
        #expect(run.output.screenTitles == ["Mall", "Mall"])
    }
}
