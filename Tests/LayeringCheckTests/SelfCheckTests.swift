import Foundation
import LayeringCheck
import Testing

/// The layering-check test: this package itself must keep its contract, and the check's reference
/// must show the contract and the output as they are.
@Suite("This package's layering")
struct SelfCheckTests {
    /// The reference's articles: the check, its output and its picture; the contract.
    static let catalog = Fixture.packageRoot.appendingPathComponent("Tools/LayeringCheck/LayeringCheck.docc")
    static let checkArticle = catalog.appendingPathComponent("TheLayeringCheck.md")
    static let contractArticle = catalog.appendingPathComponent("TheLayerContract.md")

    @Test func thisPackageKeepsItsContract() throws {
        let report = try Fixture.check(packageAt: Fixture.packageRoot)
        #expect(report.diagnostics.isEmpty, "\n\(report.text)")
        #expect(report.targetCount >= 9)
        #expect(report.fileCount > 50)
    }

    /// The package's `layers.json` states the document's layers; `Middleware` importing `MallBase` is
    /// caught, as the contract article's sample output shows (with the counts that grow with the package
    /// elided).
    @Test func trunkImportingBaseFailsAsTheReadmeShows() throws {
        let root = Fixture.packageRoot
        var graph = try PackageLoader.describe(
            packagePath: root.path,
            scratchPath: FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID())").path)
        let probe = "Probe.swift"
        let index = try #require(graph.targets.firstIndex { $0.name == "Middleware" })
        graph.targets[index].sources.append(probe)
        let contract = try LayerContract.load(packageRoot: root)
        let report = try LayeringChecker(graph: graph, contract: contract).check { path in
            path == "Sources/Middleware/\(probe)"
                ? Array("import MallBase\n".utf8) : try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
        }
        let counts = "checked \(report.targetCount) targets, \(report.fileCount) files, \(report.importCount) imports"
        let sample =
            "$ swift run layering-check\n"
            + report.text.replacingOccurrences(of: counts, with: "checked … targets, … files, … imports")
        let article = try String(contentsOf: Self.contractArticle, encoding: .utf8)
        #expect(
            article.contains(sample),
            "update TheLayerContract.md's sample output after 'import MallBase' to a 'Middleware' file to:\n\(sample)")
        #expect(report.violations.map(\.rule) == [.upwardImport])
    }

    @Test func theContractArticleShowsThisPackagesContract() throws {
        let article = try String(contentsOf: Self.contractArticle, encoding: .utf8)
        let afterHeading = article[...]
        let start = try #require(afterHeading.range(of: "```json\n"))
        let end = try #require(afterHeading[start.upperBound...].range(of: "```"))
        let shown = try LayerContract.parse(Data(afterHeading[start.upperBound..<end.lowerBound].utf8))
        let actual = try LayerContract.load(packageRoot: Fixture.packageRoot)
        #expect(shown == actual, "copy layers.json into the first json block of TheLayerContract.md")
    }

    /// The check article's layer picture is `layering-check --graph mermaid` of this package, drawn for the
    /// four components it documents (a component added later is left out, as the transcripts do).
    @Test func theArticleShowsTheLayerGraph() throws {
        let root = Fixture.packageRoot
        var graph = try PackageLoader.describe(
            packagePath: root.path,
            scratchPath: FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID())").path)
        let documented: Set<Substring> = ["Shop", "Event", "Groupbuy", "Appointment"]
        let added = Set(
            graph.targets.compactMap { target -> Substring? in
                let folders = target.path.split(separator: "/")
                return folders.first == "Components" && folders.count > 1 && !documented.contains(folders[1])
                    ? folders[1] : nil
            })
        graph.targets.removeAll { target in
            let folders = target.path.split(separator: "/")
            return folders.count > 1
                && (folders[0] == "Components" && added.contains(folders[1])
                    || folders[0] == "Tests" && added.contains { folders[1] == "\($0)Tests" }
                    || folders[0] == "Shell" && folders.count > 2 && ["Routes", "Routers"].contains(folders[1])
                        && added.contains(folders[2]))
        }
        let checker = try LayeringChecker(packageAt: root, graph: graph)
        let drawn = try checker.layerGraph(for: checker.check(packageAt: root)).rendered(.mermaid)

        let article = try String(contentsOf: Self.checkArticle, encoding: .utf8)
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
