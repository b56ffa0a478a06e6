import MallTestSupport
import Testing

/// The tests' gate lets its waiters go when opened, and a waiter whose task is cancelled (a test past
/// its time limit) at once, so such a test fails rather than waiting for ever.
@MainActor
@Suite("A test's gate", .timeLimit(.minutes(1)))
struct GateTests {
    @Test func aWaitEndsWhenTheGateOpens() async {
        let gate = Gate()
        let waiter = Task { @MainActor in
            await gate.wait()
            return gate.isOpen
        }
        await Task.yield()
        gate.open()
        #expect(await waiter.value)
    }

    @Test func aWaitEndsWhenItsTaskIsCancelledWithTheGateShut() async {
        let gate = Gate()
        let waiting = Task { @MainActor in await gate.wait() }
        await Task.yield()
        waiting.cancel()
        await waiting.value
        #expect(!gate.isOpen)
        // Cancelled before it began: it does not wait at all.
        let late = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            await gate.wait()
        }
        await late.value
        #expect(!gate.isOpen)
    }
}
