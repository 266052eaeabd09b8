// Snapshots (section 4g) of a machine with `push`: the stack entries that still fit. Copied into
// each generated machine that has `push`.

extension FSMMachineStateTree {
    /// The `push` stack of a snapshot, bottom first, by number: the entries that name a state without
    /// children (a state that can be the active leaf), in their order; the others are dropped.
    @inline(never)
    func stack(_ entries: [String]) -> [Int] {
        var stack: [Int] = []
        for name in entries { if let state = number(named: name), childCounts[state] == 0 { stack.append(state) } }
        return stack
    }
}
