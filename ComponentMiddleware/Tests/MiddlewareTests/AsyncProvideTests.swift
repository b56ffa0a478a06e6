import Middleware
import Testing

/// A component with async requires, answered by provides that wait or fail.
@MainActor
private final class Journal: ComponentAPI {
    var require_wordCount: ((_ text: String, _ limit: Int) async throws -> Int)?
    var require_summary: (() async throws -> String)?

    static let componentName = "Journal"
    static let allRequires: [AnyRequire] = [
        AnyRequire(
            Require<Journal, (_ text: String, _ limit: Int) async throws -> Int>(
                "require_wordCount", get: { $0.require_wordCount }, set: { $0.require_wordCount = $1 }),
            labels: ["text", "limit"]),
        AnyRequire(
            Require<Journal, () async throws -> String>(
                "require_summary", get: { $0.require_summary }, set: { $0.require_summary = $1 }),
            labels: []),
    ]
}

private struct Unreachable: Error {}

/// What the provides of another component would be as values.
/// Every require of Journal, as the generator writes `requires(…)`.
extension Wiring where Owner.Component == Journal {
    fileprivate func requires(
        wordCount: AsyncAnswer<Int, String, Int>, summary: AsyncAnswer<String>
    ) -> Wired<Journal> {
        answer(
            Require<Journal, (String, Int) async throws -> Int>(
                "require_wordCount", get: { $0.require_wordCount }, set: { $0.require_wordCount = $1 }),
            closure: wordCount.closureTellingHook ?? wordCount.closure, declaration: wordCount.declaration)
        answer(
            Require<Journal, () async throws -> String>(
                "require_summary", get: { $0.require_summary }, set: { $0.require_summary = $1 }),
            closure: summary.closureTellingHook ?? summary.closure, declaration: summary.declaration)
        return Wired()
    }
}

private enum Counter {
    static let wordCount = AsyncProvide<Int, String, Int>("Counter.provide_wordCount(text:limit:)") { text, limit in
        await Task.yield()
        return min(text.split(separator: " ").count, limit)
    }
    static let summary = AsyncProvide<String>("Counter.provide_summary()") { throw Unreachable() }
}

private struct JournalRouter: Router {
    let component: Journal
    let heard: HeardNames?

    func wire(_ wiring: Wiring<Self>) -> Wired<Journal> {
        wiring.requires(wordCount: wiring.provide(Counter.wordCount), summary: wiring.provide(Counter.summary))
    }

    var beforeProviding: (@MainActor (String) -> Void)? {
        guard let heard else { return nil }
        return { name in heard.names.append(name) }
    }
}

@MainActor
private final class HeardNames {
    var names: [String] = []
}

@MainActor
@Suite("Async provides")
struct AsyncProvideTests {
    @Test func anAsyncRequireIsAnsweredByAnAsyncProvide() async throws {
        let journal = Journal()
        let report = WiringAudit.configure([JournalRouter(component: journal, heard: nil)])
        #expect(report.isComplete)
        #expect(try await journal.require_wordCount?("a b c d", 3) == 3)
        await #expect(throws: Unreachable.self) { try await journal.require_summary?() }
    }

    @Test func theRouterHearsOfTheProvideBeforeItIsCalled() async throws {
        let journal = Journal()
        let heard = HeardNames()
        _ = WiringAudit.configure([JournalRouter(component: journal, heard: heard)])
        #expect(heard.names.isEmpty)
        _ = try await journal.require_wordCount?("a b", 5)
        #expect(heard.names == ["Counter.provide_wordCount(text:limit:)"])
    }

    @Test func theGraphNamesTheProvide() {
        let wires = JournalRouter(component: Journal(), heard: nil).wires
        #expect(wires.map(\.require) == ["require_wordCount", "require_summary"])
        #expect(
            wires.map(\.answer) == [
                .provide(name: "Counter.provide_wordCount(text:limit:)"), .provide(name: "Counter.provide_summary()"),
            ])
    }
}
