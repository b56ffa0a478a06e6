import Foundation
import LayeringCheck
import Testing

/// The layering check as a test of the app: the features keep the layers of `layers.json`, and the
/// check's reference, which shows this app's contract, a finding and the layers as a picture, shows
/// them as they are.
@Suite("The notes app's layers")
struct LayeringTests {
    /// The app's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The layering check's reference, in the middleware's folder of this repository.
    static let catalog = root.appendingPathComponent(
        "../../ComponentMiddleware/Tools/LayeringCheck/LayeringCheck.docc"
    ).standardizedFileURL

    /// The package as SwiftPM describes it, in a scratch folder of its own, so it never waits for the
    /// lock of the `swift test` running in the same package.
    static func describe() throws -> PackageGraph {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try PackageLoader.describe(packagePath: root.path, scratchPath: scratch.path)
    }

    /// The fenced blocks of `language` in an article, in order.
    static func blocks(_ language: String, in article: String) -> [Substring] {
        article.components(separatedBy: "```\(language)\n").dropFirst().map { after in
            after[..<(after.range(of: "```")?.lowerBound ?? after.endIndex)]
        }
    }

    @Test func theAppKeepsItsContract() throws {
        let report = try LayeringChecker.check(packageAt: Self.root, graph: Self.describe())
        #expect(report.diagnostics.isEmpty, "\n\(report.text)")
        #expect(report.targetCount >= 6)
    }

    /// `Notes` importing `Tags` is caught, as the contract article's sample output shows (with the counts
    /// that grow with the package elided).
    @Test func aFeatureImportingASiblingFailsAsTheArticleShows() throws {
        var graph = try Self.describe()
        let probe = "Probe.swift"
        let index = try #require(graph.targets.firstIndex { $0.name == "Notes" })
        graph.targets[index].sources.append(probe)
        let contract = try LayerContract.load(packageRoot: Self.root)
        let report = try LayeringChecker(graph: graph, contract: contract).check { path in
            path == "Features/Notes/\(probe)"
                ? Array("import Tags\n".utf8)
                : try [UInt8](Data(contentsOf: Self.root.appendingPathComponent(path)))
        }
        #expect(report.violations.map(\.rule) == [.horizontalImport])
        let counts = "checked \(report.targetCount) targets, \(report.fileCount) files, \(report.importCount) imports"
        let sample =
            "$ swift run layering-check\n"
            + report.text.replacingOccurrences(of: counts, with: "checked … targets, … files, … imports")
        let article = try String(
            contentsOf: Self.catalog.appendingPathComponent("TheLayerContract.md"), encoding: .utf8)
        #expect(
            article.contains(sample),
            "update TheLayerContract.md's sample output after 'import Tags' in a 'Notes' file to:\n\(sample)")
    }

    /// The article's first contract is this app's `layers.json`; every other one it shows is one the
    /// check accepts.
    @Test func theContractArticleShowsThisAppsContract() throws {
        let article = try String(
            contentsOf: Self.catalog.appendingPathComponent("TheLayerContract.md"), encoding: .utf8)
        let shown = try Self.blocks("json", in: article).map { try LayerContract.parse(Data($0.utf8)) }
        #expect(shown.count >= 2)
        #expect(
            try shown.first == LayerContract.load(packageRoot: Self.root),
            "copy layers.json into the first json block of TheLayerContract.md")
    }

    /// The check article's picture is `layering-check --graph mermaid` of this app, drawn for the two
    /// features it documents (one added later by `new-component` is left out).
    @Test func theCheckArticleShowsTheLayerGraph() throws {
        var graph = try Self.describe()
        let documented: Set<Substring> = ["Notes", "Tags"]
        graph.targets.removeAll { target in
            let folders = target.path.split(separator: "/")
            return folders.count > 1
                && (folders[0] == "Features" && !documented.contains(folders[1])
                    || folders[0] == "Tests" && folders[1].hasSuffix("Tests")
                        && !documented.contains(folders[1].dropLast("Tests".count))
                        && !["App", "Layering"].contains(folders[1].dropLast("Tests".count)))
        }
        let checker = try LayeringChecker(packageAt: Self.root, graph: graph)
        let drawn = try checker.layerGraph(for: checker.check(packageAt: Self.root)).rendered(.mermaid)

        let article = try String(
            contentsOf: Self.catalog.appendingPathComponent("TheLayeringCheck.md"), encoding: .utf8)
        let begin = "<!-- swift run layering-check --graph mermaid -->\n```mermaid\n"
        let start = try #require(article.range(of: begin), "TheLayeringCheck.md needs the lines \(begin)")
        let stop = try #require(
            article.range(of: "```\n<!-- end of layering-check --graph -->", range: start.upperBound..<article.endIndex)
        )
        #expect(
            String(article[start.upperBound..<stop.lowerBound]) == drawn,
            "TheLayeringCheck.md's layer graph is stale: replace it with 'swift run layering-check --graph mermaid'")
    }
}
