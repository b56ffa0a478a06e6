import Foundation
import MallNavigator
import MiddlewareSupport
import Testing

@Suite("Environment")
struct EnvironmentTests {
    @Test func aFixedEnvironmentHoldsOnlyItsVariables() {
        let environment: Environment = ["NO_COLOR": "1", "TERM": "dumb", "PATH": ""]
        #expect(environment["NO_COLOR"] == "1")
        #expect(environment["PATH"] == "")
        #expect(environment["HOME"] == nil)
        #expect(Environment([:])["PATH"] == nil)
    }

    @Test func aVariableGivenTwiceKeepsItsLastValue() {
        let environment: Environment = ["TERM": "dumb", "TERM": "xterm"]
        #expect(environment["TERM"] == "xterm")
    }

    /// The process's own variables, read as `getenv` reads them (the first of a variable given
    /// twice, where `ProcessInfo` keeps the last). The test sets none: other tests read the
    /// environment at the same time, and `setenv` may move it under them.
    @Test func theProcessEnvironmentIsReadWhenAsked() throws {
        let set = try #require(ProcessInfo.processInfo.environment.keys.first { !$0.isEmpty && !$0.contains("=") })
        #expect(Environment.process[set] == getenv(set).map { String(cString: $0) })
        #expect(Environment.process[set] != nil)
        let unset = "MALL_ENVIRONMENT_TEST_\(UUID().uuidString.replacingOccurrences(of: "-", with: "_"))"
        #expect(Environment.process[unset] == nil)
    }
}
