import Appointment
import Event
import EventRouter
import Groupbuy
import MallBase
import MallNavigator
import MallRouting
import MallTestSupport
import MiddlewareSupport
import MiddlewareTesting
import Shop
import Testing

@testable import Mall
@testable import Middleware

/// After the routers ran, every require of every component leads to a real screen.
/// Event's router under another name, with an entry of its own, for the home screen's groups.
@MainActor
private struct NamedRouter: ComponentRouter {
    let base: EventRouter
    let componentName: String
    var component: Event { base.component }
    var homeEntry: Action { .message("open") { "" } }
    static var routes: [AnyRoute<Screen>] { [] }
    var links: any RouteOpening { base.links }
    func wire(_ wiring: Wiring<Self>) -> Wired<Component> { .partial }
}

@MainActor
@Suite("Wiring", .freshComponents(everyComponent))
struct WiringTests {
    @Test func theAuditIsEmptyAfterConfiguringAllRouters() {
        let app = MallApp()
        #expect(app.audit.unwired == [])
        // The mall answers every require: none is declared unavailable either.
        #expect(app.audit.components.flatMap(\.unavailable) == [])
        #expect(Array(app.audit.components.map(\.component).prefix(4)) == ["Shop", "Event", "Groupbuy", "Appointment"])
        #expect(app.audit.components.map(\.component) == Routers.all(links: Links()).map(\.componentName))
        let declared = fourComponentRequireCounts().map(\.count).reduce(0, +)
        #expect(MallApp(routers: fourComponentRouters(links:)).audit.requireCount == declared)
    }

    /// The home screen lists a component under its registry entry's name, so that name must be the one
    /// its router gives: a misspelt entry would list a component under a name nothing else uses.
    @Test func eachRegistryEntryIsNamedAsItsRouterNamesItsComponent() {
        let links = Links(environment: [:])
        #expect(Routers.entries.map(\.name) == Routers.entries.map { $0.make(links).componentName })
        #expect(Array(MallApp().names.prefix(4)) == ["Shop", "Event", "Groupbuy", "Appointment"])
    }

    /// The one place reflection remains: each component's derived list (what the audit walks) names
    /// exactly the `require_` properties the component stores, in declaration order.
    @Test func everyDerivedListNamesTheRequirePropertiesTheMirrorFinds() {
        let app = MallApp()
        for router in app.routers {
            let component = router.component
            let stored = Mirror(reflecting: component).children.compactMap(\.label).filter {
                $0.hasPrefix(WiringAudit.requirePrefix)
            }
            #expect(router.audit.requires == stored.sorted(), "\(router.componentName)")
        }
    }

    @Test func aRouterWithoutARequiresLineLeavesItUnwiredWhateverWasThereBefore() {
        _ = MallApp().routers
        let app = MallApp(links: Links(environment: [:]), routers: routersWithAHole(links:))
        #expect(app.audit.unwired == ["Event.require_shopDetail"])
        _ = MallApp().routers
    }

