import Appointment
import MallBase
import Shop

/// Wires Appointment's requirements to Shop.
@MainActor
struct AppointmentRouter: ComponentRouter {
    let component = Appointment.shared

    var homeEntry: Action {
        .push("Bookings: my tables") { Appointment.shared.provide_myBookings() }
    }

    func configure() {
        component.require_shopDetail = { shopId in
            Shop.shared.provide_shopDetail(shopId: shopId)
        }
    }
}
