import Appointment
import MallBase
import MallRouting
import Middleware

/// The routes into Appointment's provides: what a link from outside may open (the external ones), and what
/// routers wire requires to, so a downgrade to the web applies to every way in.
@MainActor
public enum AppointmentRoutes {
    public static let queue = MallRoute(
        "mall://appointment/queue",
        exposure: .external,
        opening: Appointment.Provides.appointmentBookInfo,
        parameters: .identifier("shopId", ShopID.self),
        example: "s02"
    )

    public static let myBookings = MallRoute(
        "mall://appointment/bookings", exposure: .external, opening: Appointment.Provides.myBookings)

    /// Internal: the page cancels the booking, which no link from outside may lead to.
    public static let booking = MallRoute(
        "mall://appointment/booking",
        opening: Appointment.Provides.appointmentBookDetail,
        parameters: .text("serialNo", maximumLength: 32), .text("orderNo", maximumLength: 32),
        example: "A007", "BK-1007"
    )

    /// Every route into Appointment.
    public static var all: [AnyRoute<Screen>] { [queue.erased, myBookings.erased, booking.erased] }
}
