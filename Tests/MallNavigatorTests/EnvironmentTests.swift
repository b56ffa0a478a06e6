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

    @Test func theProcessEnvironmentIsReadWhenAsked() {
        let name = "MALL_ENVIRONMENT_TEST_\(UUID().uuidString.replacingOccurrences(of: "-", with: "_"))"
        #expect(Environment.process[name] == nil)
        setenv(name, "a value, with spaces", 1)
        defer { unsetenv(name) }
        #expect(Environment.process[name] == "a value, with spaces")
        #expect(Environment.process[name] == ProcessInfo.processInfo.environment[name])
        setenv(name, "", 1)
        #expect(Environment.process[name] == "")
    }
}
