import Foundation

/// `new-component --interface N.json --dry-run` at N = 1,000 and 2,000 declarations of each kind,
/// and `--check` with 1,000 and 2,000 extra requires in Shop's API file: each must grow with its
/// input, at most 2.5× for twice as much (issue 32: it grew fourfold, as every declaration's line
/// was counted from the top of the file).
struct ScaffoldBench {
    let scratch: URL
    let quick: Bool

    func figures() throws -> [Figure] {
        let tool = try buildRelease("new-component")
        let copy = scratch.appendingPathComponent("scaffold-package")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try Shell.run("sh", ["-c", "cd \"$0\" && git archive HEAD | tar -x -C \"$1\"", root.path, copy.path])
        let shop = copy.appendingPathComponent("Components/Shop/Shop.swift")
        let original = try String(contentsOf: shop, encoding: .utf8)

        func interface(_ count: Int) throws -> String {
            let file = scratch.appendingPathComponent("interface-\(count).json")
            let requires = (0..<count).map { "\"need\($0)(x: Int)\"" }.joined(separator: ", ")
            let provides = (0..<count).map { "\"give\($0)(x: Int)\"" }.joined(separator: ", ")
            try #"{"requires": [\#(requires)], "provides": [\#(provides)]}"#.write(
                to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        func seconds(_ arguments: [String], allowing statuses: Set<Int32> = [0]) throws -> Double {
            try ChildRun.run(tool, arguments, allowing: statuses).seconds
        }
        func checking(extra count: Int) throws -> Double {
            let extra = (0..<count).map { "    public var require_extra\($0): ((_ x: Int) -> Screen)?\n" }.joined()
            try original.replacingOccurrences(of: "    // MARK: provide\n", with: extra + "    // MARK: provide\n")
                .write(to: shop, atomically: true, encoding: .utf8)
            // The derived files are stale after the edit: exit 1, a finding, is the expected outcome.
            return try seconds(["--check", "--package-path", copy.path], allowing: [1])
        }
        let (small, large) = (try interface(1_000), try interface(2_000))
        let rounds = quick ? 1 : 3
        let planned = try interleaved(
            rounds: rounds,
            [
                { try seconds(["Coupon", "--interface", small, "--dry-run", "--package-path", copy.path]) },
                { try seconds(["Coupon", "--interface", large, "--dry-run", "--package-path", copy.path]) },
            ])
        let checked = try interleaved(rounds: rounds, [{ try checking(extra: 1_000) }, { try checking(extra: 2_000) }])
        return [
            Figure(
                section: "scaffold", name: "new-component --interface, 2,000 of each", value: planned[1], unit: "s",
                baseline: "1,000 of each", baselineValue: planned[0], goal: 2.5),
            Figure(
                section: "scaffold", name: "new-component --check, 2,000 extra requires", value: checked[1],
                unit: "s", baseline: "1,000 extra requires", baselineValue: checked[0], goal: 2.5),
        ]
    }

}
