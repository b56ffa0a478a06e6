import Foundation

/// One measured figure: a value, and where there is one, the baseline measured in the same run, their
/// ratio and the goal the ratio must meet.
struct Figure: Encodable {
    /// The group it belongs to, e.g. `require`.
    var section: String
    /// What was measured, e.g. `in-component require call`.
    var name: String
    var value: Double
    /// The unit of `value` and `baselineValue`, e.g. `ns`, `MB`.
    var unit: String
    var baseline: String?
    var baselineValue: Double?
    /// The largest ratio `value / baselineValue` allowed, or with `isMinimumRatio` the smallest (how
    /// many times slower an alternative must be).
    var goal: Double?
    var isMinimumRatio = false
    /// A goal that is not a ratio, in words, e.g. `0 allocations`; `met` says whether it holds.
    var condition: String?
    var conditionMet: Bool?

    var ratio: Double? {
        guard let baselineValue, baselineValue > 0, value > 0 else { return nil }
        return value / baselineValue
    }

    /// Whether every goal the figure has is met; `nil` when it has none. A ratio goal whose ratio
    /// cannot be taken (a zero or missing value) is missed.
    var met: Bool? {
        var verdicts: [Bool] = []
        if let goal {
            verdicts.append(ratio.map { isMinimumRatio ? $0 >= goal : $0 <= goal } ?? false)
        }
        if let conditionMet { verdicts.append(conditionMet) }
        return verdicts.isEmpty ? nil : !verdicts.contains(false)
    }

    var goalText: String {
        var parts: [String] = []
        if let goal { parts.append((isMinimumRatio ? "≥ " : "≤ ") + String(format: "%g×", goal)) }
        if let condition { parts.append(condition) }
        return parts.joined(separator: ", ")
    }

    static func number(_ value: Double) -> String {
        switch value {
        case 1_000...: String(format: "%.0f", value)
        case 100...: String(format: "%.1f", value)
        case 1...: String(format: "%.2f", value)
        default: String(format: "%.3f", value)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case section, name, value, unit, baseline, baselineValue, ratio, goal, condition, met
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(section, forKey: .section)
        try container.encode(name, forKey: .name)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encodeIfPresent(baseline, forKey: .baseline)
        try container.encodeIfPresent(baselineValue, forKey: .baselineValue)
        try container.encodeIfPresent(ratio, forKey: .ratio)
        try container.encodeIfPresent(goalText.isEmpty ? nil : goalText, forKey: .goal)
        try container.encodeIfPresent(condition, forKey: .condition)
        try container.encodeIfPresent(met, forKey: .met)
    }
}

/// The figures as a table: one row per figure, its baseline and ratio, and the goal's verdict.
func table(_ figures: [Figure]) -> String {
    let header = ["section", "figure", "value", "baseline (same run)", "ratio", "goal", "status"]
    let rows = figures.map { figure -> [String] in
        [
            figure.section, figure.name, "\(Figure.number(figure.value)) \(figure.unit)",
            figure.baseline.map { name in
                "\(name): \(figure.baselineValue.map { Figure.number($0) } ?? "?") \(figure.unit)"
            } ?? "",
            figure.ratio.map { Figure.number($0) + "×" } ?? "",
            figure.goalText,
            figure.met.map { $0 ? "met" : "MISSED" } ?? "",
        ]
    }
    let widths = header.indices.map { column in
        ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
        zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
            .replacing(/\s+$/, with: "")
    }
    return ([line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line))
        .joined(separator: "\n") + "\n"
}
