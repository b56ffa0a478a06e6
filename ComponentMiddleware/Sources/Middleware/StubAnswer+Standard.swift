// Stub answers for the standard library's plain values, so a require that answers with one is stubbed
// in previews and tests in any app without a conformance of its own (`retroactive` ones among them).
// The scaffolder's generator accepts these types as answers; its list is `DerivedFiles.standardAnswers`.

extension String: StubAnswer {
    /// The call as written, so a preview shows which require answered it.
    public static func stub(answering call: RequireCall) -> String {
        call.description
    }
}

extension Int: StubAnswer {
    /// Zero.
    public static func stub(answering call: RequireCall) -> Int { 0 }
}

extension Double: StubAnswer {
    /// Zero.
    public static func stub(answering call: RequireCall) -> Double { 0 }
}

extension Bool: StubAnswer {
    /// `false`: a stubbed yes-or-no question answers no.
    public static func stub(answering call: RequireCall) -> Bool { false }
}
