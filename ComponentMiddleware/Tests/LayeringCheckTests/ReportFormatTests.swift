import Foundation
import LayeringCheck
import Testing

/// Each output format, exactly, for one small report; and the baseline.
@Suite("Report formats and baseline")
struct ReportFormatTests {
    /// A named group with its own hint: findings speak the contract's words, placeholders filled in.
    static let contract = """
        {"layers": [["App"], ["Shop", "Event"], ["Base"]],
         "independence": [{"name": "components", "targets": ["Shop", "Event"],
                           "hint": "route it through a require wired in {router}"}]}
        """

    static func package(eventSource: String = "import Base\nimport Shop\n") -> MemoryPackage {
        MemoryPackage(
            [
                "Base@Sources/Base:", "Shop@Sources/Shop: Base", "Event@Sources/Event: Base",
                "App@Sources/App: Shop, Event",
            ],
            files: [
                "Sources/Base/Base.swift": "", "Sources/Shop/Shop.swift": "import Base",
                "Sources/Event/Event, detail.swift": eventSource, "Sources/App/main.swift": "import Shop\nimport Event",
            ])
    }

    @Test func text() throws {
        let report = try Self.package().check(Self.contract)
        #expect(
            report.text == """
                Sources/Event/Event, detail.swift:2:1: error: 'Event' imports 'Shop', which independence group \
                'components' keeps apart from it; route it through a require wired in the app's router for 'Event' \
                [horizontal-import]
                checked 4 targets, 4 files, 5 imports: 1 violation

                """)
    }

    @Test func githubAnnotationsEscapeTheirProperties() throws {
        let report = try Self.package().check(Self.contract)
        #expect(
            report.githubAnnotations == """
                ::error file=Sources/Event/Event%2C detail.swift,line=2,col=1,title=horizontal-import::'Event' imports \
                'Shop', which independence group 'components' keeps apart from it; route it through a require wired \
                in the app's router for 'Event'
                checked 4 targets, 4 files, 5 imports: 1 violation

                """)
    }

    @Test func jsonCarriesEveryPart() throws {
        let report = try Self.package().check(Self.contract)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(json["violations"] as? Int == 1)
        #expect(json["warnings"] as? Int == 0)
        #expect(json["accepted"] as? Int == 0)
        let diagnostic = try #require((json["diagnostics"] as? [[String: Any]])?.first)
        #expect(diagnostic["rule"] as? String == "horizontal-import")
        #expect(diagnostic["path"] as? String == "Sources/Event/Event, detail.swift")
        #expect(diagnostic["module"] as? String == "Shop")
    }

    /// SARIF 2.1.0: the properties its schema requires (`version`, `runs`, `tool.driver.name`, a
    /// result's `message.text`), each rule described, and a location relative to the package root.
    @Test func sarifHasWhatItsSchemaRequires() throws {
        let report = try Self.package(eventSource: "let é = 1; import Shop").check(Self.contract)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(report.sarif.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "layering-check")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == Rule.allCases.map(\.rawValue))
        #expect(rules.allSatisfy { ($0["help"] as? [String: Any])?["text"] is String })
        #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: Any])?["text"] is String })
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "horizontal-import")
        #expect(rules[result["ruleIndex"] as? Int ?? -1]["id"] as? String == "horizontal-import")
        #expect(result["level"] as? String == "error")
        #expect((result["message"] as? [String: Any])?["text"] is String)
        let location = try #require(
            (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "Sources/Event/Event,%20detail.swift")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 1)
        #expect(region["startColumn"] as? Int == 12)  // "let é = 1; " is 11 scalars, 12 UTF-8 bytes
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
    }

    /// Lines end at LF, CR or CR LF everywhere a location is worked out, as the compiler counts them.
    @Test func locationsCountCarriageReturnsAsTheCompilerDoes() throws {
        let report = try Self.package(eventSource: "let a = 1\r\nlet b = 2\rlet é = 1; import Shop\r// \u{FFFD}")
            .check(Self.contract)
        let finding = try #require(report.diagnostics.first)
        #expect((finding.line, finding.column, finding.scalarColumn) == (3, 13, 12))
        var bytes = Array("let a = 1\rlet b = 2\r\nlet c".utf8)
        bytes.append(0xFF)
        let broken = MemoryPackage(["Base@Sources/Base:"], files: ["Sources/Base/Base.swift": ""])
        var graph = broken.graph
        graph.targets[0].sources = ["Base.swift"]
        let warning = try LayeringChecker(graph: graph).check { _ in bytes }.diagnostics.first
        #expect(warning.map { ($0.rule, $0.line, $0.column) } ?? (.invalidEncoding, 0, 0) == (.invalidEncoding, 3, 6))
    }

    @Test func aBaselineSurvivesShiftedLinesAndReportsWhatWentStale() throws {
        let before = try Self.package().check(Self.contract)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Baseline(accepting: before).encoded().write(to: file)
        let baseline = try Baseline.load(from: file.path)

        let shifted = try Self.package(eventSource: "// moved\n\n\nimport Base\nimport Shop\n").check(Self.contract)
        let accepted = baseline.apply(to: shifted, baselinePath: "baseline.json")
        #expect(accepted.diagnostics == [])
        #expect(accepted.isClean)
        #expect(
            accepted.summary
                == "checked 4 targets, 4 files, 5 imports: 0 violations, 1 finding accepted by the baseline")

        let movedUp = try Self.package(eventSource: "import Shop\n").check(Self.contract)
        #expect(baseline.apply(to: movedUp, baselinePath: "baseline.json").diagnostics == [])

        let fixed = try Self.package(eventSource: "import Base\n").check(Self.contract)
        let stale = baseline.apply(to: fixed, baselinePath: "baseline.json")
        #expect(
            stale.diagnostics.map(\.formatted) == [
                "baseline.json:1:1: warning: the baseline accepts 1 more finding of horizontal-import Sources/Event/Event, "
                    + "detail.swift Event Shop than there are; run with --update-baseline to drop what was fixed "
                    + "[stale-baseline]"
            ])
        #expect(stale.isClean)
    }

    @Test func aBaselineAcceptsOnlyAsManyFindingsAsItCounts() throws {
        let one = try Self.package().check(Self.contract)
        let baseline = Baseline(accepting: one)
        var two = one
        two.diagnostics.append(two.diagnostics[0])
        let applied = baseline.apply(to: two, baselinePath: "baseline.json")
        #expect(applied.violations.count == 1)
        #expect(applied.acceptedCount == 1)
    }

    @Test func aDamagedBaselineIsAClearError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let entry = "{\"rule\": \"upward-import\", \"path\": \"a.swift\", \"target\": \"A\", \"count\": "
        for text in [
            "{", "[]", "{\"version\": 2, \"entries\": []}", "{\"version\": 1, \"entries\": [{\"rule\": \"nope\"}]}",
            "{\"version\": 1, \"entries\": [\(entry)9223372036854775807}, \(entry)1}]}",
            "{\"version\": 1, \"entries\": [\(entry)0}]}", "{\"version\": 1, \"entries\": [\(entry)1.5}]}",
            "{\"version\": 1, \"entries\": [\(entry)1}, \(entry)1}]}",
        ] {
            try Data(text.utf8).write(to: file)
            #expect(throws: LayeringCheckError.self) { try Baseline.load(from: file.path) }
        }
        #expect(throws: LayeringCheckError.self) { try Baseline.load(from: "/no/such/baseline.json") }
    }
}
