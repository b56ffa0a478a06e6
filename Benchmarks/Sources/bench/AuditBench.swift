import Foundation
import Swinject

/// Creating, wiring and auditing 10 and 1,000 components, each a class of 10 requires shaped like the app's:
/// a package is generated with 1,000 such components, built in release mode, and run once per figure
/// as a fresh process, so the audit meets every type for the first time, as at launch.
///
/// The package is kept between runs (``probeFolder``) and each of its files rewritten only when its text
/// changes, so SwiftPM rebuilds only what a change to the middleware or to this generator touches: the
/// first build takes many minutes (10,000 wiring lines), a run after it seconds.
struct AuditBench {
    let root: URL
    let quick: Bool

    /// Where the probe package is kept: inside the benchmarks' own build folder, which git ignores and
    /// `swift package clean` empties.
    var probeFolder: URL { root.appendingPathComponent("Benchmarks/.build/audit-probe") }

    static let signatures = [
        "(_ id: String) -> Int", "(_ id: String, _ count: Int) -> Int", "() -> Int", "(_ flag: Bool) -> String",
        "(_ ids: [String]) -> Int",
    ]

    func figures() throws -> [Figure] {
        let executable = try build(components: 1_000)
        let runs = quick ? 5 : 15
        // Per count of components: the microseconds of each phase, one entry per run.
        var creating: [[Double]] = [[], []]
        var launch: [[Double]] = [[], []]
        var readBack: [[Double]] = [[], []]
        var told: [Double] = []
        /// The probe's three times for `arguments`.
        func probe(_ arguments: [String]) throws -> [Double] {
            let times = try Shell.run(executable, arguments).split(separator: " ").compactMap { Double($0) }
            guard times.count == 3 else { throw ChildRun.Failure(description: "the audit probe printed \(times)") }
            return times
        }
        for _ in 0..<runs {
            for (index, count) in [10, 1_000].enumerated() {
                let times = try probe([String(count)])
                creating[index].append(times[0])
                launch[index].append(times[1])
                readBack[index].append(times[2])
            }
            told.append(try probe(["1000", "told"])[1])
        }
        let registering = median((0..<runs).map { _ in Self.swinjectRegistration(services: 10_000) })
        let (creating10, creating1000) = (median(creating[0]), median(creating[1]))
        let (launch10, launch1000) = (median(launch[0]), median(launch[1]))
        let (readBack10, readBack1000) = (median(readBack[0]), median(readBack[1]))
        let told1000 = median(told)
        let typesBuilt = try Self.wiringTypesBuilt(in: executable)
        return [
            Figure(section: "audit", name: "creating 10 components and their routers", value: creating10, unit: "µs"),
            Figure(
                section: "audit", name: "creating 1,000 components and their routers", value: creating1000,
                unit: "µs", baseline: "10 components × 100", baselineValue: creating10 * 100),
            Figure(section: "audit", name: "wiring and audit, 10 × 10, cold", value: launch10, unit: "µs"),
            Figure(
                section: "audit", name: "wiring and audit, 1,000 × 10, cold", value: launch1000, unit: "µs",
                baseline: "10 components × 100", baselineValue: launch10 * 100, condition: "≤ 1,000 µs",
                conditionMet: launch1000 <= 1_000),
            Figure(
                section: "audit", name: "routers whose Wiring type the runtime builds when first configured",
                value: Double(typesBuilt), unit: "routers", condition: "none", conditionMet: typesBuilt == 0),
            Figure(
                section: "audit", name: "the same, each provide line telling a hook (as the app's routers)",
                value: told1000, unit: "µs", baseline: "without a hook", baselineValue: launch1000),
            Figure(
                section: "audit", name: "Swinject 2.10 registering 10,000 services", value: registering, unit: "µs",
                baseline: "wiring 1,000 × 10", baselineValue: launch1000),
            Figure(section: "audit", name: "reading every require back, 10", value: readBack10, unit: "µs"),
            Figure(
                section: "audit", name: "reading every require back, 1,000", value: readBack1000, unit: "µs",
                baseline: "10 components × 100", baselineValue: readBack10 * 100),
        ]
    }

