extension Unicode.Scalar {
    /// Whether the character would act on a terminal instead of showing: a control, a formatting mark
    /// (a right-to-left override reorders a line), a line or paragraph separator. Links and commands
    /// refuse these, and transcripts show them as `�`.
    package var isInvisible: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
