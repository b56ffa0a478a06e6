import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What only whole processes show about the user's state: a process killed at any moment never
/// leaves a damaged file nor loses a booking it showed, and two processes at once keep both their
/// bookings. Each test runs the built `mall` in a state folder of its own.
@Suite("The user's state on the disk")
struct StateDurabilityTests {
    /// A running `mall` taking numbers in Din Tai Fung's queue, one `1` (take a number, shown on the
    /// booking's page once it is saved) and one `b` per booking.
    private final class Booker {
        let process = Process()
        private let output = Pipe()
        private let errors = Pipe()
        private var printed = Data()

        init(folder: String, bookings: Int) throws {
            let products = try #require(ReadmeExampleTests.products, "cannot tell where the executables were built")
            process.executableURL = products.appendingPathComponent("mall")
            process.arguments = ["--state-dir", folder, "open", "mall://appointment/queue?shopId=s02"]
            process.environment = childEnvironment(["NO_COLOR": "1", "TERM": "dumb"])
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // The commands fit in the pipe's buffer, so writing them never waits for the app.
            input.fileHandleForWriting.write(Data((String(repeating: "1\nb\n", count: bookings) + "q\n").utf8))
            try input.fileHandleForWriting.close()
        }

        /// The booking numbers shown so far.
        var shown: [String] {
            String(decoding: printed, as: UTF8.self).split(separator: "\n").compactMap { line in
                line.hasPrefix("== Booking ") ? String(line.dropFirst(11).dropLast(3)) : nil
            }
        }

        /// Reads output until `count` bookings were shown or the output ends.
        func waitUntilShown(_ count: Int) {
            while shown.count < count {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                printed += chunk
            }
        }

        /// Reads the rest of the output and waits for the process to end; returns its standard error.
        func finish() -> String {
            printed += output.fileHandleForReading.readDataToEndOfFile()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return message.withoutWiringWarnings
        }
    }

    /// The booking numbers `Appointment.json` in `folder` holds, read as any JSON reader would.
    private static func saved(in folder: URL) throws -> [String] {
        let data = try Data(contentsOf: folder.appendingPathComponent("Appointment.json"))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let state = try #require(file["state"] as? [String: Any])
        let bookings = try #require(state["bookings"] as? [[String: Any]])
        return bookings.compactMap { $0["serialNo"] as? String }
    }

    private static func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mall-durable-\(UUID().uuidString)")
    }

    /// Kills `mall` with SIGKILL at random moments, each time a little after a random booking, until
    /// 200 bookings are on the disk: after every kill the file reads whole and holds every booking
    /// the app showed (and at most the one it was saving).
    @Test func aProcessKilledAtAnyMomentKeepsEveryBookingItShowed() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var rounds = 0
        var saved = ["A007"]
        for round in 1...100 where saved.count < 201 {
            rounds += 1
            // Far more commands than the kill lets run: the process is always killed, never done.
            let booker = try Booker(folder: folder.path, bookings: 400)
            let target = Int.random(in: 1...30, using: &generator)
            booker.waitUntilShown(target)
            usleep(UInt32.random(in: 0...2_000, using: &generator))
            kill(booker.process.processIdentifier, SIGKILL)
            let errors = booker.finish()
            if booker.process.terminationReason == .uncaughtSignal { kills += 1 }
            #expect(errors.isEmpty, "round \(round): \(errors)")
            let before = saved.count
            saved = try Self.saved(in: folder)
            let shown = booker.shown
            let missing = shown.filter { !saved.contains($0) }
            #expect(missing.isEmpty, "round \(round): killed after \(target), lost \(missing)")
            #expect(
                (0...1).contains(saved.count - before - shown.count),
                "round \(round): \(shown.count) shown, \(saved.count - before) saved")
        }
        #expect(saved.count >= 201)
        #expect(kills == rounds, "every round must end by the kill, not by running out of commands")
        #expect(Set(saved).count == saved.count, "every booking has its own number")
        // The app itself reads the folder without a warning.
        let reader = try Booker(folder: folder.path, bookings: 0)
        #expect(reader.finish().isEmpty)
        #expect(reader.process.terminationStatus == 0)
    }

    /// Two `mall` processes taking numbers in the same queue at the same time: each change is made
    /// under the file's lock to the file as it stands, so all 120 bookings are kept, with 120
    /// different numbers.
    @Test func twoProcessesAtOnceKeepEveryBookingOfBoth() throws {
        let folder = Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try Booker(folder: folder.path, bookings: 60)
        let second = try Booker(folder: folder.path, bookings: 60)
        // On a loaded machine one may wait over half a second for the other's lock, and say so;
        // nothing else is to be said.
        let waited = { (line: Substring) in line.contains("is locked by another process") }
        #expect(first.finish().split(separator: "\n").filter { !waited($0) }.isEmpty)
        #expect(second.finish().split(separator: "\n").filter { !waited($0) }.isEmpty)
        #expect(first.process.terminationStatus == 0)
        #expect(second.process.terminationStatus == 0)
        let saved = try Self.saved(in: folder)
        #expect(saved.count == 121)
        #expect(Set(saved).count == 121, "no number was handed out twice")
        #expect(Set(first.shown + second.shown) == Set(saved.dropFirst()))
        #expect(saved.last == "A127")
    }
}
