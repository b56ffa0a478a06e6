import Middleware

// Opening a URL must not slow down as routes are added: the table finds a route by one dictionary
// lookup, so opening against 2,000 routes should cost what it costs against 10.
//
// Each table has routes shaped like the app's (`demo://area<n>/detail?itemId=…&kind=…`); every
// measurement parses, finds, types and opens URLs spread over the whole table.

enum Kind: String, CaseIterable {
    case small, medium, large
}

struct ItemID: RawRepresentable, Hashable {
    var rawValue: String
}

@MainActor
func routeTable(of count: Int) -> (RouteTable<Int>, [String]) {
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
func openTime(_ table: RouteTable<Int>, _ urls: [String], iterations: Int) -> Double {
    var checksum = 0
    let start = ContinuousClock.now
    for iteration in 0..<iterations {
        // The URLs are valid by construction; a failure would be a bug worth seeing in the checksum.
        checksum &+= (try? table.resolve(urls[iteration & 63], from: .outside).link.open()) ?? -1_000_000
    }
    let elapsed = ContinuousClock.now - start
    precondition(checksum > 0, "a benchmark URL failed to open")
    return elapsed.nanoseconds / Double(iterations)
}

/// Opening a URL against 10 and 2,000 routes, and the first open against a fresh 2,000-route table.
@MainActor
func routeFigures(quick: Bool) -> [Figure] {
    let iterations = quick ? 20_000 : 200_000
    let (small, smallURLs) = routeTable(of: 10)
    let (large, largeURLs) = routeTable(of: 2_000)
    precondition(small.problems.isEmpty && large.problems.isEmpty, "the benchmark tables are unsound")
    let (fresh, freshURLs) = routeTable(of: 2_000)
    let cold = openTime(fresh, freshURLs, iterations: 1)
    let times = interleaved(
        rounds: quick ? 5 : 11,
        [
            { openTime(small, smallURLs, iterations: iterations) },
            { openTime(large, largeURLs, iterations: iterations) },
        ])
    return [
        Figure(section: "routes", name: "open a URL, 10 routes", value: times[0] / 1_000, unit: "µs"),
        Figure(
            section: "routes", name: "open a URL, 2,000 routes", value: times[1] / 1_000, unit: "µs",
            baseline: "10 routes", baselineValue: times[0] / 1_000, goal: 1.5),
        Figure(section: "routes", name: "first link, fresh 2,000-route table", value: cold / 1_000, unit: "µs"),
    ]
}
