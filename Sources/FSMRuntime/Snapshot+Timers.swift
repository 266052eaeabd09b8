// Snapshots (section 4g) of a machine with timers: the armed timers that still fit.

extension StateTree {
    /// The armed timers of `snapshot` that still fit the machine restored, whose active states are
    /// `active` (by number), in the snapshot's order, by timer number (``timerOwners``), with their
    /// remaining time in nanoseconds: see ``timers(_:owners:isActive:machineIsRunning:)``.
    public func timers(restoring snapshot: Snapshot, active: [Int], machineIsRunning: Bool) -> [(
        timer: Int, remaining: Int64
    )] {
        var isActive = [Bool](repeating: false, count: names.count)
        for state in active { isActive[state] = true }
        return timers(
            snapshot.timers.map { ($0.state, $0.index, $0.remainingNanoseconds) }, owners: timerOwners, isActive: isActive,
            machineIsRunning: machineIsRunning)
    }

    /// The timers armed in `table`, in the order they were armed, each named by its state and its
    /// index among that state's timers (``timerOwners``), with the time it has left at `now` (not
    /// negative): a snapshot's `timers`.
    public func armedTimers(_ table: TimerTable, now: Int64) -> [Snapshot.ArmedTimer] {
        var armed: [(stamp: UInt64, timer: Int)] = []
        for timer in timerOwners.indices where table.stamp(of: timer) != 0 {
            armed.append((table.stamp(of: timer), timer))
        }
        armed.sort { $0.stamp < $1.stamp }
        let firstTimer = Self.firstTimers(timerOwners, states: names.count)
        return armed.map {
            let owner = timerOwners[$0.timer]
            let left = Swift.max((table.deadline(of: $0.timer) ?? now) - now, 0)
            return Snapshot.ArmedTimer(
                state: owner < 0 ? nil : names[owner], index: $0.timer - firstTimer[owner + 1], remainingNanoseconds: left)
        }
    }

    /// The first timer of each state, by the state's number + 1 (the machine's own first), or -1 for
    /// a state without timers: a state's timers are numbered together, in the order written.
    static func firstTimers(_ owners: [Int], states: Int) -> [Int] {
        var firstTimer = [Int](repeating: -1, count: states + 1)
        for timer in owners.indices.reversed() { firstTimer[owners[timer] + 1] = timer }
        return firstTimer
    }

    /// The armed timers of a snapshot that still fit, in the snapshot's order (the order they were
    /// armed), by timer number, with their remaining time in nanoseconds. `owners` gives each timer's
    /// state by number (-1: the machine's own), its timers numbered in the order written. A timer is
    /// kept when its state is active (a timer of the machine's own: when `machineIsRunning`), it
    /// exists, it is not a second entry of the same timer, and its remaining time is not negative.
    public func timers(
        _ entries: [(state: String?, index: Int, remainingNanoseconds: Int64)], owners: [Int], isActive: [Bool],
        machineIsRunning: Bool
    ) -> [(timer: Int, remaining: Int64)] {
        let firstTimer = Self.firstTimers(owners, states: names.count)
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
