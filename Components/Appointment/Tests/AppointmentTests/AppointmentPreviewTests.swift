import MallBase
import MallNavigator
import MallTestSupport
import Middleware
import MiddlewareSupport
import MiddlewareTesting
import Testing

@testable import Appointment
@testable import AppointmentPreview

/// Appointment run alone: the preview's entry screen, and its require answered by a stub naming its call.
@MainActor
@Suite("Appointment preview", .freshComponents { [Appointment.shared] })
struct AppointmentPreviewTests {
    private func preview() -> ComponentPreview {
        return AppointmentPreview.app()
    }

    @Test func opensTheEntryScreenAndItsAuditIsClean() async {
        let app = preview()
        let run = await app.run(input: ["q"])
        #expect(run.status == .success)
        #expect(run.output.screenTitles == ["My bookings"])
        #expect(run.errors.isEmpty)
        #expect(await app.run(["audit"], input: []).output.hasSuffix("The 1 require of 1 component is wired.\n"))
    }

    @Test func theRequireShowsItsStubWithTheArguments() {
        _ = preview()
        let screen = Appointment.shared.shopDetail("s02")
        #expect(screen.title == "Appointment.require_shopDetail")
        #expect(screen.origin == "Preview")
        #expect(
            screen.body == [
                "Appointment.require_shopDetail(shopId: s02)",
                "This preview runs Appointment alone, so a stub answers this require.",
                "In the app, Shop answers it.",
            ])
    }

    @Test func theUnwiredRequireNamesItself() {
        Appointment.shared.require_shopDetail = nil
        #expect(WiringAudit.wiring(of: Appointment.shared).unwired == ["require_shopDetail"])
        #expect(Appointment.shared.shopDetail("s02").body.first == "Appointment.require_shopDetail is not wired.")
    }
}
