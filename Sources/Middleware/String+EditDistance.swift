extension String {
    /// The number of single-character edits that turn this string into `other` (Levenshtein distance),
    /// used to suggest the command or option a user probably meant.
    package func editDistance(to other: String) -> Int {
        let lhs = Array(self)
        let rhs = Array(other)
        var previous = Array(0...rhs.count)
        for (i, left) in lhs.enumerated() {
            var row = [i + 1]
            for (j, right) in rhs.enumerated() {
                row.append(Swift.min(previous[j + 1] + 1, row[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = row
        }
        return previous[rhs.count]
    }
}
