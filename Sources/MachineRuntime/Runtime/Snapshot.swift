// Snapshots (section 4g): a snapshot's states, history records, stack and timers checked against
// the machine's tree before anything is restored. Copied into every generated machine.

/// The machine's states as snapshots name them, with their places in the tree. Made when a snapshot
/// is restored, from the machine's tables; the machine keeps nothing of it.
struct FSMMachineStateTree {
    /// By number (the order written): each state's name, its parent's number (-1 at the top level),
    /// whether it is parallel, and its children's numbers.
    let names: [String]
    let parents: [Int]
    let isParallel: [Bool]
    let children: [[Int]]
    let numbers: [String: Int]

    /// The tree of states named `names`, with parents `parents` (-1 at the top level); the states
    /// numbered in `parallel` are parallel.
    init(names: [String], parents: [Int], parallel: [Int]) {
        self.names = names
        self.parents = parents
        var isParallel = [Bool](repeating: false, count: names.count)
        for state in parallel { isParallel[state] = true }
        self.isParallel = isParallel
        // Each list and the dictionary made at their size at once: restoring makes the tree of
        // every state of the machine, however few the snapshot names.
        var childCounts = [Int](repeating: 0, count: names.count)
        for parent in parents where parent >= 0 { childCounts[parent] += 1 }
        var children = [[Int]](repeating: [], count: names.count)
        for state in names.indices where childCounts[state] > 0 { children[state].reserveCapacity(childCounts[state]) }
        for state in parents.indices where parents[state] >= 0 { children[parents[state]].append(state) }
        self.children = children
        var numbers: [String: Int] = [:]
        numbers.reserveCapacity(names.count)
        for state in names.indices { numbers[names[state]] = state }
        self.numbers = numbers
    }

    /// The active states of a started machine's snapshot, by number in the order written: a
    /// configuration, or an error naming the first state that does not exist or the first problem.
    /// A state named twice counts once.
    func configuration(named active: [String]) throws(FSMMachine.RestoreError) -> [Int] {
        var isActive = [Bool](repeating: false, count: names.count)
        for name in active {
            guard let state = numbers[name] else { throw .unknownState(name) }
            isActive[state] = true
        }
        if let problem = problem(with: isActive, below: -1) { throw .notAConfiguration(problem) }
        return isActive.indices.filter { isActive[$0] }
    }

    /// Why the states marked in `isActive` are not a configuration of what lies below `root` (-1:
    /// the whole machine); `nil` when they are one. In this order: nothing active; a state active
    /// without its parent (or outside `root`); below the machine, two top-level states; a state (or
    /// `root`) without exactly one active child, or without one of its regions.
    func problem(with isActive: [Bool], below root: Int) -> String? {
        let active = isActive.indices.filter { isActive[$0] }
        guard !active.isEmpty else { return "no state is active" }
        for state in active where parents[state] != root && (parents[state] < 0 || !isActive[parents[state]]) {
            let parent = parents[state] < 0 ? "the machine" : "'\(names[parents[state]])'"
            return "'\(names[state])' is active without its parent \(parent)"
        }
        if root < 0 {
            let top = active.filter { parents[$0] < 0 }
            if top.count > 1 { return "'\(names[top[0]])' and '\(names[top[1]])' are both active at the top level" }
        } else if let problem = childrenProblem(of: root, isActive) {
            return problem
        }
        for state in active {
            if let problem = childrenProblem(of: state, isActive) { return problem }
        }
        return nil
    }

    /// Why the active children of `state` are wrong: a parallel state needs every region, another
    /// composite state exactly one child; `nil` when they are right (or `state` has no children).
    private func childrenProblem(of state: Int, _ isActive: [Bool]) -> String? {
        let name = names[state]
        if isParallel[state] {
            guard let missing = children[state].first(where: { !isActive[$0] }) else { return nil }
            return "'\(name)' is active without its region '\(names[missing])'"
        }
        guard !children[state].isEmpty else { return nil }
        let active = children[state].filter { isActive[$0] }
        if active.isEmpty { return "'\(name)' is active without an active child" }
        if active.count > 1 { return "'\(name)' has two active children, '\(names[active[0]])' and '\(names[active[1]])'" }
        return nil
    }
}
