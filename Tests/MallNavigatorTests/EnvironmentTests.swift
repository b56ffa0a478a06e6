import Foundation
import MallNavigator
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

    /// The process's own variables, read as they are: the test sets none, since other tests read the
    /// environment at the same time and `setenv` may move it under them.
    @Test func theProcessEnvironmentIsReadWhenAsked() throws {
        let variables = ProcessInfo.processInfo.environment
        let set = try #require(variables.keys.first { !$0.isEmpty })
        #expect(Environment.process[set] == variables[set])
        let unset = "MALL_ENVIRONMENT_TEST_\(UUID().uuidString.replacingOccurrences(of: "-", with: "_"))"
        #expect(Environment.process[unset] == nil)
    }
}
