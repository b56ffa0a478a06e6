extension String {
    /// A count with its noun, plural unless the count is one: `1 require`, `14 routes`.
    public static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
