import Foundation
import MiddlewareTesting
import Testing

@testable import Middleware

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small state: names the user kept, and a count.
private struct Notes: StoredState, Equatable {
    var names: [String] = []
    var count = 0

    var problem: String? {
        StateCheck.text(names, as: "name") ?? StateCheck.count([count], as: "count")
    }
}

/// Which of a test's waits ended.
@MainActor
private final class Done {
    var read = false
    var changed = false
}

/// A folder of its own for one test, removed afterwards, and every warning its files gave.
@MainActor
private final class Scratch {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kept-state-\(UUID().uuidString)")
    var warnings: [String] = []

    var path: String { url.path }
    var file: String { path + "/Notes.json" }

    var folder: StateFolder {
        StateFolder(path: path) { [weak self] in self?.warnings.append($0) }
    }

    func state() -> KeptState<Notes> {
        KeptState(Notes(), owner: "Notes", keptIn: folder)
    }

    func write(_ text: String, to name: String = "Notes.json") throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
    }

    /// The file's text; read through a file handle, as `Data(contentsOf:)` leaks its buffer on an
    /// empty file (swift-foundation, seen under the address sanitizer).
    func contents(_ name: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: url.appendingPathComponent(name).path) else { return nil }
        defer { try? handle.close() }
        do {
            return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        } catch {
            return nil
        }
    }

    /// A file holding `["kept"]` and 3, whose lock another open file description holds, as another
    /// process would, and the folder, which waits `limit` for it; the caller closes the descriptor.
    func keptAndLocked(waiting limit: Duration) throws -> (StateFolder, Int32) {
        try write(#"{"format": 1, "state": {"names": ["kept"], "count": 3}}"#)
        let holder = open(path + "/Notes.lock", O_CREAT | O_RDWR, 0o600)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let folder = StateFolder(path: path, lockWaitLimit: limit) { [weak self] in self?.warnings.append($0) }
        return (folder, holder)
    }

    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

extension KeptState {
    /// The state once its file was read, as a screen's load reads it.
    fileprivate func current() async throws -> Value {
        try await read()
        return value
    }
}

@MainActor
@Suite("Kept state")
struct KeptStateTests {
    @Test func inMemoryStateTouchesNoFile() async throws {
        let state = KeptState(Notes(), owner: "Notes", keptIn: nil)
        await state.update { $0.names.append("a") }
        #expect((try await state.current()).names == ["a"])
    }

    @Test func aChangeIsOnTheDiskWhenUpdateReturnsAndAnotherProcessReadsIt() async throws {
        let scratch = Scratch()
        let state = scratch.state()
        #expect(scratch.files().isEmpty, "nothing is made before the state is needed")
        let result = await state.update { notes -> Int in
            notes.names.append("first")
            notes.count = 7
            return notes.count
        }
        #expect(result == 7)
        let restarted = scratch.state()
        #expect((try await restarted.current()) == Notes(names: ["first"], count: 7))
        #expect(scratch.warnings.isEmpty)
        let text = try #require(scratch.contents("Notes.json"))
        #expect(text.hasPrefix("{\n  \"format\" : 1,\n"))
        // The folder and the file are the user's alone.
        let folder = try FileManager.default.attributesOfItem(atPath: scratch.path)
        let file = try FileManager.default.attributesOfItem(atPath: scratch.file)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect(!scratch.files().contains { $0.contains("tmp") }, "the temporary file was renamed")
    }

    @Test func aMissingFolderIsCreatedWithEveryFolderAboveIt() async throws {
        let scratch = Scratch()
        let deep = StateFolder(path: scratch.path + "/a/b/c") { _ in }
        await KeptState(Notes(), owner: "Notes", keptIn: deep).update { $0.count = 1 }
        #expect((try await KeptState(Notes(), owner: "Notes", keptIn: deep).current()).count == 1)
    }

    /// Two processes changing the same state at once: each change is made to the file as it is at
    /// that moment, under the lock, so neither overwrites the other's.
    @Test func twoWritersEachKeepTheirChanges() async throws {
        let scratch = Scratch()
        let first = scratch.state()
        let second = scratch.state()
        try await first.read()
        try await second.read()
        await first.update { $0.names.append("from the first") }
        await second.update { $0.names.append("from the second") }
        await first.update { $0.count += 1 }
        #expect((try await scratch.state().current()) == Notes(names: ["from the first", "from the second"], count: 1))
        #expect(
            (try await first.current()).names == ["from the first", "from the second"],
            "an update reads what others wrote")
    }

    nonisolated static let damaged: [(text: TestText, problem: String)] = [
        ("", "is not valid JSON"),
        ("{", "is not valid JSON"),
        ("\u{FEFF}garbage", "is not valid JSON"),
        (#"{"format": 1}"#, "has no 'state'"),
        (#"{"format": 1, "state": {"names": ["a"]}}"#, "has no 'state.count'"),
        (#"{"format": 1, "state": {"names": "a", "count": 1}}"#, "has a value of the wrong type at 'state.names'"),
        (#"{"format": 2, "state": {}}"#, "is in format 2; this app reads format 1"),
        (#"{"format": 1, "state": {"names": ["a\u001b[31m"], "count": 1}}"#, "holds a name with control characters"),
        (#"{"format": 1, "state": {"names": [""], "count": 1}}"#, "holds an empty name"),
        (#"{"format": 1, "state": {"names": [], "count": -1}}"#, "holds a count of -1"),
        (#"{"format": 1, "state": {"names": [], "count": 9223372036854775807}}"#, "holds a count of"),
        (
            #"{"format": 1, "state": {"names": [], "count": 1e400}}"#,
            "is not strict JSON (a number written with an exponent"
        ),
        // Written back in full, 1e9 would take ten bytes for three: a file at the limit could not be saved.
        (
            #"{"format": 1, "state": {"names": [], "count": 1e9}}"#,
            "is not strict JSON (a number written with an exponent"
        ),
        (
            #"{"format": 1, "state": {"names": [], "count": 1.5E2}}"#,
            "is not strict JSON (a number written with an exponent"
        ),
        (TestText(String(repeating: "[", count: 100_000)), "is not valid JSON"),
        // Foundation's JSONDecoder trapped on these, nested to its limit at the text's last byte.
        (TestText(String(repeating: "[", count: 513)), "is not valid JSON"),
        (TestText(#"{"format":1,"state":"# + String(repeating: "[", count: 512)), "is not valid JSON"),
        (
            TestText(
                #"{"format":1,"state":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"
            ),
            "is not valid JSON"
        ),
        // Text the value never reads is JSON too: JSONDecoder checks only what it reads.
        (#"{"format": 1, "state": {"names": [], "count": 1, "junk": 01}}"#, "is not valid JSON"),
        (#"{"format": 1, "state": {"names": [], "count": 1, "junk": "\ud800"}}"#, "is not valid JSON"),
        ("{\"format\": 1, \"state\": {\"names\": [\"a\u{9}b\"], \"count\": 1}}", "is not valid JSON"),
        (#"{"format": 01, "state": {}}"#, "is not valid JSON"),
        ("[1, 2]", "is not a JSON object"),
        ("null", "is not a JSON object"),
        (#"{"format": 1.5, "state": {}}"#, "has no whole-number 'format'"),
        (#"{"format": 1, "format": 2, "state": {}}"#, "the key 'format' is given twice"),
        (#"{"format": 1, "state": {"names": [], "count": 1, "extra": true}}"#, "a key it does not know, 'state.extra'"),
        (#"{"format": 1, "state": {"names": [], "count": 1.5}}"#, "a number that does not fit"),
        (#"{"format": 1, "state": {"names": [], "count": 1,}}"#, "a trailing comma"),
    ]

    @Test(arguments: damaged)
    func aDamagedFileIsMovedAsideWithAWarningAndTheStateStartsAfresh(text: TestText, problem: String) async throws {
        let scratch = Scratch()
        try scratch.write(text.text)
        let state = scratch.state()
        #expect((try await state.current()) == Notes())
        let warning = try #require(scratch.warnings.first)
        #expect(warning.hasPrefix("Notes's saved state "), "\(warning)")
        #expect(warning.contains(problem), "\(warning)")
        #expect(warning.hasSuffix("; moved it to '\(scratch.file).damaged' and started afresh"), "\(warning)")
        #expect(scratch.contents("Notes.json.damaged") == text.text, "the damaged file is kept whole, aside")
        #expect(scratch.contents("Notes.json") == nil)
        // The next change starts a sound file.
        await state.update { $0.count = 2 }
        #expect((try await scratch.state().current()).count == 2)
        #expect(scratch.warnings.count == 1)
    }

    @Test func invalidUTF8AndATooLargeFileAreDamageToo() async throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: URL(fileURLWithPath: scratch.file))
        #expect((try await scratch.state().current()) == Notes())
        let huge = Data(repeating: UInt8(ascii: " "), count: StateFile.sizeLimit + 1)
        try huge.write(to: URL(fileURLWithPath: scratch.file))
        #expect((try await scratch.state().current()) == Notes())
        #expect(scratch.warnings.count == 2)
        #expect(scratch.warnings.last?.contains("is larger than 8 MB") == true)
        // A second damaged file does not replace the first one aside.
        #expect(scratch.files().contains("Notes.json.damaged"))
        #expect(scratch.files().contains("Notes.json.damaged-2"))
    }

    /// A file that cannot be read (here a folder where the file should be) is never overwritten:
    /// the state starts from the sample data and nothing is saved.
    @Test func anUnreadableFileIsReportedAndNeverOverwritten() async throws {
        let scratch = Scratch()
        try FileManager.default.createDirectory(
            atPath: scratch.file + "/inside", withIntermediateDirectories: true)
        let state = scratch.state()
        #expect((try await state.current()) == Notes())
        #expect(scratch.warnings.count == 1)
        #expect(
            scratch.warnings.first?.hasPrefix(
                "Notes's saved state is not used: '\(scratch.file)' is not a regular file") == true)
        #expect(scratch.warnings.first?.contains("so the file stays as it is") == true)
        await state.update { $0.count = 3 }
        #expect((try await state.current()).count == 3, "the change lasts in memory")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: scratch.file + "/inside", isDirectory: &isFolder))
        #expect(isFolder.boolValue)
    }

    /// A change that cannot be written says so; with no file read (its folder cannot be made), nothing
    /// of the sample data becomes the user's, and the state stays unread, the read saying why.
    @Test func aChangeThatCannotBeSavedIsReportedAndTheStateStaysUnread() async throws {
        let scratch = Scratch()
        try scratch.write("not a folder", to: "blocker")
        let folder = StateFolder(path: scratch.path + "/blocker/state") { [weak scratch] in
            scratch?.warnings.append($0)
        }
        let state = KeptState(Notes(), owner: "Notes", keptIn: folder)
        let count = await state.update { notes -> Int in
            notes.count += 1
            return notes.count
        }
        #expect(count == 1)
        #expect(!state.isRead)
        await #expect(throws: StateFile.Failure.self) { try await state.read() }
        #expect(
            scratch.warnings.contains { $0.hasPrefix("Notes's change is not saved") && $0.contains("blocker/state") })
        #expect(scratch.contents("blocker") == "not a folder")
    }

    /// A replacement that fails halfway (here its temporary file cannot be made) leaves the file as
    /// it was: the new bytes never go to the file itself.
    @Test func aReplacementThatFailsLeavesTheOldFileWhole() async throws {
        let scratch = Scratch()
        await scratch.state().update { $0.count = 1 }
        let before = try #require(scratch.contents("Notes.json"))
        try FileManager.default.createDirectory(
            atPath: scratch.path + "/.Notes.json.tmp/blocked", withIntermediateDirectories: true)
        let state = scratch.state()
        await state.update { $0.count = 2 }
        #expect((try await state.current()).count == 2)
        #expect(scratch.contents("Notes.json") == before)
        #expect(scratch.warnings.first?.hasPrefix("Notes's change is not saved: cannot remove '") == true)
        #expect(
            scratch.warnings.first?.hasSuffix(
                "; from now on Notes's changes last only until you quit, and the file stays as it is") == true)
    }

    /// After a change that could not be saved, changes last in memory and the file is not written
    /// again, even once it could be: what another process saved meanwhile stays, and no change is
    /// made again with another meaning.
    @Test func afterAChangeNotSavedTheFileIsLeftAsItIs() async throws {
        let scratch = Scratch()
        let state = scratch.state()
        await state.update { $0.names.append("saved") }
        let blocker = scratch.path + "/.Notes.json.tmp/blocked"
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: true)
        await state.update { $0.names.append("unsaved") }
        #expect(scratch.warnings.count == 1)
        #expect(
            scratch.warnings.first?.hasSuffix(
                "from now on Notes's changes last only until you quit, and the file stays as it is") == true)
        try FileManager.default.removeItem(atPath: scratch.path + "/.Notes.json.tmp")
        let other = scratch.state()
        await other.update { $0.names.append("another process") }
        await state.update { $0.count = 1 }
        #expect(
            (try await state.current()) == Notes(names: ["saved", "unsaved"], count: 1),
            "the session keeps what it showed")
        #expect((try await scratch.state().current()) == Notes(names: ["saved", "another process"], count: 0))
        #expect(scratch.warnings.count == 1)
    }

    /// What stands where the temporary file goes (a link left by someone else) is removed, never
    /// written through; a FIFO where the file goes is refused at once, never waited on.
    @Test func linksAndFIFOsAreNeverFollowedOrWaitedOn() async throws {
        let scratch = Scratch()
        let victim = scratch.url.appendingPathComponent("victim")
        try scratch.write("precious", to: "victim")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path + "/.Notes.json.tmp", withDestinationPath: victim.path)
        await scratch.state().update { $0.count = 1 }
        #expect(scratch.contents("victim") == "precious")
        #expect((try await scratch.state().current()).count == 1)

        let fifo = Scratch()
        try FileManager.default.createDirectory(at: fifo.url, withIntermediateDirectories: true)
        #expect(mkfifo(fifo.file, 0o600) == 0)
        let state = fifo.state()
        #expect((try await state.current()) == Notes())
        #expect(fifo.warnings.first?.contains("is not a regular file") == true)
        await state.update { $0.count = 2 }
        #expect(fifo.files().contains("Notes.json"))
        var status = stat()
        #expect(lstat(fifo.file, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "never overwritten")
    }

    /// A `Notes.json` that is a symbolic link is neither read nor replaced: a rename would put a
    /// regular file in the link's place and leave the file it points to behind, out of date.
    @Test func aSymbolicLinkIsNeitherReadNorReplaced() async throws {
        let scratch = Scratch()
        let elsewhere = Scratch()
        try elsewhere.write(#"{"format": 1, "state": {"names": ["a"], "count": 5}}"#)
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.file, withDestinationPath: elsewhere.file)
        let state = scratch.state()
        #expect((try await state.current()) == Notes(), "the sample data, not the linked file's")
        #expect(scratch.warnings.count == 1)
        #expect(scratch.warnings.first?.contains("'\(scratch.file)' is a symbolic link, not a regular file") == true)
        await state.update { $0.count = 9 }
        #expect((try await state.current()).count == 9, "the change lasts in memory")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.file) == elsewhere.file)
        #expect(elsewhere.contents("Notes.json") == #"{"format": 1, "state": {"names": ["a"], "count": 5}}"#)
        #expect(scratch.warnings.count == 1, "said once")
    }

    /// A link put in the file's place after it was read is not replaced by the next save either.
    @Test func aReplacementRefusesALinkPutThereSinceTheRead() async throws {
        let scratch = Scratch()
        let file = StateFile(folder: scratch.path, name: "Notes")
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.file, withDestinationPath: "/dev/null")
        #expect(throws: StateFile.Failure.self) { try file.replace(with: Array("{}".utf8)) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.file) == "/dev/null")
        // The replacement written beside it goes too: a failed save leaves nothing behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["Notes.json"])
    }

    @Test func aStateTooLargeToReadBackIsNotWritten() async throws {
        let scratch = Scratch()
        let state = scratch.state()
        await state.update { $0.names.append("small") }
        await state.update { $0.names = Array(repeating: String(repeating: "x", count: 200), count: 45_000) }
        #expect(scratch.warnings.last?.contains("it would be larger than 8 MB") == true)
        #expect((try await scratch.state().current()).names == ["small"])
    }

    /// A state whose file laid out one value a line would be over the limit is written compact, so
    /// what the app reads (compact, up to the limit) it can write back: each change of such a state
    /// failed, "would be larger than 8 MB".
    @Test func aStateOverTheLimitLaidOutIsWrittenCompact() async throws {
        let names = (0..<600_000).map { String(format: "n%09d", $0) }
        let bytes = try KeptState<Notes>.encoded(Notes(names: names, count: 1))
        #expect(bytes.count < StateFile.sizeLimit)
        #expect(bytes.starts(with: Array(#"{"format":1,"state":{"count":1,"names":["n000000000","#.utf8)))
        // A small state is still laid out one value a line.
        // A compact file exactly at the limit has no room for a final line break, and gets none.
        let fill = StateFile.sizeLimit - #"{"format":1,"state":{"count":1,"names":[""]}}"#.utf8.count
        let full = try KeptState<Notes>.encoded(Notes(names: [String(repeating: "n", count: fill)], count: 1))
        #expect(full.count == StateFile.sizeLimit)
        let small = try KeptState<Notes>.encoded(Notes(names: ["a"], count: 1))
        #expect(String(decoding: small, as: UTF8.self).contains("\n  \"state\" : {"))
    }

    @Test func theFileIsTheSameForTheSameState() async throws {
        let first = Scratch()
        let second = Scratch()
        await first.state().update { $0 = Notes(names: ["b", "a"], count: 2) }
        await second.state().update { $0 = Notes(names: ["b", "a"], count: 2) }
        #expect(first.contents("Notes.json") == second.contents("Notes.json"))
    }
    @Test func aLockAnotherProcessHoldsIsSaidAtOnceAndGivenUpAfterItsLimit() async throws {
        let scratch = Scratch()
        try scratch.write(#"{"format": 1, "state": {"names": ["kept"], "count": 3}}"#)
        // Another open file description holds the lock, as another process would.
        let holder = open(scratch.path + "/Notes.lock", O_CREAT | O_RDWR, 0o600)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        let folder = StateFolder(path: scratch.path, lockWaitLimit: .seconds(1)) { scratch.warnings.append($0) }
        let state = KeptState(Notes(), owner: "Notes", keptIn: folder)
        await #expect {
            try await state.read()
        } throws: { error in
            "\(error)"
                == "Notes's saved state cannot be read now: another process held '\(scratch.path)/Notes.lock' for 1"
                + " seconds; gave up waiting"
        }
        let waiting = "Notes's saved state is locked by another process ('\(scratch.path)/Notes.lock'); waiting up to 1"
        #expect(scratch.warnings == [waiting + " seconds"])
        // Unread, the state shows no sample data as the user's; once the lock is free, the next read
        // finds what the file holds.
        #expect(!state.isRead)
        flock(holder, LOCK_UN)
        try await state.read()
        #expect(state.value == Notes(names: ["kept"], count: 3))
    }

    /// A change that cannot be saved before the state was ever read makes nothing of the sample data
    /// the user's: the state stays unread, and the next read finds what the file holds.
    @Test func aChangeNotSavedBeforeAnyReadLeavesTheStateUnread() async throws {
        let scratch = Scratch()
        let (folder, holder) = try scratch.keptAndLocked(waiting: .milliseconds(100))
        defer { close(holder) }
        let state = KeptState(Notes(), owner: "Notes", keptIn: folder)
        let count = await state.update { notes -> Int in
            notes.count += 1
            return notes.count
        }
        #expect(count == 1, "the change's result, from the sample data")
        #expect(!state.isRead)
        #expect(scratch.warnings.last?.hasPrefix("Notes's change is not saved: another process held") == true)
        flock(holder, LOCK_UN)
        #expect(try await state.current() == Notes(names: ["kept"], count: 3))
    }

    /// The main actor goes on running while a read or a change waits for another process's lock:
    /// the wait is on a thread of its own, and the session takes commands meanwhile. Each wait is
    /// still on when the main actor checks, however loaded the machine: the lock is held until then.
    @Test func theMainActorRunsWhileALockIsWaitedFor() async throws {
        let scratch = Scratch()
        let (folder, holder) = try scratch.keptAndLocked(waiting: .seconds(60))
        defer { close(holder) }
        let state = KeptState(Notes(), owner: "Notes", keptIn: folder)
        let done = Done()
        let reading = Task { @MainActor in
            defer { done.read = true }
            try await state.read()
        }
        // Were the wait on the main actor, this would run only once the lock was given up on.
        try await Task.sleep(for: .milliseconds(50))
        #expect(!done.read, "the read waits for the lock off the main actor")
        #expect(!state.isRead)
        flock(holder, LOCK_UN)
        try await reading.value
        #expect(state.value == Notes(names: ["kept"], count: 3))

        #expect(flock(holder, LOCK_EX) == 0)
        let changing = Task { @MainActor in
            await state.update { $0.count += 1 }
            done.changed = true
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(!done.changed, "the change waits for the lock off the main actor")
        flock(holder, LOCK_UN)
        await changing.value
        #expect(state.value.count == 4)
        #expect(try await scratch.state().current().count == 4, "the change is on the disk")
    }

    /// Only where permissions hold: the superuser writes into a read-only folder.
    @Test(.enabled(if: ReadOnlyFolder.isPossible)) func aReadOnlyFolderIsReadAndSavingIsWhatFails() async throws {
        let scratch = Scratch()
        try scratch.write(#"{"format": 1, "state": {"names": ["kept"], "count": 3}}"#)
        try await ReadOnlyFolder.with(scratch.url) {
            let state = scratch.state()
            let read = try await state.current()
            #expect(read == Notes(names: ["kept"], count: 3))
            await state.update { $0.count = 4 }
            #expect(state.value.count == 4)
        }
        #expect(scratch.warnings.count == 1, "\(scratch.warnings)")
        #expect(scratch.warnings.first?.hasPrefix("Notes's changes cannot be saved: cannot open") == true)
        #expect(scratch.contents("Notes.json") == #"{"format": 1, "state": {"names": ["kept"], "count": 3}}"#)
    }
}
