public enum Formatting { public static func title(_ text: String) -> String { text.uppercased() } }
