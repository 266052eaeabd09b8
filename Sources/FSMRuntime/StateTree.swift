// Snapshots (section 4g): a snapshot's states, history records, stack and timers checked against
// the machine's tree before anything is restored.

/// A machine's states as snapshots name them, with their places in the tree: what taking a snapshot
/// and checking one before a restore need to know of the machine. Each machine makes its own once,
/// from its tables.
///
/// Taking and restoring snapshots is rare, so none of this is inlined into a machine: it is
/// compiled once, here. The tree is flat lists of numbers walked by plain loops, and a state is
/// found by its name by a binary search over the states' numbers in the order of their names (no
/// dictionary to build).
public struct StateTree: Sendable {
    /// The machine's name, as snapshots give it.
    public let machine: String
    /// By number (the order written): each state's name, its parent's number (-1 at the top level),
    /// whether it is parallel, and how many children it has.
    public let names: [String]
    public let parents: [Int]
    public let isParallel: [Bool]
    public let childCounts: [Int]
    /// The states' numbers in the order of their names.
    public let byName: [Int]
    /// The state of each timer, by timer number (-1: the machine's own), a state's timers numbered in
    /// the order written; empty for a machine without timers.
    public let timerOwners: [Int]

    /// The tree of the machine named `machine`, of states named `names`, with parents `parents` (-1
    /// at the top level); the states numbered in `parallel` are parallel; `byName` lists the states'
    /// numbers in the order of their names; `timerOwners` gives each timer's state.
    public init(machine: String, names: [String], parents: [Int], parallel: [Int], byName: [Int], timerOwners: [Int]? = nil) {
        self.machine = machine
        self.timerOwners = timerOwners ?? []
        self.names = names
        self.parents = parents
        var isParallel = [Bool](repeating: false, count: names.count)
        for state in parallel { isParallel[state] = true }
        self.isParallel = isParallel
        var childCounts = [Int](repeating: 0, count: names.count)
        for parent in parents where parent >= 0 { childCounts[parent] += 1 }
        self.childCounts = childCounts
        self.byName = byName
    }

    /// The tree of the machine named `machine`, whose states are the cases of `states` in the order
    /// written (a machine's `StateID`), named by their raw values; `parents` gives each one's parent
    /// (-1 at the top level; `nil`: every state is at the top level), `parallel` the parallel states,
    /// `timerOwners` each timer's state. The states' order by name is worked out here, once: a
    /// machine's file holds no table it need not, and swiftc builds no array literal of its names.
    public init<States: CaseIterable & RawRepresentable>(
        machine: String, states: States.Type, parents: [Int]? = nil, parallel: [Int]? = nil, timerOwners: [Int]? = nil
    ) where States.RawValue == String {
        let names = states.allCases.map(\.rawValue)
        // In the order `number(named:)` searches them by.
        let byName = names.indices.sorted { names[$0] < names[$1] }
        self.init(
            machine: machine, names: names, parents: parents ?? Array(repeating: -1, count: names.count),
            parallel: parallel ?? [], byName: byName, timerOwners: timerOwners)
    }

    /// The number of the state named `name`, or `nil` when the machine has none.
    public func number(named name: String) -> Int? {
        var low = 0
        var high = byName.count
        while low < high {
            let middle = low + (high - low) / 2
            if names[byName[middle]] < name { low = middle + 1 } else { high = middle }
        }
        return low < byName.count && names[byName[low]] == name ? byName[low] : nil
    }

    /// The active states of `snapshot`, by number in the order written, checked as a restore does:
    /// the snapshot is of this machine, names active states only when it has started, and they are a
    /// configuration. `nil` when the machine had not started.
    public func configuration(restoring snapshot: Snapshot) throws(RestoreError) -> [Int]? {
        guard snapshot.machine == machine else { throw .otherMachine(snapshot.machine) }
        guard snapshot.started else {
            guard snapshot.activeStates.isEmpty else { throw .activeStatesBeforeStart }
            return nil
        }
        return try configuration(named: snapshot.activeStates)
    }

    /// The active leaf of `snapshot`, of a machine with one active leaf: the last of its active states,
    /// by number, checked as ``configuration(restoring:)`` checks them. `nil` when the machine had not
    /// started.
    public func leaf(restoring snapshot: Snapshot) throws(RestoreError) -> Int? {
        guard let active = try configuration(restoring: snapshot) else { return nil }
        return active[active.count - 1]
    }

    /// A snapshot of this machine with the active states `active` (by name, in the order written;
    /// ignored when it has not started), and the history records, stack and armed timers given (`nil`:
    /// none).
    ///
    /// The optional parameters default to `nil`, not to empty collections: a default argument is made
    /// by the caller, and an empty dictionary and arrays made in every machine file cost swiftc about
    /// 0.1 G instructions per file (docs/Performance.md, section 7).
    public func snapshot(
        started: Bool, finished: Bool, activeStates active: [String], history: [String: [String]]? = nil,
        stack: [String]? = nil, timers: [Snapshot.ArmedTimer]? = nil
    ) -> Snapshot {
        Snapshot(
            machine: machine, started: started, finished: finished, activeStates: started ? active : [],
            history: history ?? [:], stack: stack ?? [], timers: timers ?? [])
    }

    /// A snapshot of this machine, one with a single active leaf, named `leaf`: the active states are
    /// the leaf and the states it lies inside (ignored when it has not started).
    public func snapshot(
        started: Bool, finished: Bool, leaf: String, history: [String: [String]]? = nil, stack: [String]? = nil,
        timers: [Snapshot.ArmedTimer]? = nil
    ) -> Snapshot {
        snapshot(
            started: started, finished: finished, activeStates: started ? path(to: leaf) : [], history: history,
            stack: stack, timers: timers)
    }

