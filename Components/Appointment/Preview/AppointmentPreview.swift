import Appointment
import MallBase
import MallNavigator

/// Appointment on its own: the user's bookings in the text navigator, every require answered by a stub.
@main
@MainActor
enum AppointmentPreview {
    static func main() async {
        await ComponentPreview.main(app())
    }

    /// The preview as a text app: every require of Appointment answered by a stub naming who answers it in the app.
    static func app() -> ComponentPreview {
        ComponentPreview.app(of: Appointment.shared, answeredBy: answeredBy) { Appointment.shared.provide_myBookings() }
    }
}
