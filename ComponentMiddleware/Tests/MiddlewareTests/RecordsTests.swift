import Foundation
import MiddlewareTesting
import Testing

@testable import Middleware

/// A small document: names, each an id.
private struct Names: StoredState {
    var names: [String]

    var problem: String? { StateCheck.identifier(names, as: "name") }
}

/// A source that answers as the test tells it, and records the validators each request carried.
private final class ScriptedSource: RecordSource, @unchecked Sendable {
    var base = "http://127.0.0.1:1/api"
    var answer: Result<SourceAnswer, SourceFailure> = .failure(SourceFailure("no answer"))
    var sent: [[String: String]] = []

    func address(of name: String) -> String { "\(base)/\(name).json" }

    func fetch(_ name: String, validators: [String: String]) async throws -> SourceAnswer {
        sent.append(validators)
        return try answer.get()
    }

    func serve(_ names: [String], validators: [String: String] = [:]) {
        let bytes = Array(#"{"format": 1, "names": [\#(names.map { "\"\($0)\"" }.joined(separator: ", "))]}"#.utf8)
        answer = .success(.document(bytes, validators: validators))
    }
}

/// Records from a source, with the last good answer kept: what is kept, for which address, and
/// what a fault shows.
@MainActor
@Suite("Records from a source")
struct RecordsTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString)")

    private func records(_ source: ScriptedSource, warnings: Warnings? = nil) -> Records<Names> {
        let records = Records(Names(names: ["embedded"]), name: "names", owner: "Test")
        records.read(from: source, keptIn: StateFolder(path: folder.path) { warnings?.said.append($0) })
        return records
    }

    /// What a state folder warned of.
    @MainActor final class Warnings {
        var said: [String] = []
    }

    @Test func withoutASourceTheEmbeddedRecordsAnswerAndNothingIsKept() async throws {
        let records = Records(Names(names: ["embedded"]), name: "names", owner: "Test")
        #expect(try await records.load().document.names == ["embedded"])
        #expect(records.latest?.names == ["embedded"])
    }

    @Test func aGoodAnswerIsKeptAndStandsInWhenTheSourceFails() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ScriptedSource()
        source.serve(["a", "b"], validators: ["If-None-Match": #""v1""#])
        let first = try await records(source).load()
        #expect(first.document.names == ["a", "b"])
        #expect(first.stale == nil)

        // A new launch: the kept answer makes the request conditional, and stands in for a fault.
        source.answer = .failure(SourceFailure("nothing answers"))
        let second = try await records(source).load()
        #expect(source.sent.last == ["If-None-Match": #""v1""#])
        #expect(second.document.names == ["a", "b"])
        #expect(second.stale?.problem == "nothing answers")

        // Not modified: the kept answer, current.
        source.answer = .success(.notModified)
        let third = try await records(source).load()
        #expect(third.document.names == ["a", "b"])
        #expect(third.stale == nil)
    }

    @Test func anAnswerKeptFromAnotherAddressIsNeitherSentNorShown() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ScriptedSource()
        source.serve(["a"], validators: ["If-None-Match": #""v1""#])
        _ = try await records(source).load()
        source.base = "http://127.0.0.1:2/api"
        source.answer = .failure(SourceFailure("nothing answers"))
        await #expect(throws: SourceFailure.self) { try await records(source).load() }
        #expect(source.sent.last == [:])
        source.answer = .success(.notModified)
        await #expect(throws: SourceFailure.self) { try await records(source).load() }
    }

    @Test func validatorsUnfitToSendBackAreNotKept() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ScriptedSource()
        source.serve(
            ["a"],
            validators: [
                "If-None-Match": "a\u{1B}[31mb", "If-Modified-Since": String(repeating: "x", count: 10_000),
            ])
        _ = try await records(source).load()
        source.serve(["b"])
        // The kept file is sound (not moved aside) and carries neither validator.
        #expect(try await records(source).load().document.names == ["b"])
        #expect(source.sent.last == [:])
        let kept = try String(contentsOf: folder.appendingPathComponent("Test.names.json"), encoding: .utf8)
        #expect(!kept.contains("If-"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Test.names.json.damaged").path))
    }

    /// The kept file is compact: the app reads it back, not a person, and it is about half the size.
    @Test func theKeptFileIsCompact() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ScriptedSource()
        source.serve(["a", "b"])
        _ = try await records(source).load()
        let kept = try String(contentsOf: folder.appendingPathComponent("Test.names.json"), encoding: .utf8)
        #expect(kept.hasPrefix(#"{"address":"http://127.0.0.1:1/api/names.json","fetched":""#), "\(kept)")
        #expect(kept.hasSuffix(#"","format":1,"names":["a","b"],"validators":{}}"# + "\n"), "\(kept)")
    }

    /// In a folder that cannot be written (a read-only disk), the kept answer is still read, without
    /// its lock, and stands in for a fault; only keeping a new one fails, said once. A damaged kept
    /// file there is named and left as it is.
    @Test(.enabled(if: ReadOnlyFolder.isPossible)) func aKeptAnswerInAFolderThatCannotBeWrittenIsShown() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ScriptedSource()
        source.serve(["a"])
        _ = try await records(source).load()
        let warnings = Warnings()
        try await ReadOnlyFolder.with(folder) {
            source.answer = .failure(SourceFailure("down"))
            let fetched = try await records(source, warnings: warnings).load()
            #expect(fetched.document.names == ["a"])
            #expect(fetched.stale?.problem == "down")
        }
        #expect(warnings.said.isEmpty, "\(warnings.said)")

        let file = folder.appendingPathComponent("Test.names.json")
        try Data("{".utf8).write(to: file)
        await ReadOnlyFolder.with(folder) {
            await #expect(throws: SourceFailure.self) { try await records(source, warnings: warnings).load() }
        }
        #expect(
            warnings.said == [
                "Test's kept names file is not valid JSON; it is not used, and stays as it is in a folder that"
                    + " cannot be written"
            ])
        #expect(try String(contentsOf: file, encoding: .utf8) == "{")
    }

    /// A damaged kept file is moved aside, and the warning names the file.
    @Test func aDamagedKeptFileIsMovedAsideAndNamed() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: folder.appendingPathComponent("Test.names.json"))
        let warnings = Warnings()
        let source = ScriptedSource()
        source.serve(["a"])
        #expect(try await records(source, warnings: warnings).load().document.names == ["a"])
        #expect(
            warnings.said == [
                "Test's kept names file is not a JSON object; moved it to '\(folder.path)/Test.names.json.damaged'"
            ])
    }

    @Test func aDocumentThatFailsItsChecksIsNeverKept() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = ScriptedSource()
        source.serve(["a"])
        _ = try await records(source).load()
        source.serve(["a&next=https://evil.example/"])
        let refused = try await records(source).load()
        #expect(refused.document.names == ["a"])
        #expect(refused.stale?.problem.contains("holds a name that is not 1–64 letters") == true)
        source.answer = .failure(SourceFailure("down"))
        #expect(try await records(source).load().document.names == ["a"])
    }
}
