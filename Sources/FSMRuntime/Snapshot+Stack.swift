// Snapshots (section 4g) of a machine with `push`: the stack entries that still fit.

extension StateTree {
    /// The `push` stack of a snapshot, bottom first, by number: the entries that name a state without
    /// children (a state that can be the active leaf), in their order; the others are dropped.
    public func stack(_ entries: [String]) -> [Int] {
        var stack: [Int] = []
        for name in entries { if let state = number(named: name), childCounts[state] == 0 { stack.append(state) } }
        return stack
    }
}
