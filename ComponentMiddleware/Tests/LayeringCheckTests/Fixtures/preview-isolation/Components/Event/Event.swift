public enum Event {
    public static func title(_ id: String) -> String { "Event \(id)" }
}
