extension String {
    /// The text as one line of a terminal or a log shows it safely: control characters (a line break
    /// too), formatting marks (a right-to-left override reorders a line) and line or paragraph
    /// separators appear as `\u{…}`, so text read from outside can neither forge a line, move the
    /// cursor, recolour the terminal nor reorder what follows.
    public var visible: String {
        guard unicodeScalars.contains(where: \.isInvisible) else { return self }
        var shown = ""
        for scalar in unicodeScalars {
            if scalar.isInvisible {
                shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// ``visible``, cut to its first `limit` characters and its length where it is longer, so a
    /// message quoting text from outside stays a line however long the text is.
    public func visible(atMost limit: Int) -> String {
        guard count > limit else { return visible }
        return String(prefix(limit)).visible + "… (\(count) characters)"
    }
}

extension Unicode.Scalar {
    /// Whether the character would act on a terminal instead of showing: a control, a formatting mark
    /// (a right-to-left override reorders a line), a line or paragraph separator. Output shows these
    /// escaped (``Swift/String/visible``), links and commands refuse them, and transcripts show them
    /// as `�`.
    public var isInvisible: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
