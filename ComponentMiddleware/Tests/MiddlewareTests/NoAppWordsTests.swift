import Foundation
import Testing

/// The middleware is for any app: its code (the runtime, the testing and support libraries, the tools
/// and the plugins) names no module, type, path or word of the demo app built with it, the mall, whose
/// layout and words the mall supplies as configuration (`components.json`, `layers.json`, templates).
@Suite("No word of the mall")
struct NoAppWordsTests {
    /// This package's root.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The mall's modules, types, folders and words, each as a whole word.
    static var words: Regex<Substring> {
        #/
        \b (?: Mall\w* | mall | Shop\w* | shop\w* | Groupbuy\w* | Appointment\w* | Event | EventID | EventType
            | eventId | BookingSummary | Screen | Shell | Components/ ) \b
        /#
    }

    /// Every Swift file of the package's code, every article of its references, its manifest and its
    /// scripts, by path from the root.
    static func codeFiles() -> [String] {
        ["Sources", "Tools", "Plugins", "Scripts"].flatMap { folder -> [String] in
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            return (enumerator?.allObjects as? [String] ?? []).filter {
                $0.hasSuffix(".swift") || $0.hasSuffix(".md") || $0.hasSuffix(".sh")
            }.map { "\(folder)/\($0)" }
        } + ["Package.swift"]
    }

    @Test func theCodeNamesNone() throws {
        let files = Self.codeFiles()
        #expect(files.count > 50, "the code was not found under \(Self.root.path)")
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(Self.words) {
                found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// The search finds what it looks for, so an empty result means something.
    @Test(arguments: [
        "import MallBase", "/// e.g. `Shop`.", "mall://shop/detail", "let x: Screen", "Shell/Wiring/Shop/Router",
        "Components/Event/Event.swift", "(_ eventId: EventID)", "e.g. `shops`",
    ])
    func theSearchFindsAPlantedWord(line: String) {
        #expect(line.contains(Self.words))
    }

    @Test(arguments: [
        "NavigationEvent", "screenType", "a screen", "shelled", "Notes.require_tagPage", "Coupon", "workshop",
    ])
    func theSearchPassesOtherWords(line: String) {
        #expect(!line.contains(Self.words))
    }
}
