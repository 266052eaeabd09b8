// Snapshots (section 4g) of a machine with timers: the armed timers that still fit.

extension StateTree {
    /// The armed timers of a snapshot that still fit, in the snapshot's order (the order they were
    /// armed), by timer number, with their remaining time in nanoseconds. `owners` gives each timer's
    /// state by number (-1: the machine's own), its timers numbered in the order written. A timer is
    /// kept when its state is active (a timer of the machine's own: when `machineIsRunning`), it
    /// exists, it is not a second entry of the same timer, and its remaining time is not negative.
    public func timers(
        _ entries: [(state: String?, index: Int, remainingNanoseconds: Int64)], owners: [Int], isActive: [Bool],
        machineIsRunning: Bool
    ) -> [(timer: Int, remaining: Int64)] {
        // The first timer of each state (by its number + 1: the machine's own first), or -1.
        var firstTimer = [Int](repeating: -1, count: names.count + 1)
        for timer in owners.indices.reversed() { firstTimer[owners[timer] + 1] = timer }
        var kept: [(timer: Int, remaining: Int64)] = []
        var isKept = [Bool](repeating: false, count: owners.count)
        for entry in entries {
            let owner: Int
            if let name = entry.state {
                guard let state = number(named: name), isActive[state] else { continue }
                owner = state
            } else {
                guard machineIsRunning else { continue }
                owner = -1
            }
            // An index past the machine's timers is compared before it is added: `first + index`
            // could overflow (a snapshot's index may be as large as `Int.max`).
            let first = firstTimer[owner + 1]
            guard first >= 0, entry.index >= 0, entry.index < owners.count - first,
                entry.remainingNanoseconds >= 0
            else { continue }
            let timer = first + entry.index
            guard owners[timer] == owner, !isKept[timer] else { continue }
            isKept[timer] = true
            kept.append((timer, entry.remainingNanoseconds))
        }
        return kept
    }
}
