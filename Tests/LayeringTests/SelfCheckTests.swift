import Foundation
import LayeringCheck
import Testing

/// The layering-check test: the mall must keep its contract, and the check's reference, which shows
/// the mall's contract and output, must show them as they are.
@Suite("The mall's layering")
struct SelfCheckTests {
    /// The reference's articles: the check, its output and its picture; the contract.
    static let checkArticle = MallPackage.checkCatalog.appendingPathComponent("TheLayeringCheck.md")
    static let contractArticle = MallPackage.checkCatalog.appendingPathComponent("TheLayerContract.md")

    @Test func theMallKeepsItsContract() throws {
        let root = MallPackage.root
        let report = try LayeringChecker.check(packageAt: root, graph: MallPackage.describe())
        #expect(report.diagnostics.isEmpty, "\n\(report.text)")
        #expect(report.targetCount >= 9)
        #expect(report.fileCount > 50)
    }

    /// The mall's `layers.json` keeps its components independent; `Shop` importing `Event` is caught, as
    /// the contract article's sample output shows (with the counts that grow with the package elided).
    @Test func aComponentImportingASiblingFailsAsTheArticleShows() throws {
        let root = MallPackage.root
        var graph = try MallPackage.describe()
        let probe = "Probe.swift"
        let index = try #require(graph.targets.firstIndex { $0.name == "Shop" })
        graph.targets[index].sources.append(probe)
        let contract = try LayerContract.load(packageRoot: root)
        let report = try LayeringChecker(graph: graph, contract: contract).check { path in
            path == "Components/Shop/\(probe)"
                ? Array("import Event\n".utf8) : try [UInt8](Data(contentsOf: root.appendingPathComponent(path)))
        }
        let counts = "checked \(report.targetCount) targets, \(report.fileCount) files, \(report.importCount) imports"
        let sample =
            "$ swift run layering-check\n"
            + report.text.replacingOccurrences(of: counts, with: "checked … targets, … files, … imports")
        let article = try String(contentsOf: Self.contractArticle, encoding: .utf8)
        #expect(
            article.contains(sample),
            "update TheLayerContract.md's sample output after 'import Event' to a 'Shop' file to:\n\(sample)")
        #expect(report.violations.map(\.rule) == [.horizontalImport])
    }

    @Test func theContractArticleShowsThisPackagesContract() throws {
        let article = try String(contentsOf: Self.contractArticle, encoding: .utf8)
        let afterHeading = article[...]
        let start = try #require(afterHeading.range(of: "```json\n"))
        let end = try #require(afterHeading[start.upperBound...].range(of: "```"))
        let shown = try LayerContract.parse(Data(afterHeading[start.upperBound..<end.lowerBound].utf8))
        let actual = try LayerContract.load(packageRoot: MallPackage.root)
        #expect(shown == actual, "copy layers.json into the first json block of TheLayerContract.md")
    }

    /// The check article's layer picture is `layering-check --graph mermaid` of this package, drawn for the
    /// four components it documents (a component added later is left out, as the transcripts do).
    @Test func theArticleShowsTheLayerGraph() throws {
        let root = MallPackage.root
        var graph = try MallPackage.describe()
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
