/// Text placed inside the graphs the package draws, escaped for the language that reads it.
public enum GraphText {
    /// Text inside a quoted Mermaid label: quotes, `#` and angle brackets as entity codes.
    public static func mermaid(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "#": escaped += "#35;"
            case "\"": escaped += "#quot;"
            case "<": escaped += "#lt;"
            case ">": escaped += "#gt;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A quoted DOT string (an identifier or a label): backslashes, quotes and line breaks escaped.
    public static func dot(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
