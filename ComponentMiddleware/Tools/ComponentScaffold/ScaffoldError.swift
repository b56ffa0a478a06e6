/// Why a component cannot be scaffolded. Nothing is written when one is thrown.
public struct ScaffoldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what to do, in one or two sentences.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message, as shown after `Error: `.
    public var description: String { message }
}
