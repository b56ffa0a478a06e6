import Foundation
import Middleware

/// Opening a URL must not slow down as routes are added: the table finds a route by one dictionary
/// lookup, so opening against 2,000 routes should cost what it costs against 10 (goal: at most 1.5×).
///
/// Each table has routes shaped like the app's (`demo://area<n>/detail?itemId=…&kind=…`); every
/// measurement parses, finds, types and opens URLs spread over the whole table. Medians of several
/// rounds, both tables measured in the same run, interleaved, after a warm-up.

enum Kind: String, CaseIterable {
    case small, medium, large
}

struct ItemID: RawRepresentable, Hashable {
    var rawValue: String
}

@MainActor
func table(of count: Int) -> (RouteTable<Int>, [String]) {
    let routes = (0..<count).map { number in
        Route<Int, ItemID, Kind>(
            "demo://area\(number)/detail",
            exposure: .external,
            provide: "Area\(number).provide_detail(itemId:kind:)",
            parameters: .identifier("itemId", ItemID.self), .choice("kind", Kind.self),
            example: ItemID(rawValue: "i-\(number)"), .medium
        ) { itemId, kind in itemId.rawValue.utf8.count + kind.rawValue.utf8.count }.erased
    }
    // 64 URLs spread evenly over the table, so a large table is not measured on its first routes only.
    let urls = (0..<64).map { index in
        let number = index * count / 64
        return "demo://area\(number)/detail?itemId=item-\(index)&kind=\(Kind.allCases[index % 3].rawValue)"
    }
    return (RouteTable(scheme: "demo", routes: routes), urls)
}

/// Nanoseconds per open: `iterations` opens, cycling through `urls`.
@MainActor
func measure(_ table: RouteTable<Int>, _ urls: [String], iterations: Int) -> Double {
    var checksum = 0
    let start = ContinuousClock.now
    for iteration in 0..<iterations {
        // The URLs are valid by construction; a failure would be a bug worth seeing in the checksum.
        checksum &+= (try? table.resolve(urls[iteration & 63], from: .outside).link.open()) ?? -1_000_000
    }
    let elapsed = ContinuousClock.now - start
    precondition(checksum > 0, "a benchmark URL failed to open")
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

@MainActor
func main() {
    let quick = CommandLine.arguments.contains("--quick")
    let iterations = quick ? 20_000 : 200_000
    let rounds = quick ? 5 : 11
    let (small, smallURLs) = table(of: 10)
    let (large, largeURLs) = table(of: 2_000)
    precondition(small.problems.isEmpty && large.problems.isEmpty, "the benchmark tables are unsound")

    // First link, cold: the first open against a fresh 2,000-route table, before any warm-up.
    let (fresh, freshURLs) = table(of: 2_000)
    let cold = measure(fresh, freshURLs, iterations: 1)

    _ = measure(small, smallURLs, iterations: iterations / 10)
    _ = measure(large, largeURLs, iterations: iterations / 10)
    var smallTimes: [Double] = []
    var largeTimes: [Double] = []
    for _ in 0..<rounds {
        smallTimes.append(measure(small, smallURLs, iterations: iterations))
        largeTimes.append(measure(large, largeURLs, iterations: iterations))
    }
    let smallMedian = median(smallTimes)
    let largeMedian = median(largeTimes)
    let ratio = largeMedian / smallMedian
    print("Opening a URL (parse, find, type the values, open), median of \(rounds) rounds × \(iterations) opens")
    print(String(format: "  10 routes      %8.2f µs per open", smallMedian / 1_000))
    print(String(format: "  2,000 routes   %8.2f µs per open", largeMedian / 1_000))
    print(String(format: "  ratio          %8.2f×   (goal ≤ 1.5×: %@)", ratio, ratio <= 1.5 ? "met" : "missed"))
    print(String(format: "  first link, cold, 2,000 routes  %.2f µs", cold / 1_000))
}

MainActor.assumeIsolated { main() }
