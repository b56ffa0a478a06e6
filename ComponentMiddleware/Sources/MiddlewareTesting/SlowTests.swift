import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a test that builds a package only on CI (`CI` set) or with `RUN_SLOW_TESTS=1`; elsewhere it
    /// is skipped with `reason` and how to run it.
    ///
    /// - Parameter reason: What makes it slow, e.g. "builds a copy of the package".
    public static func slow(_ reason: String) -> Self {
        let environment = ProcessInfo.processInfo.environment
        return .enabled(
            if: environment["CI"] != nil || environment["RUN_SLOW_TESTS"] == "1",
            Comment(rawValue: "\(reason); set RUN_SLOW_TESTS=1 to run it locally"))
    }
}
