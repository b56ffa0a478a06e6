import Middleware

/// A booking as another component shows it: what Appointment tells Shop about the user's place in
/// a shop's queue.
///
/// Appointment owns bookings; a shop's page asks for them each time it is shown, through
/// `Shop.require_appointmentBookings`, and keeps no copy that could go stale.
public struct BookingSummary: Sendable, Hashable {
    /// The number the user was given, e.g. `A007`.
    public var serialNo: String
    /// The booking's order number, e.g. `BK-1007`.
    public var orderNo: String

    /// Creates a summary.
    public init(serialNo: String, orderNo: String) {
        self.serialNo = serialNo
        self.orderNo = orderNo
    }
}

extension BookingSummary: StubAnswer {
    /// A booking numbered for a preview, so a shop's page shows where a booking leads.
    public static func stub(answering call: RequireCall) -> BookingSummary {
        BookingSummary(serialNo: "A001", orderNo: "BK-PREVIEW")
    }
}
