import Foundation
import Swinject

/// Creating, wiring and auditing 10 and 1,000 components, each a class of 10 requires shaped like the app's:
/// a package is generated with 1,000 such components, built in release mode, and run once per figure
/// as a fresh process, so the audit meets every type for the first time, as at launch.
struct AuditBench {
    let root: URL
    let scratch: URL
    let quick: Bool

    static let signatures = [
        "(_ id: String) -> Int", "(_ id: String, _ count: Int) -> Int", "() -> Int", "(_ flag: Bool) -> String",
        "(_ ids: [String]) -> Int",
    ]

    func figures() throws -> [Figure] {
        let executable = try build(components: 1_000)
        let runs = quick ? 5 : 15
        // Per count of components: the microseconds of each phase, one entry per run.
        var creating: [[Double]] = [[], []]
        var wiring: [[Double]] = [[], []]
        var audit: [[Double]] = [[], []]
        var both: [[Double]] = [[], []]
        for _ in 0..<runs {
            for (index, count) in [10, 1_000].enumerated() {
                let times = try Shell.run(executable, [String(count)]).split(separator: " ").compactMap { Double($0) }
                guard times.count == 3 else { throw ChildRun.Failure(description: "the audit probe printed \(times)") }
                creating[index].append(times[0])
                wiring[index].append(times[1])
                audit[index].append(times[2])
                both[index].append(times[1] + times[2])
            }
        }
        let registering = median((0..<runs).map { _ in Self.swinjectRegistration(services: 10_000) })
        let (creating10, creating1000) = (median(creating[0]), median(creating[1]))
        let (wiring10, wiring1000) = (median(wiring[0]), median(wiring[1]))
        let (audit10, audit1000) = (median(audit[0]), median(audit[1]))
        let both1000 = median(both[1])
        return [
            Figure(section: "audit", name: "creating 10 components and their routers", value: creating10, unit: "µs"),
            Figure(
                section: "audit", name: "creating 1,000 components and their routers", value: creating1000,
                unit: "µs", baseline: "10 components × 100", baselineValue: creating10 * 100),
            Figure(section: "audit", name: "wiring 10 components × 10 requires", value: wiring10, unit: "µs"),
            Figure(
                section: "audit", name: "wiring 1,000 components × 10 requires", value: wiring1000, unit: "µs",
                baseline: "10 components × 100", baselineValue: wiring10 * 100),
            Figure(
                section: "audit", name: "Swinject 2.10 registering 10,000 services", value: registering, unit: "µs",
                baseline: "wiring 1,000 × 10", baselineValue: wiring1000),
            Figure(section: "audit", name: "audit at launch, 10 components", value: audit10, unit: "µs"),
            Figure(
                section: "audit", name: "audit at launch, 1,000 components", value: audit1000, unit: "µs",
                baseline: "10 components × 100", baselineValue: audit10 * 100),
            Figure(
                section: "audit", name: "wiring and audit, 1,000 × 10, cold", value: both1000, unit: "µs",
                condition: "≤ 1,000 µs", conditionMet: both1000 <= 1_000),
        ]
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

    /// Component `number` of the probe as the generator writes it, with its router: 10 requires of
    /// the shapes in ``signatures``, each wired to a provide of the same shape.
    private func probeComponent(_ number: Int) -> String {
        let name = "Component\(number)"
        var properties = ""
        var list = ""
        var unwired = ""
        var anyNil = ""
        var unwire = ""
        var values = ""
        var provides = ""
        var lines = ""
        for require in 0..<10 {
            let signature = Self.signatures[(number + require) % Self.signatures.count]
            let labels = signature.matches(of: #/_ (\w+):/#).map { "\"\($0.output.1)\"" }.joined(separator: ", ")
            let types = signature.matches(of: #/: ([^,)]+)/#).map { String($0.output.1) }
            let output = signature.hasSuffix("String") ? "String" : "Int"
            let ignored = types.map { _ in "_" }.joined(separator: ", ")
            let result = output == "String" ? "\"\"" : "\(require)"
            let property = "require_r\(require)"
            properties += "    var \(property): (\(signature))?\n"
            list += "        Requirement(Requires.r\(require), labels: [\(labels)]),\n"
            unwired += "        if self.\(property) == nil { unwired.append(\"\(property)\") }\n"
            anyNil += (require == 0 ? "            self." : "                || self.") + "\(property) == nil\n"
            unwire += "        self.\(property) = nil\n"
            values += "        static var r\(require): Require<\(name), \(signature)> {\n"
            values += "            .init(\"\(property)\", get: { $0.\(property) }, set: { $0.\(property) = $1 })\n"
            values += "        }\n"
            provides +=
                "    static let p\(require) = Provide<\(([output] + types).joined(separator: ", "))>(\"p\(require)\") {"
            provides += " \(ignored.isEmpty ? "" : ignored + " in ")\(result) }\n"
            lines += "        wiring.provide(\(name).Requires.r\(require), \(name)Provides.p\(require))\n"
        }
        let names = (0..<10).map { "\"require_r\($0)\"" }.joined(separator: ", ")
        return """
            import Middleware

            @MainActor final class \(name): ComponentAPI {
                static let shared = \(name)()
                static let componentName = "\(name)"
            \(properties)    static let requirements: [Requirement] = [
            \(list)    ]
                static let requirementNames = [\(names)]
                var unwiredRequirements: [String] {
                    guard
            \(anyNil)        else { return [] }
                    var unwired: [String] = []
            \(unwired)        return unwired
                }
                func unwireEveryRequire() {
            \(unwire)    }
            }

            extension \(name) {
                @MainActor enum Requires {
            \(values)    }
            }

            enum \(name)Provides {
            \(provides)}

            @MainActor struct Router\(number): Router {
                let component = \(name).shared
                func wire(_ wiring: Wiring<Self>) {
            \(lines)    }
            }

            """
    }

    /// Generates and builds the probe: `probe N` creates the first N components with their routers,
    /// wires them, and audits them as a launch does, and prints the three times in microseconds.
    private func build(components: Int) throws -> String {
        let package = scratch.appendingPathComponent("AuditProbe")
        let sources = package.appendingPathComponent("Sources/probe")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "AuditProbe",
                dependencies: [.package(name: "ComponentMiddleware", path: "\(root.path)")],
                targets: [
                    .executableTarget(
                        name: "probe", dependencies: [.product(name: "Middleware", package: "ComponentMiddleware")])
                ]
            )
            """
        try manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // Each component in its own file, as the generator writes it (its requires, their list, the
        // audit's test of each, and the values wiring lines name them by), with its router's wiring
        // lines, one per require, each to a provide: one file of 1,000 such types would be one compile
        // job the size of the whole app.
        let answers = """
            import Middleware

            extension Int: StubAnswer {
                public static func stub(answering call: RequireCall) -> Int { 0 }
            }
            extension String: StubAnswer {
                public static func stub(answering call: RequireCall) -> String { "" }
            }

            """
        try answers.write(to: sources.appendingPathComponent("Answers.swift"), atomically: true, encoding: .utf8)
        for number in 0..<components {
            try probeComponent(number).write(
                to: sources.appendingPathComponent("Component\(number).swift"), atomically: true, encoding: .utf8)
        }
        // As the app holds its routers: one list of them, each configured, then audited as a launch does.
        var wire = "import Middleware\n\n@MainActor func routers(_ count: Int) -> [any Router] {\n"
        wire += "    var routers: [any Router] = []\n"
        for number in 0..<components {
            wire += "    if count > \(number) { routers.append(Router\(number)()) }\n"
        }
        wire += "    return routers\n}\n"
        try wire.write(to: sources.appendingPathComponent("Wire.swift"), atomically: true, encoding: .utf8)
        let main = """
            import Middleware

            MainActor.assumeIsolated {
                let count = Int(CommandLine.arguments[1])!
                let start = ContinuousClock.now
                let routers = routers(count)
                let created = ContinuousClock.now
                for router in routers { router.configure() }
                let wired = ContinuousClock.now
                let holes = WiringAudit.holes(routers)
                let audited = ContinuousClock.now
                precondition(routers.count == count && holes.isComplete, "the probe's wiring is wrong")
                // The audit must find a hole the wiring left, or it measured nothing.
                routers.last?.component.unwireEveryRequire()
                precondition(WiringAudit.holes(routers).unwired.count == 10, "the probe's audit finds no hole")
                func microseconds(_ duration: Duration) -> Double {
                    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
                }
                print(microseconds(created - start), microseconds(wired - created), microseconds(audited - wired))
            }
            """
        try main.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        FileHandle.standardError.write(Data("building the audit probe with \(components) components (release)…\n".utf8))
        let common = ["build", "-c", "release", "--package-path", package.path]
        try Shell.run("swift", common)
        return URL(fileURLWithPath: try Shell.run("swift", common + ["--show-bin-path"])).appendingPathComponent(
            "probe"
        ).path
    }
}
