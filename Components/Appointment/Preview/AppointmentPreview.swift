import Appointment
import MallBase
import MallNavigator

/// Appointment on its own: the user's bookings in the text navigator, every require answered by a stub.
@main
@MainActor
enum AppointmentPreview {
    static func main() {
        answerEveryRequire()
        ComponentPreview.main(of: Appointment.shared) { Appointment.shared.provide_myBookings() }
    }

    /// Answers each of Appointment's requires with a stub naming it, its arguments, and who serves it in the app.
    static func answerEveryRequire() {
        Appointment.shared.require_shopDetail = { shopId in
            .stub(Appointment.self, "require_shopDetail", arguments: ["shopId": shopId], answeredBy: "Shop")
        }
    }
}
