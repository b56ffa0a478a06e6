import Dependencies
import Middleware

/// A component whose require is async, as `new-component --regenerate` writes what calls it.
@MainActor
final class Counter {
    static let shared = Counter()
    var require_count: ((_ itemId: Int) async throws -> Int)?
    var require_countNow: ((_ itemId: Int) -> Int)?

    /// How the component's screens call the async require: the property the generator writes.
    var count: (_ itemId: Int) async throws -> Int {
        if let require = self.require_count { return require }
        return { _ in throw UnwiredRequire("Counter.require_count") }
    }

    /// The same require in its synchronous form.
    func countNow(_ itemId: Int) -> Int {
        self.require_countNow?(itemId) ?? -1
    }
}

/// The same async client as swift-dependencies holds it.
struct CountDependency: DependencyKey, Sendable {
    var count: @Sendable (Int) async throws -> Int
    static let liveValue = CountDependency { $0 &+ 1 }
}

extension DependencyValues {
    var count: CountDependency {
        get { self[CountDependency.self] }
        set { self[CountDependency.self] = newValue }
    }
}

struct Till {
    @Dependency(\.count) var count
}

/// Nanoseconds per call of each way, timed by a loop written out in an async function: a closure
/// around each call would add an async call of its own to every figure.
@MainActor
enum AsyncLoop {
    static func synchronous(_ iterations: Int) async -> Double {
        let start = ContinuousClock.now
        for item in 0..<iterations { blackHole(Counter.shared.countNow(item)) }
        return (ContinuousClock.now - start).nanoseconds / Double(iterations)
    }

    static func asyncRequire(_ iterations: Int) async throws -> Double {
        let start = ContinuousClock.now
        for item in 0..<iterations { blackHole(try await Counter.shared.count(item)) }
        return (ContinuousClock.now - start).nanoseconds / Double(iterations)
    }

    static func dependency(_ iterations: Int, _ till: Till) async throws -> Double {
        let start = ContinuousClock.now
        for item in 0..<iterations { blackHole(try await till.count.count(item)) }
        return (ContinuousClock.now - start).nanoseconds / Double(iterations)
    }
}

/// An async require answered at once (a provide wired to it, or data already at hand) against its
/// synchronous form and the same client behind swift-dependencies' `@Dependency`.
@MainActor
func asyncRequireFigures(quick: Bool) async throws -> [Figure] {
    // As a router's wiring line assigns them, from the main actor.
    Counter.shared.require_count = { $0 &+ 1 }
    Counter.shared.require_countNow = { $0 &+ 1 }
    let till = Till()
    let fast = quick ? 1_000_000 : 10_000_000
    let slow = quick ? 20_000 : 200_000
    let rounds = quick ? 5 : 11
    var samples = Array(repeating: [Double](), count: 3)
    _ = try await (
        AsyncLoop.synchronous(fast / 10), AsyncLoop.asyncRequire(fast / 10), AsyncLoop.dependency(slow / 10, till)
    )
    for _ in 0..<rounds {
        samples[0].append(await AsyncLoop.synchronous(fast))
        samples[1].append(try await AsyncLoop.asyncRequire(fast))
        samples[2].append(try await AsyncLoop.dependency(slow, till))
    }
    let times = samples.map(median)
    let extra = times[1] - times[0]
    return [
        Figure(section: "async", name: "require called in its component, synchronous", value: times[0], unit: "ns"),
        Figure(
            section: "async", name: "async require answered at once", value: times[1], unit: "ns",
            baseline: "synchronous", baselineValue: times[0],
            condition: "≤ 50 ns over it (\(Figure.number(extra)) ns)", conditionMet: extra <= 50),
        Figure(
            section: "async", name: "swift-dependencies 1.17 @Dependency, async client", value: times[2],
            unit: "ns", baseline: "async require", baselineValue: times[1], goal: 10, isMinimumRatio: true),
    ]
}