    /// ``snapshot(started:finished:activeStates:history:stack:timers:)`` with the active states given as
    /// a machine's `StateID`s, named by their raw values: the names are read here, not in every machine.
    public func snapshot<State: RawRepresentable>(
        started: Bool, finished: Bool, activeStates active: [State], history: [String: [String]]? = nil,
        stack: [String]? = nil, timers: [Snapshot.ArmedTimer]? = nil
    ) -> Snapshot where State.RawValue == String {
        snapshot(
            started: started, finished: finished, activeStates: active.map(\.rawValue), history: history, stack: stack,
            timers: timers)
    }

    /// ``snapshot(started:finished:leaf:history:stack:timers:)`` with the leaf given as a machine's
    /// `StateID`, named by its raw value: the name is read here, not in every machine.
    public func snapshot<State: RawRepresentable>(
        started: Bool, finished: Bool, leaf: State, history: [String: [String]]? = nil, stack: [String]? = nil,
        timers: [Snapshot.ArmedTimer]? = nil
    ) -> Snapshot where State.RawValue == String {
        snapshot(started: started, finished: finished, leaf: leaf.rawValue, history: history, stack: stack, timers: timers)
    }

    /// The names of the state named `leaf` and of the states it lies inside, outermost first.
    public func path(to leaf: String) -> [String] {
        guard let leaf = number(named: leaf) else { return [] }
        // Its length first, so that the list is made once, at its size, and filled from its end.
        var count = 0
        var state = leaf
        while state >= 0 {
            count += 1
            state = parents[state]
        }
        var path = [String](repeating: "", count: count)
        state = leaf
        while state >= 0 {
            count -= 1
            path[count] = names[state]
            state = parents[state]
        }
        return path
    }

    /// The active states of a started machine's snapshot, by number in the order written: a
    /// configuration, or an error naming the first state that does not exist or the first problem.
    /// A state named twice counts once.
    public func configuration(named active: [String]) throws(RestoreError) -> [Int] {
        var isActive = [Bool](repeating: false, count: names.count)
        for name in active {
            guard let state = number(named: name) else { throw .unknownState(name) }
            isActive[state] = true
        }
        let states = marked(isActive)
        if let problem = problem(with: isActive, states, below: -1) { throw .notAConfiguration(problem) }
        return states
    }

    /// The numbers of the states marked in `marks`, in the order written.
    public func marked(_ marks: [Bool]) -> [Int] {
        var states: [Int] = []
        for state in marks.indices where marks[state] { states.append(state) }
        return states
    }

    /// The states of `configuration` (numbers in the order written) none of whose children is in
    /// it: its leaves, in the order written.
    public func leaves(of configuration: [Int]) -> [Int] {
        var hasActiveChild = [Bool](repeating: false, count: names.count)
        for state in configuration where parents[state] >= 0 { hasActiveChild[parents[state]] = true }
        var leaves: [Int] = []
        for state in configuration where !hasActiveChild[state] { leaves.append(state) }
        return leaves
    }

    /// Why the states marked in `isActive` (numbered in `active`, in the order written: the caller's
    /// `marked(isActive)`, which it keeps) are not a configuration of what lies below `root` (-1: the
    /// whole machine); `nil` when they are one. In this order: nothing active; a state active
    /// without its parent (or outside `root`); below the machine, two top-level states; a state (or
    /// `root`) without exactly one active child, or without one of its regions.
    public func problem(with isActive: [Bool], _ active: [Int], below root: Int) -> String? {
        guard !active.isEmpty else { return "no state is active" }
        var activeChildCounts = [Int](repeating: 0, count: names.count)
        for state in active {
            let parent = parents[state]
            if parent != root && (parent < 0 || !isActive[parent]) {
                let parentName = parent < 0 ? "the machine" : "'\(names[parent])'"
                return "'\(names[state])' is active without its parent \(parentName)"
            }
            if parent >= 0 { activeChildCounts[parent] += 1 }
        }
        if root < 0 {
            var first = -1
            for state in active where parents[state] < 0 {
                guard first >= 0 else {
                    first = state
                    continue
                }
                return "'\(names[first])' and '\(names[state])' are both active at the top level"
            }
        } else if let problem = childrenProblem(of: root, isActive, activeChildCounts) {
            return problem
        }
        for state in active {
            if let problem = childrenProblem(of: state, isActive, activeChildCounts) { return problem }
        }
        return nil
    }

    /// Why the active children of `state` are wrong: a parallel state needs every region, another
    /// composite state exactly one child; `nil` when they are right (or `state` has no children).
    /// `activeChildCounts` counts each state's active children; the children are looked for only
    /// to name them.
    private func childrenProblem(of state: Int, _ isActive: [Bool], _ activeChildCounts: [Int]) -> String? {
        let count = activeChildCounts[state]
        if isParallel[state] ? count == childCounts[state] : childCounts[state] == 0 || count == 1 { return nil }
        let name = names[state]
        var firstActive = -1
        for child in parents.indices where parents[child] == state {
            if isParallel[state] {
                if !isActive[child] { return "'\(name)' is active without its region '\(names[child])'" }
            } else if isActive[child] {
                guard firstActive >= 0 else {
                    firstActive = child
                    continue
                }
                return "'\(name)' has two active children, '\(names[firstActive])' and '\(names[child])'"
            }
        }
        return "'\(name)' is active without an active child"
    }
}
