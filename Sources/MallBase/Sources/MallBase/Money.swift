/// Formats amounts of money the same way on every screen.
public enum Money {
    /// Formats cents as yuan with two decimals, e.g. `3800` as `¥38.00`.
    public static func format(cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(sign)¥\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
