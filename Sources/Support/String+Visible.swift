extension String {
    /// The text as one line of a terminal or a log shows it safely: control characters (a line break
    /// too), formatting marks (a right-to-left override reorders a line) and line or paragraph
    /// separators appear as `\u{…}`, so text read from outside can neither forge a line, move the
    /// cursor, recolour the terminal nor reorder what follows.
    public var visible: String {
        guard unicodeScalars.contains(where: \.isHiddenInALine) else { return self }
        var shown = ""
        for scalar in unicodeScalars {
            if scalar.isHiddenInALine {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}

extension Unicode.Scalar {
    /// Whether the character acts on a line instead of showing in it.
    fileprivate var isHiddenInALine: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