    /// How many of the probe's routers have a `Wiring<Router>` type the runtime builds from its mangled
    /// name when the router is first configured: the compiler leaves a cache for each such type (a symbol
    /// ending in `GMD`). It needs one where a wiring reaches a router's `wire` in memory rather than as
    /// values (a field too many), and building it searches every conformance in the program, for each
    /// router. A probe without symbols is an error, not a count of none.
    private static func wiringTypesBuilt(in executable: String) throws -> Int {
        let symbols = try Shell.run("nm", [executable]).split(separator: "\n").filter {
            $0.contains("10Middleware6WiringV")
        }
        guard !symbols.isEmpty else {
            throw ChildRun.Failure(description: "nm found no Wiring symbols in \(executable)")
        }
        return symbols.count { $0.contains("10Middleware6WiringVy") && $0.hasSuffix("GMD") }
    }

    /// Microseconds a fresh Swinject container takes to register `services` services, the work
    /// wiring as many requires replaces.
    private static func swinjectRegistration(services: Int) -> Double {
        let start = ContinuousClock.now
        let container = Container()
        for index in 0..<services {
            container.register(Int.self, name: "service-\(index)") { _ in index }
        }
        let elapsed = (ContinuousClock.now - start).nanoseconds / 1_000
        blackHole(container.resolve(Int.self, name: "service-\(services - 1)") ?? -1)
        return elapsed
    }

