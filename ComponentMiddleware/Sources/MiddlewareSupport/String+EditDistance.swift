extension String {
    /// The number of single-character insertions, deletions and substitutions that turn this string
    /// into `other` (the Levenshtein distance), comparing characters as they are.
    public func editDistance(to other: String) -> Int {
        let lhs = Array(self)
        let rhs = Array(other)
        var previous = Array(0...rhs.count)
        var row = previous
        for (i, left) in lhs.enumerated() {
            row[0] = i + 1
            for (j, right) in rhs.enumerated() {
                row[j + 1] = Swift.min(previous[j + 1] + 1, row[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            swap(&previous, &row)
        }
        return previous[rhs.count]
    }
}

extension Sequence<String> {
    /// The element a user most likely meant by `text`, if one is a near miss: the package's one rule
    /// for "did you mean".
    ///
    /// An element that differs from `text` in case only wins. Otherwise the element fewest edits
    /// away (ignoring case; the first of equals) is suggested when those edits are at most a quarter
    /// of `text`'s length, or two for a short text (one below four characters), and fewer than its
    /// length, so nothing is suggested for a text that shares nothing with it.
    public func closest(to text: String) -> String? {
        let lowered = text.lowercased()
        var best: (element: String, distance: Int)?
        let limit = lowered.count < 4 ? 1 : Swift.max(2, lowered.count / 4)
        for element in self {
            let candidate = element.lowercased()
            if candidate == lowered { return element }
            // Lengths further apart than the limit cannot be near misses; skip their distance.
            guard abs(candidate.count - lowered.count) <= limit else { continue }
            let distance = candidate.editDistance(to: lowered)
            if distance <= limit, distance < lowered.count, distance < best?.distance ?? .max {
                best = (element, distance)
            }
        }
        return best?.element
    }
}