    @Test func theHomeScreenListsEveryRegisteredComponent() {
        let home = MallApp().home
        let count = Routers.all(links: Links()).count
        #expect(home.title == "Mall")
        // Past 12 components (one added with new-component, say), home lists groups: the next test.
        if count <= HomeScreen.maximumEntries {
            #expect(home.actions.count == count)
            #expect(
                Array(home.actions.map(\.title).prefix(4)) == [
                    "Shops: find a shop", "Events: what's on", "Group-buys: deals", "Bookings: my tables",
                ]
            )
        } else {
            #expect(home.actions.count <= HomeScreen.maximumEntries)
        }
    }

    @Test func theHomeScreenFitsATerminalAndReachesEveryComponentAtAnyCount() {
        let links = Links()
        let long = String(repeating: "L", count: 48)
        for count in [12, 13, 144, 145, 1_004] {
            // In reverse, so the groups' order (by name) is not the routers'; one name as long as allowed.
            let names = (1...count).map { $0 == 7 ? long : "C" + String("\($0 + 10_000)".dropFirst()) }
            let routers = names.reversed().map { NamedRouter(base: EventRouter(links: links), componentName: $0) }
            // Walks every screen of the home, choice by choice, collecting the entries it reaches.
            var reached: [String] = []
            var deepest = 0
            var screens = [(HomeScreen.make(routers: routers), choices: 0)]
            while let (screen, choices) = screens.popLast() {
                // Breadcrumb, title, body, a blank line, the choices and the hint: with the prompt, 24 lines.
                #expect(screen.actions.count <= HomeScreen.maximumEntries, "\(screen.title)")
                #expect(screen.body.count + screen.actions.count + 5 <= 24, "\(screen.title)")
                for action in screen.actions {
                    // "  12. " and the title fit 80 columns.
                    #expect(action.title.count + 6 <= 80, "\(action.title)")
                    switch action.effect {
                    case .push(let open): screens.append((open(), choices + 1))
                    default:
                        reached.append(action.title)
                        deepest = max(deepest, choices + 1)
                    }
                }
            }
            let entries = names.map { name in
                let shown = name == long ? String(name.prefix(23)) + "…" : name
                return count <= HomeScreen.maximumEntries ? "open" : "\(shown) · open"
            }
            #expect(reached.sorted() == entries.sorted(), "\(count) components")
            // A choice per level: 12 at once, 144 in two, 1,728 in three.
            #expect(deepest == (count <= 12 ? 1 : count <= 144 ? 2 : 3), "\(count) components")
        }
        let groups = HomeScreen.make(
            routers: (1...1_004).map {
                NamedRouter(base: EventRouter(links: links), componentName: "C" + String("\($0 + 10_000)".dropFirst()))
            }
        ).actions.map(\.title)
        #expect(groups.first == "C0001 – C0143 (143 components)")
        #expect(groups.count == 7)
    }

    @Test func longNamesThatDifferOnlyAtTheEndAreToldApartOnEveryScreen() {
        let common = "Abcdefghijklmnopqrstuvwxyz" + String(repeating: "A", count: 21)
        let long = "BCDEFGHIJK".map { common + String($0) }
        let names = long + (1...15).map { "C" + String("\($0 + 10_000)".dropFirst()) }
        let links = Links()
        let routers = names.map { name in
            NamedRouter(base: EventRouter(links: links), componentName: name)
        }
        var reached: [String] = []
        var screens = [HomeScreen.make(routers: routers)]
        while let screen = screens.popLast() {
            let titles = screen.actions.map(\.title)
            #expect(Set(titles).count == titles.count, "\(titles)")
            for action in screen.actions {
                #expect(action.title.count + 6 <= 80, "\(action.title)")
                if case .push(let open) = action.effect {
                    // A group's first and last name differ as shown.
                    let label = action.title.prefix { $0 != "(" }.split(separator: " – ")
                    #expect(label.count == 1 || label[0] != label[1], "\(action.title)")
                    screens.append(open())
                } else {
                    reached.append(action.title)
                }
            }
        }
        #expect(reached.count == names.count)
        #expect(Set(reached).count == names.count, "\(reached)")
        #expect(reached.contains("Abcdef…AAAAAAAAAAAAAAAB · open"))
        #expect(HomeScreen.shortened(common + "B", besides: ["C0001"]) == "Abcdefghijklmnopqrstuvw…")
    }

    /// A require, called with sample arguments, and what it should answer; the graph tests check that
    /// answer against what `mall graph` says answers the require.
    struct Case: CustomTestStringConvertible, Sendable {
        enum Answer: Sendable {
            /// A screen with this title; `nil` when the require is not wired.
            case screen(title: String, call: @MainActor @Sendable () -> Screen?)
            /// A value, compared with what `provider`'s provide returns for the same arguments: whether
            /// they are equal (and not trivially empty), or `nil` when the require is not wired.
            case value(provider: String, call: @MainActor @Sendable () async throws -> Bool?)
        }

        var require: String
        var answer: Answer

        /// A require that opens a screen titled `title`.
        init(require: String, title: String, call: @escaping @MainActor @Sendable () -> Screen?) {
            self.require = require
            self.answer = .screen(title: title, call: call)
        }

        /// A require answered with data from `provider`: `call` says whether the two agree.
        init(
            require: String, sameValueAs provider: String,
            call: @escaping @MainActor @Sendable () async throws -> Bool?
        ) {
            self.require = require
            self.answer = .value(provider: provider, call: call)
        }

        var testDescription: String { require }
    }

    nonisolated static let cases: [Case] = [
        Case(require: "Shop.require_eventDetail", title: "Latte Art Morning") {
            Shop.shared.require_eventDetail?("e01", .workshop)
        },
        Case(require: "Shop.require_buyOrder", title: "Pay the bill") {
            Shop.shared.require_buyOrder?("M1001", "bill")
        },
        Case(require: "Shop.require_groupbuyInfo", title: "Coffee for Two") {
            Shop.shared.require_groupbuyInfo?("g01")
        },
        Case(require: "Shop.require_allGroupbuy", title: "Group-buys here") {
            Shop.shared.require_allGroupbuy?([GroupbuySummary(id: "g01", title: "Coffee for Two", priceInCents: 3800)])
        },
        Case(require: "Shop.require_couponDetail", title: "Coupon c01") {
            Shop.shared.require_couponDetail?("c01", .discount)
        },
        Case(require: "Shop.require_couponConsumeDetail", title: "Used coupon c09") {
            Shop.shared.require_couponConsumeDetail?("c09")
        },
        Case(require: "Shop.require_navFindShopAndCar", title: "Web page") {
            Shop.shared.require_navFindShopAndCar?("https://mall.example.com/indoor-nav?shop=s01")
        },
        Case(require: "Shop.require_appointmentBookInfo", title: "Queue at Din Tai Fung") {
            Shop.shared.require_appointmentBookInfo?("s02")
        },
        Case(require: "Shop.require_appointmentBookDetail", title: "Booking A007") {
            Shop.shared.require_appointmentBookDetail?("A007", "BK-1007")
        },
        Case(require: "Shop.require_appointmentBookings", sameValueAs: "Appointment") {
            // Take a number first, so there is a booking to agree on whatever other tests cancelled.
            _ = await Appointment.shared.provide_appointmentBookInfo(shopId: "s02").open("Take a number: table for 1–2")
            guard let require = Shop.shared.require_appointmentBookings else { return nil }
            let bookings = try await require("s02")
            let provided = try await Appointment.shared.provide_bookings(shopId: "s02")
            return !bookings.isEmpty && bookings == provided
        },
        Case(require: "Event.require_shopDetail", title: "Blue Bottle Coffee") {
            Event.shared.require_shopDetail?("s01")
        },
        Case(require: "Groupbuy.require_shopDetail", title: "Din Tai Fung") {
            Groupbuy.shared.require_shopDetail?("s02") { _ in }
        },
        Case(require: "Groupbuy.require_shopApplyForGroupbuy", title: "Applicable shops") {
            Groupbuy.shared.require_shopApplyForGroupbuy?("g05")
        },
        Case(require: "Appointment.require_shopDetail", title: "Haidilao Hot Pot") {
            Appointment.shared.require_shopDetail?("s05")
        },
    ]

    @Test(arguments: cases)
    func everyRequireAnswersAsExpected(_ testCase: Case) async throws {
        _ = MallApp().routers
        switch testCase.answer {
        case .screen(let title, let call):
            let screen = try #require(call(), "\(testCase.require) is nil after configuring")
            #expect(screen.title == title)
        case .value(let provider, let call):
            // Unwrapped by hand: `#require` on a `Bool?` is ambiguous (the value, or whether it is true).
            guard let agrees = try await call() else {
                Issue.record("\(testCase.require) is nil after configuring")
                return
            }
            #expect(agrees, "\(testCase.require) answers what \(provider) provides")
        }
    }

    @Test func everyCaseNamesARequireThatExists() {
        let app = MallApp(routers: fourComponentRouters(links:))
        let declared = app.audit.components.flatMap { wiring in wiring.requires.map { "\(wiring.component).\($0)" }
        }
        #expect(Set(Self.cases.map(\.require)).isSubset(of: declared))
    }

    /// The compiler checks that a route takes a require's values by type; the names must agree too, so a
    /// route taking two strings cannot be wired to a require's two strings in the other order.
    @Test func everyRouteTakesTheRequiresValuesUnderTheirOwnNames() {
        for router in Routers.all(links: Links(environment: [:])) {
            for (require, labels, valueNames) in router.wiredValueNames {
                guard let valueNames else { continue }
                #expect(
                    Array(labels.prefix(valueNames.count)) == valueNames,
                    "\(router.componentName).\(require) passes \(labels) to a route taking \(valueNames)")
            }
        }
    }
}
