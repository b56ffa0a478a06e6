import Foundation
import MiddlewareSupport
import Testing

/// A router's answers are checked by the compiler: a require answered by a route or provide whose
/// values are not the require's does not build, and neither does a router that leaves a require out,
/// with an error that names it. Each case is type-checked against the modules this test was built with.
@Suite("Wiring lines are typed")
struct WiringTypeTests {
    /// The modules of this build, beside its products (where `ReadmeExampleTests` finds `mall`).
    static let modules = ReadmeExampleTests.products?.appendingPathComponent("Modules")

    static let swiftc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Shop's requires answered as its router answers them, in order.
    static let shopAnswers: [(label: String, answer: String)] = [
        ("eventDetail", "wiring.route(EventRoutes.detail)"),
        ("buyOrder", "wiring.route(AppointmentRoutes.booking)"),
        ("groupbuyInfo", ".unavailable"),
        ("allGroupbuy", ".unavailable"),
        ("couponDetail", ".unavailable"),
        ("couponConsumeDetail", ".unavailable"),
        ("navFindShopAndCar", ".unavailable"),
        ("appointmentBookInfo", ".unavailable"),
        ("appointmentBookDetail", ".unavailable"),
        ("appointmentBookings", "wiring.provide(Appointment.Provides.bookings)"),
    ]

    /// A provide of bookings that answers at once, as a sync provide is written.
    static let bookingsAtOnce = #"Provide<[BookingSummary], ShopID>("Test.bookings") { _ in [] }"#

    /// Each case changes one of ``shopAnswers``: its new answer, or `nil` to leave the require out, and
    /// what the compiler says when the router must not build.
    @Test(
        arguments: [
            ("eventDetail", "wiring.route(EventRoutes.detail)", nil),
            ("eventDetail", "wiring.route(ShopRoutes.detail)", "error:"),
            ("couponDetail", "wiring.route(ShellRoutes.bill)", "error:"),
            ("appointmentBookings", "wiring.provide(Appointment.Provides.bookings)", nil),
            // A provide that answers at once answers an async require by its own label, and only it.
            ("appointmentBookings", "wiring.provide(atOnce: \(bookingsAtOnce))", nil),
            ("appointmentBookings", "wiring.provide(\(bookingsAtOnce))", "missing argument label 'atOnce:' in call"),
            ("appointmentBookings", "wiring.provide(atOnce: Appointment.Provides.bookings)", "error:"),
            ("allGroupbuy", "wiring.provide(Appointment.Provides.bookings)", "error:"),
            ("navFindShopAndCar", "wiring.route(ShellRoutes.webPage)", nil),
            // An async require answered as a screen is.
            ("appointmentBookings", "wiring.route(ShopRoutes.detail)", "error:"),
            ("couponDetail", nil, "missing argument for parameter 'couponDetail' in call"),
            ("appointmentBookings", nil, "missing argument for parameter 'appointmentBookings' in call"),
            // A require of another component, though Event has one of that name and shape.
            ("shopDetail", "wiring.route(ShopRoutes.detail)", "error:"),
        ] as [(String, String?, String?)])
    func aRouterBuildsOnlyWhenItAnswersEveryRequireWithItsValues(
        label: String, answer: String?, error: String?
    ) throws {
        let modules = try #require(Self.modules, "the build's Modules folder is not beside the tests")
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wire-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        var answers = Self.shopAnswers
        if let index = answers.firstIndex(where: { $0.label == label }) {
            if let answer { answers[index].answer = answer } else { answers.remove(at: index) }
        } else if let answer {
            answers.append((label, answer))
        }
        let arguments = answers.map { "            \($0.label): \($0.answer)" }.joined(separator: ",\n")
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
                func answers(_ wiring: Wiring<Self>) -> Wired<Shop> {
                    wiring.requires(
            \(arguments))
                }
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
        guard let error else {
            #expect(process.terminationStatus == 0, "\(text)")
            return
        }
        #expect(process.terminationStatus != 0)
        #expect(text.contains(error), "\(text)")
        #expect(!text.contains("no such module"), "\(text)")
        if let answer {
            // The error is on the changed answer's line, not a typo of the test's.
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let lineNumber = (lines.firstIndex { $0.contains("\(label): \(answer)") } ?? -1) + 1
            #expect(text.contains(".swift:\(lineNumber):"), "\(text)")
        }
    }
}
