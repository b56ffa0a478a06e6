import Foundation
import MiddlewareSupport
import Testing

/// A wiring line is checked by the compiler: a require wired to a route or provide whose values are
/// not the require's does not build. Each case is type-checked against the modules this test was
/// built with.
@Suite("Wiring lines are typed")
struct WiringTypeTests {
    /// The modules of this build, beside its products (where `ReadmeExampleTests` finds `mall`).
    static let modules = ReadmeExampleTests.products?.appendingPathComponent("Modules")

    static let swiftc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(arguments: [
        ("wire(Shop.Requires.eventDetail, to: EventRoutes.detail)", true),
        ("wire(Shop.Requires.eventDetail, to: ShopRoutes.detail)", false),
        ("wire(Shop.Requires.buyOrder, to: AppointmentRoutes.booking)", true),
        ("wire(Shop.Requires.couponDetail, to: ShellRoutes.bill)", false),
        ("provide(Shop.Requires.appointmentBookings, Appointment.Provides.bookings)", true),
        ("provide(Shop.Requires.allGroupbuy, Appointment.Provides.bookings)", false),
        // A require of another component, though Event has one of that name and shape.
        ("wire(Event.Requires.shopDetail, to: ShopRoutes.detail)", false),
    ])
    func aWiringLineBuildsOnlyWhenTheValuesMatch(line: String, builds: Bool) throws {
        let modules = try #require(Self.modules, "the build's Modules folder is not beside the tests")
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wire-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        let source = """
            import Appointment
            import AppointmentRoutes
            import Event
            import EventRoutes
            import MallBase
            import MallRouting
            import Middleware
            import Shop
            import ShopRouter
            import ShopRoutes

            extension ShopRouter {
                func line(_ wiring: Wiring<Self>) { wiring.\(line) }
            }

            """
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if builds {
            #expect(process.terminationStatus == 0, "\(text)")
        } else {
            // The error is on the wiring line, not a missing module or a typo of the test's.
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let lineNumber = (lines.firstIndex { $0.contains(line) } ?? -1) + 1
            #expect(process.terminationStatus != 0)
            #expect(text.contains(".swift:\(lineNumber):") && text.contains("error:"), "\(text)")
            #expect(!text.contains("no such module"), "\(text)")
        }
    }
}
