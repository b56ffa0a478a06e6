import MallBase
import Middleware

/// Records the requires a component called, so a test can assert which ones and with what.
@MainActor
public final class CallLog {
    /// Each call as `name(arguments)`, in order.
    public private(set) var calls: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Records a call a recording stub reports (`component.stubEveryRequire(onCall: log.record)`).
    public func record(_ call: RequireCall) {
        calls.append(call.description)
    }

    /// Records a call and returns a stub screen titled after it, so the test can tell it was reached.
    public func record(_ name: String, _ arguments: Any...) -> Screen {
        let call = "\(name)(\(arguments.map { "\($0)" }.joined(separator: ", ")))"
        calls.append(call)
        return Screen(title: "stub \(name)", origin: "Stub", body: [call])
    }
}
