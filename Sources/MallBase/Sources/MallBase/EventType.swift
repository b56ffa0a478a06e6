/// The kind of an event, the seed's `MCEventType`: shops pass it when they open an event.
public enum EventType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible, Codable {
    /// A price promotion.
    case promotion
    /// A food or drink tasting.
    case tasting
    /// A hands-on class.
    case workshop
    /// A product launch.
    case launch

    /// The type as shown to users, e.g. `Workshop`.
    public var description: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