    /// Component `number` of the probe as the generator writes it: 10 requires of the shapes in
    /// ``signatures``, their list, the audit's test of each, the values wiring names them by and the
    /// `requires(…)` a router answers them through (inlinable, as generated), and a provide of the same
    /// shape for each.
    private func probeComponent(_ number: Int) -> String {
        let name = "Component\(number)"
        var properties = ""
        var list = ""
        var unwired = ""
        var anyNil = ""
        var unwire = ""
        var values = ""
        var provides = ""
        var answers: [String] = []
        var assignments = ""
        var records = ""
        for require in 0..<10 {
            let signature = Self.signatures[(number + require) % Self.signatures.count]
            let labels = signature.matches(of: #/_ (\w+):/#).map { "\"\($0.output.1)\"" }.joined(separator: ", ")
            let types = signature.matches(of: #/: ([^,)]+)/#).map { String($0.output.1) }
            let output = signature.hasSuffix("String") ? "String" : "Int"
            let ignored = types.map { _ in "_" }.joined(separator: ", ")
            let result = output == "String" ? "\"\"" : "\(require)"
            let property = "require_r\(require)"
            properties += "    public var \(property): (\(signature))?\n"
            list += "        AnyRequire(Requires.r\(require), labels: [\(labels)]),\n"
            unwired += "        if self.\(property) == nil { unwired.append(\"\(property)\") }\n"
            anyNil += (require == 0 ? "            self." : "                || self.") + "\(property) == nil\n"
            unwire += "        self.\(property) = nil\n"
            values += "        @inlinable public static var r\(require): Require<\(name), \(signature)> {\n"
            values += "            .init(\"\(property)\", index: \(require), "
            values += "get: { $0.\(property) }, set: { $0.\(property) = $1 })\n"
            values += "        }\n"
            let generics = ([output] + types).joined(separator: ", ")
            answers.append("        r\(require): Answer<\(generics)>")
            let assigned = "_component.require_r\(require)"
            assignments += "        if r\(require).leavesUnwired { \(assigned) = nil }"
            assignments += " else if let _told = r\(require).closureTellingHook { \(assigned) = _told }"
            assignments += " else { \(assigned) = r\(require).closure }\n"
            records += "            self.record(\"require_r\(require)\", r\(require).declaration,"
            records += " valueNames: r\(require).valueNames)\n"
            let provideType = "Provide<\(generics)>"
            provides += "    public static let p\(require) = \(provideType)(\"p\(require)\") {"
            provides += " \(ignored.isEmpty ? "" : ignored + " in ")\(result) }\n"
        }
        let names = (0..<10).map { "\"require_r\($0)\"" }.joined(separator: ", ")
        return """
            import Answers
            import Middleware

            @MainActor public final class \(name): ComponentAPI {
                public static let shared = \(name)()
                public static let componentName = "\(name)"
            \(properties)    public static let allRequires: [AnyRequire] = [
            \(list)    ]
                public static let requireNames = [\(names)]
                @inlinable public static var requireCount: Int { 10 }
                @inlinable public var unwiredRequires: [String] {
                    guard
            \(anyNil)        else { return [] }
                    return namesOfUnwiredRequires()
                }
                @usableFromInline func namesOfUnwiredRequires() -> [String] {
                    var unwired: [String] = []
            \(unwired)        return unwired
                }
                @inlinable public func unwireEveryRequire() {
            \(unwire)    }
            }

            extension \(name) {
                @MainActor public enum Requires {
            \(values)    }
            }

            extension Wiring where Owner.Component == \(name) {
                @inlinable public func requires(
            \(answers.joined(separator: ",\n"))
                ) -> Wired<\(name)> {
                    guard let _component = self.assigning else {
            \(records)            return Wired()
                    }
            \(assignments)        self.assignedEveryRequire()
                    return Wired()
                }
            }

            public enum \(name)Provides {
            \(provides)}

            """
    }

    /// The router of component `number`, as the app's are: one answer per require, each a
    /// provide of the same shape, and what hears of each provide before a line calls it: `nil`, the
    /// default, or a hook, as the app's routers tell the app to get the provide's component ready.
    private func probeRouter(_ number: Int) -> String {
        let name = "Component\(number)"
        let answers = (0..<10).map { "            r\($0): wiring.provide(\(name)Provides.p\($0))" }
        return """
            @MainActor struct Router\(number): Router {
                let component = \(name).shared
                let beforeProviding: (@MainActor (String) -> Void)?
                func wire(_ wiring: Wiring<Self>) -> Wired<\(name)> {
                    wiring.requires(
            \(answers.joined(separator: ",\n")))
                }
            }

            """
    }

    /// How many components each of the probe's component modules holds, and its router modules: the app
    /// has a module per component and per router, and one module of 1,000 would be one compile job the
    /// size of the whole app.
    private static let componentsPerModule = 100

    /// Generates and builds the probe: `probe N` creates the first N components with their routers,
    /// wires and audits them as getting every component ready does (``WiringAudit/configure(_:)``,
    /// `--strict`), then reads every require back (``WiringAudit/holes(_:)``), and prints the three times
    /// in microseconds.
    ///
    /// As in the app, the components and their routers live in modules of their own (here `Components0`
    /// and `Routers0`…, 100 components each), and the executable imports them all.
    private func build(components: Int) throws -> String {
        let package = probeFolder
        let groups = (0..<(components + Self.componentsPerModule - 1) / Self.componentsPerModule).map { index in
            (index, index * Self.componentsPerModule..<min(components, (index + 1) * Self.componentsPerModule))
        }
        let middleware = #".product(name: "Middleware", package: "ComponentMiddleware")"#
        // `Answers` holds the stub answers of the requires' outputs, which every component's list needs.
        func target(_ name: String, _ dependencies: String...) -> String {
            "        .target(name: \"\(name)\", dependencies: [\(([middleware] + dependencies).joined(separator: ", "))]),\n"
        }
        var targets = [target("Answers")]
        for (index, _) in groups {
            targets.append(target("Components\(index)", "\"Answers\""))
            targets.append(target("Routers\(index)", "\"Components\(index)\""))
        }
        let probeDependencies = [middleware, "\"Components0\""] + groups.map { "\"Routers\($0.0)\"" }
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "AuditProbe",
                dependencies: [.package(path: "\(root.appendingPathComponent("ComponentMiddleware").path)")],
                targets: [
            \(targets.joined())        .executableTarget(name: "probe", dependencies: [\(probeDependencies.joined(separator: ", "))])
                ]
            )
            """
        try keep(manifest, at: package.appendingPathComponent("Package.swift"))
        let answers = """
            import Middleware

            extension Int: StubAnswer {
                public static func stub(answering call: RequireCall) -> Int { 0 }
            }
            extension String: StubAnswer {
                public static func stub(answering call: RequireCall) -> String { "" }
            }

            """
        try keep(answers, at: package.appendingPathComponent("Sources/Answers/Answers.swift"))
        // What each router module's list and the executable's take and give.
        let listing = "(_ count: Int, telling hook: (@MainActor (String) -> Void)?) -> [any Router]"
        for (index, numbers) in groups {
            let folder = package.appendingPathComponent("Sources/Components\(index)")
            for number in numbers {
                try keep(probeComponent(number), at: folder.appendingPathComponent("Component\(number).swift"))
            }
            // As the app holds its routers: each declared in a module that imports its component, then a
            // list of them, configured and audited as a launch does.
            var wire = "import Components\(index)\nimport Middleware\n\n"
            wire += numbers.map(probeRouter).joined(separator: "\n")
            wire += "\n/// The routers of this module's components numbered below `count`, each telling `hook`.\n"
            wire += "@MainActor public func routers\(index)\(listing) {\n    var routers: [any Router] = []\n"
            for number in numbers {
                wire += "    if count > \(number) { routers.append(Router\(number)(beforeProviding: hook)) }\n"
            }
            wire += "    return routers\n}\n"
            try keep(wire, at: package.appendingPathComponent("Sources/Routers\(index)/Routers.swift"))
        }
        let sources = package.appendingPathComponent("Sources/probe")
        let imports = ["Components0", "Middleware"] + groups.map { "Routers\($0.0)" }
        var list = imports.map { "import \($0)\n" }.joined()
        list += "\n@MainActor func routers\(listing) {\n    var routers: [any Router] = []\n"
        for (index, _) in groups {
            list += "    routers += routers\(index)(count, telling: hook)\n"
        }
        list += "    return routers\n}\n"
        // A router of a component whose lines wire nothing, for the launch to find its holes.
        list += "\n@MainActor struct EmptyRouter: Router {\n    let component = Component1.shared\n"
        list += "    func wire(_ wiring: Wiring<Self>) -> Wired<Component1> { .partial }\n}\n"
        try keep(list, at: sources.appendingPathComponent("Routers.swift"))
        let main = """
            import Components0
            import Middleware

            /// What the hook heard: the app's hook holds its links as this holds a counter.
            @MainActor final class Heard {
                var count = 0
                /// A hook that counts each provide it hears of.
                var hook: @MainActor (String) -> Void { { [self] _ in count += 1 } }
            }

            MainActor.assumeIsolated {
                // `probe N` or `probe N told`: N components, their provide lines telling a hook or not.
                let count = Int(CommandLine.arguments[1])!
                let heard = CommandLine.arguments.count > 2 ? Heard() : nil
                let hook = heard?.hook
                let start = ContinuousClock.now
                let routers = routers(count, telling: hook)
                let created = ContinuousClock.now
                let holes = WiringAudit.configure(routers)
                let wired = ContinuousClock.now
                let readBack = WiringAudit.holes(routers)
                let audited = ContinuousClock.now
                precondition(routers.count == count && holes.isComplete && readBack.isComplete, "the probe's wiring is wrong")
                // A line that tells the hook must tell it when its require is called, or the figure measured nothing.
                _ = Component0.shared.require_r0?("")
                precondition(heard == nil || heard?.count == 1, "the probe's hook hears nothing")
                // Both audits must find a hole the wiring left, or they measured nothing.
                routers.last?.component.unwireEveryRequire()
                precondition(WiringAudit.holes(routers).unwired.count == 10, "the probe's audit finds no hole")
                precondition(
                    WiringAudit.configure([routers[0], EmptyRouter()]).unwired.count == 10, "the launch finds no hole")
                func microseconds(_ duration: Duration) -> Double {
                    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
                }
                print(microseconds(created - start), microseconds(wired - created), microseconds(audited - wired))
            }
            """
        try keep(main, at: sources.appendingPathComponent("main.swift"))
        FileHandle.standardError.write(
            Data("building the audit probe with \(components) components (release) in \(package.path)…\n".utf8))
        let common = ["build", "-c", "release", "--package-path", package.path]
        try Shell.run("swift", common)
        return URL(fileURLWithPath: try Shell.run("swift", common + ["--show-bin-path"])).appendingPathComponent(
            "probe"
        ).path
    }

    /// Writes `text` to `file`, creating its folder, unless the file holds that text already: a file
    /// written again, even unchanged, is one SwiftPM compiles again.
    private func keep(_ text: String, at file: URL) throws {
        guard (try? String(contentsOf: file, encoding: .utf8)) != text else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
