/// Works out a value for `start` and for everything it reaches, each from the values of its
/// successors, depth first with an explicit stack, so a chain of any length neither recurses nor is
/// walked twice: values already in `memo` are reused, and each new one is stored there. A successor
/// still being worked out (a cycle, which SwiftPM refuses) is left out of its predecessor's fold.
func foldDependencies<Value>(
    from start: String, into memo: inout [String: Value], successors: (String) -> [String],
    fold: (_ node: String, _ successors: [(name: String, value: Value)]) -> Value
) {
    var stack: [(node: String, expanded: Bool)] = [(start, false)]
    var inProgress: Set<String> = []
    while let (node, expanded) = stack.popLast() {
        guard memo[node] == nil else { continue }
        let next = successors(node)
        if expanded {
            inProgress.remove(node)
            memo[node] = fold(node, next.compactMap { name in memo[name].map { (name, $0) } })
        } else if inProgress.insert(node).inserted {
            stack.append((node, true))
            stack += next.filter { memo[$0] == nil && !inProgress.contains($0) }.map { ($0, false) }
        }
    }
}
