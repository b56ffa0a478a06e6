import AllocationCounter

/// Hands a result to a C function the optimizer cannot see into, so the work that made it is not
/// removed as dead code.
@inline(__always)
func blackHole(_ value: Int) {
    bench_consume(value)
}

/// Nanoseconds one call of `body` takes over `iterations` calls, after a warm-up of a tenth as many.
/// (Rounds and their median come from ``interleaved(rounds:_:)``.)
func nanoseconds(iterations: Int, _ body: () -> Void) -> Double {
    func round(_ count: Int) -> Double {
        let start = ContinuousClock.now
        for _ in 0..<count { body() }
        return (ContinuousClock.now - start).nanoseconds / Double(count)
    }
    _ = round(max(1, iterations / 10))
    return round(iterations)
}

/// Several measurements taken in turn, round by round, so the machine's slow moments fall on each
/// alike; returns each one's median. A measurement that fails stops them all.
func interleaved<Failure: Error>(
    rounds: Int, _ measurements: [() throws(Failure) -> Double]
) throws(Failure) -> [Double] {
    var samples = Array(repeating: [Double](), count: measurements.count)
    for _ in 0..<rounds {
        for (index, measure) in measurements.enumerated() {
            samples[index].append(try measure())
        }
    }
    return samples.map(median)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Heap allocations `body` makes per call, over `iterations` calls; `nil` where they cannot be counted.
func allocations(iterations: Int, _ body: () -> Void) -> Double? {
    body()
    let before = bench_allocation_count()
    guard before >= 0 else { return nil }
    for _ in 0..<iterations { body() }
    return Double(bench_allocation_count() - before) / Double(iterations)
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
