import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The environment variables a program reads: the process's own, or a fixed set (in tests).
///
/// The process's variables are read one at a time as they are asked for. Foundation's
/// `ProcessInfo.environment` copies every variable into a dictionary first, a cost at every launch
/// for the three or four the app reads.
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    /// `nil` for the process's own variables.
    private let variables: [String: String]?

    /// The process's environment.
    public static let process = Environment(variables: nil)

    /// An environment holding only `variables`.
    public init(_ variables: [String: String]) {
        self.init(variables: variables)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(variables: Dictionary(elements) { _, last in last })
    }

    private init(variables: [String: String]?) {
        self.variables = variables
    }

    /// A copy with the variable `name` set to `value`; a copy of the process's environment holds
    /// every variable it has now.
    public func setting(_ name: String, to value: String) -> Environment {
        var copy = variables ?? ProcessInfo.processInfo.environment
        copy[name] = value
        return Environment(copy)
    }

    /// The value of the variable `name`, or `nil` when it is not set. A variable the process was
    /// given twice has its first value, as `getenv` and so every C program reads it.
    public subscript(name: String) -> String? {
        guard let variables else { return getenv(name).map { String(cString: $0) } }
        return variables[name]
    }
}
