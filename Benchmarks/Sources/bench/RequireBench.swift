import Dependencies
import Foundation
import Swinject
import Warehouse

/// A component as the package builds them: a `@MainActor` singleton whose screens call their own
/// require through a calling function.
@MainActor
final class Kiosk {
    static let shared = Kiosk()
    var require_stock: ((_ itemId: Int) -> Int)?

    /// How the component's screens call the require.
    func stock(_ itemId: Int) -> Int {
        require_stock?(itemId) ?? -1
    }
}

/// What the require does, called directly, never inlined: the cost of a plain call.
@inline(never)
func stockDirectly(_ itemId: Int) -> Int {
    itemId &+ 1
}

/// The same service as the containers hold it.
protocol StockService: AnyObject {
    func stock(_ itemId: Int) -> Int
}

final class Stock: StockService {
    func stock(_ itemId: Int) -> Int { itemId &+ 1 }
}

struct StockDependency: DependencyKey, Sendable {
    var stock: @Sendable (Int) -> Int
    static let liveValue = StockDependency { $0 &+ 1 }
}

extension DependencyValues {
    var stock: StockDependency {
        get { self[StockDependency.self] }
        set { self[StockDependency.self] = newValue }
    }
}

/// A service locator at its simplest: a dictionary behind a lock.
final class LockedRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var services: [ObjectIdentifier: Any] = [:]

    func register<Service>(_ type: Service.Type, _ service: Service) {
        lock.withLock { services[ObjectIdentifier(type)] = service }
    }

    func resolve<Service>(_ type: Service.Type) -> Service? {
        lock.withLock { services[ObjectIdentifier(type)] as? Service }
    }
}

struct Shelf {
    @Dependency(\.stock) var stock
}

/// A require called as screens call it, against a direct call and what other libraries take to find
/// the same service.
@MainActor
func requireFigures(quick: Bool) -> [Figure] {
    Kiosk.shared.require_stock = { $0 &+ 1 }
    Warehouse.shared.require_price = { $0 &+ 1 }
    let swinjectGraph = Container()
    swinjectGraph.register(StockService.self) { _ in Stock() }
    let swinjectContainer = Container()
    swinjectContainer.register(StockService.self) { _ in Stock() }.inObjectScope(.container)
    let locked = LockedRegistry()
    locked.register(StockService.self, Stock() as StockService)
    let shelf = Shelf()

    let fast = quick ? 2_000_000 : 20_000_000
    let slow = quick ? 20_000 : 200_000
    let rounds = quick ? 5 : 11
    var item = 0
    let times = interleaved(
        rounds: rounds,
        [
            {
                nanoseconds(iterations: fast) {
                    item &+= 1; blackHole(stockDirectly(item))
                }
            },
            {
                nanoseconds(iterations: fast) {
                    item &+= 1
                    blackHole(Warehouse.shared.provide_stock(itemId: item))
                }
            },
            {
                nanoseconds(iterations: fast) {
                    item &+= 1; blackHole(Kiosk.shared.stock(item))
                }
            },
            {
                nanoseconds(iterations: fast) {
                    item &+= 1; blackHole(Warehouse.shared.require_price?(item) ?? -1)
                }
            },
            {
                nanoseconds(iterations: slow) {
                    blackHole(swinjectGraph.resolve(StockService.self)!.stock(item))
                }
            },
            {
                nanoseconds(iterations: slow) {
                    blackHole(swinjectContainer.resolve(StockService.self)!.stock(item))
                }
            },
            { nanoseconds(iterations: slow) { blackHole(shelf.stock.stock(item)) } },
            {
                nanoseconds(iterations: fast / 10) {
                    blackHole(locked.resolve(StockService.self)!.stock(item))
                }
            },
        ])
    let allocated = allocations(iterations: 100_000) {
        item &+= 1; blackHole(Kiosk.shared.stock(item))
    }
    let sibling = "sibling's provide"
    let require = "require call"
    return [
        Figure(section: "require", name: "plain function call, not inlined", value: times[0], unit: "ns"),
        Figure(
            section: "require", name: "a sibling's provide, called directly", value: times[1], unit: "ns",
            baseline: "plain call", baselineValue: times[0]),
        Figure(
            section: "require", name: "require called in its component", value: times[2], unit: "ns",
            baseline: sibling, baselineValue: times[1], goal: 2,
            condition: allocated.map { "0 allocations (\(Figure.number($0)) per call)" }
                ?? "allocations not countable here",
            conditionMet: allocated.map { $0 == 0 }),
        Figure(
            section: "require", name: "require read from another module", value: times[3], unit: "ns",
            baseline: sibling, baselineValue: times[1]),
        Figure(
            section: "require", name: "Swinject 2.10 resolve, .graph", value: times[4], unit: "ns",
            baseline: require, baselineValue: times[2]),
        Figure(
            section: "require", name: "Swinject 2.10 resolve, .container", value: times[5], unit: "ns",
            baseline: require, baselineValue: times[2], goal: 50, isMinimumRatio: true),
        Figure(
            section: "require", name: "swift-dependencies 1.17 @Dependency", value: times[6], unit: "ns",
            baseline: require, baselineValue: times[2]),
        Figure(
            section: "require", name: "dictionary behind a lock", value: times[7], unit: "ns",
            baseline: require, baselineValue: times[2]),
    ]
}
