// Generated from Sources/MachineRuntime/Runtime by `make golden`. Do not edit: edit the run-time
// code there (Sources/MachineRuntime/README.md).
// swift-format-ignore-file

/// The run-time code of generated machines, as written in Sources/MachineRuntime/Runtime.
enum MachineRuntimeSource {
    /// Each file's text by its name, without the header comment.
    static let files: [String: String] = [
        "Activities": #"""
/// The activities of a machine, one per state with `do /`, numbered in document order. An activity
/// belongs to one entry of its state (its stamp): entering the state makes it pending, the end of
/// that step starts it, exiting the state ends it, and an outcome counts only for the entry that
/// started it. The storage is allocated once.
struct FSMMachineActivities {
    /// Where an activity is.
    enum Phase: Equatable {
        /// Its state is not active, or its activity ended by throwing: nothing to wait for.
        case idle
        /// Its state was entered in the step being processed: it starts when the step is over.
        case pending
        /// Started, with no outcome yet.
        case running
        /// It returned: its state may complete.
        case done
    }

    private var phases: [Phase]
    /// Each activity's entry: a number that grows with every entry of any state with an activity.
    private var stamps: [UInt64]
    private var nextStamp: UInt64 = 1
    /// Whether some activity is pending.
    private(set) var hasPending = false

    /// Room for `count` activities, none started.
    init(count: Int) {
        phases = [Phase](repeating: .idle, count: count)
        stamps = [UInt64](repeating: 0, count: count)
    }

    /// Where `activity` is.
    func phase(of activity: Int) -> Phase { phases[activity] }

    /// Whether `activity` returned (for the entry of its state now active).
    func isDone(_ activity: Int) -> Bool { phases[activity] == .done }

    /// The entry `activity` belongs to.
    func stamp(of activity: Int) -> UInt64 { stamps[activity] }

    /// Its state was entered: the activity starts when the step is over.
    mutating func entered(_ activity: Int) {
        phases[activity] = .pending
        stamps[activity] = nextStamp
        nextStamp += 1
        hasPending = true
    }

    /// Its state is exited: returns whether the activity was running (its task is to be cancelled).
    /// Whatever it returns or throws from now on is discarded.
    mutating func exited(_ activity: Int) -> Bool {
        let wasRunning = phases[activity] == .running
        phases[activity] = .idle
        stamps[activity] = 0
        return wasRunning
    }

    /// The end of a step: the pending activities, in document order, now running.
    mutating func startPending() -> [Int] {
        hasPending = false
        var started: [Int] = []
        for activity in phases.indices where phases[activity] == .pending {
            phases[activity] = .running
            started.append(activity)
        }
        return started
    }

    /// An outcome of `activity` started for the entry `stamp`: returns whether it counts (its state
    /// is still in that entry and the activity running), and if so records it: done when it returned,
    /// idle when it threw.
    mutating func ended(_ activity: Int, stamp: UInt64, threw: Bool) -> Bool {
        guard phases[activity] == .running, stamps[activity] == stamp else { return false }
        phases[activity] = threw ? .idle : .done
        return true
    }

    /// The running activities, in document order.
    var running: [Int] { phases.indices.filter { phases[$0] == .running } }
}
"""#,
        "FixedList": #"""
extension FSMMachineRuntime {
    /// Room for `capacity` elements, allocated once: steps rewrite the configuration, the leaves and
    /// the selection in place, without an array's checks that it is unshared and has room. A list
    /// is never shared; its elements (state classes, numbers) are trivial; `elements` is read only
    /// while the list's count is unchanged.
    final class FixedList<Element> {
        /// Its own memory, freed with it; `nonisolated(unsafe)` so that `deinit` may free it.
        nonisolated(unsafe) private let storage: UnsafeMutablePointer<Element>
        private let capacity: Int
        private(set) var count = 0

        init(_ elements: [Element], capacity: Int) {
            storage = .allocate(capacity: capacity)
            self.capacity = capacity
            replace(with: elements)
        }

        deinit { storage.deallocate() }

        /// The elements, to read, or to replace one by another in place.
        var elements: UnsafeMutableBufferPointer<Element> { .init(start: storage, count: count) }

        func removeAll() { count = 0 }

        func append(_ element: Element) {
            precondition(count < capacity, "a FixedList is full")
            (storage + count).initialize(to: element)
            count += 1
        }

        func replace(with elements: [Element]) {
            removeAll()
            for element in elements { append(element) }
        }
    }
}
"""#,
        "OneLeaf+History": #"""
extension FSMMachineLeafRuntime {
    /// Enters what lies below `state`, which has just been entered, and returns the leaf reached.
    /// By its history when `history` is given or `state` has `initial history`, if it has a record
    /// and the child recorded is not a final state (that child had completed `state`): shallow
    /// history enters the recorded child, deep history every recorded state down to the recorded
    /// leaf. Otherwise by its default entry: its initial child. A child entered is in turn entered
    /// by its own default entry, which may be its `initial history`. `records` are the machine's
    /// history records: given as an argument, so that no access to the machine's state spans the
    /// entry activities this calls.
    @inline(never)
    static func enterInside(
        _ state: FSMMachine.State.Type, by history: FSMMachineHistory?,
        // with machine: records: [FSMMachine.StateID: FSMMachine.State.Type], _ machine: FSMMachine, _ actions: any FSMMachineActions
        records: [FSMMachine.StateID: FSMMachine.State.Type], _ actions: any FSMMachineActions
    ) -> FSMMachine.State.Type {
        var state = state
        var history = history
        while true {
            if let kind = history ?? state.initialHistory, let recorded = records[state.id],
                !(recorded.isFinal && recorded.parent?.id == state.id)
            {
                switch kind {
                case .deep:
                    // with machine: recorded.enterInward(below: state.id.depth, machine, actions)
                    recorded.enterInward(below: state.id.depth, actions)
                    return recorded
                case .shallow:
                    var child = recorded
                    while let parent = child.parent, parent.id != state.id { child = parent }
                    // with machine: child.enterInward(below: state.id.depth, machine, actions)
                    child.enterInward(below: state.id.depth, actions)
                    state = child
                }
            } else if let child = state.initial {
                // with machine: child.enterInward(below: state.id.depth, machine, actions)
                child.enterInward(below: state.id.depth, actions)
                state = child
            } else {
                return state
            }
            history = nil
        }
    }
}
"""#,
        "Regions+Completion": #"""
extension FSMMachineRuntime {
    /// Whether `state`, active in `configuration`, is complete: a parallel state whose regions are
    /// all complete; another composite state with an active final child.
    static func isComplete(
        // with activities: _ state: FSMMachine.State.Type, in configuration: some Collection<FSMMachine.State.Type>, activities: FSMMachineActivities
        _ state: FSMMachine.State.Type, in configuration: some Collection<FSMMachine.State.Type>
    ) -> Bool {
        // with activities: if let activity = state.activity, !activities.isDone(activity) { return false } else if state.isParallel { return state.regions.allSatisfy { isComplete($0, in: configuration, activities: activities) } }
        if state.isParallel { return state.regions.allSatisfy { isComplete($0, in: configuration) } }
        return configuration.contains { $0.isFinal && $0.parent?.number == state.number }
    }

    /// The states that complete when `entering` are entered, in the order they complete: each simple
    /// non-final state; the parent of each final state, and each parallel state above it once its
    /// last region completes (counting the states entered so far).
    func completingStates(onEntering entering: [FSMMachine.State.Type]) -> [FSMMachine.State.Type] {
        var result: [FSMMachine.State.Type] = []
        for position in entering.indices {
            // with activities: Self.appendCompletingStates(onEntering: entering, at: position, in: configuration, activities: activities, to: &result)
            Self.appendCompletingStates(onEntering: entering, at: position, in: configuration, to: &result)
        }
        return result
    }

    /// The states that complete when `entering[position]` is entered, after those before it, appended
    /// to `result`, which holds the states that completed on entering those; `configuration` is the
    /// configuration once all of `entering` are entered.
    static func appendCompletingStates(
        onEntering entering: [FSMMachine.State.Type], at position: Int,
        // with activities: in configuration: some Collection<FSMMachine.State.Type>, activities: FSMMachineActivities, to result: inout [FSMMachine.State.Type]
        in configuration: some Collection<FSMMachine.State.Type>, to result: inout [FSMMachine.State.Type]
    ) {
        let state = entering[position]
        if !state.isFinal {
            // with activities: if !state.isComposite && state.activity == nil { result.append(state) }
            if !state.isComposite { result.append(state) }
            return
        }
        let notYetEntered = entering[(position + 1)...]
        let enteredSoFar = configuration.filter { active in !notYetEntered.contains { $0.number == active.number } }
        var completed = state.parent
        // with activities: while let node = completed, node.activity.map(activities.isDone) ?? true, !result.contains(where: { $0.number == node.number }) {
        while let node = completed, !result.contains(where: { $0.number == node.number }) {
            result.append(node)
            // with activities: completed = node.parent.flatMap { $0.isParallel && isComplete($0, in: enteredSoFar, activities: activities) ? $0 : nil }
            completed = node.parent.flatMap { $0.isParallel && isComplete($0, in: enteredSoFar) ? $0 : nil }
        }
    }
}
"""#,
        "Regions+DefaultEntry": #"""
extension FSMMachineRuntime {
    /// The states the default entry of `node` enters below it, in document order: every region of a
    /// parallel state, the initial child of another, each by its own default entry.
    func entry(below node: FSMMachine.State.Type) -> [FSMMachine.State.Type] {
        if node.isParallel { return node.regions.flatMap { [$0] + entry(below: $0) } }
        guard let child = node.initial else { return [] }
        return [child] + entry(below: child)
    }
}
"""#,
        "Regions+Descendants": #"""
extension FSMMachineRuntime {
    /// Whether `state` lies inside `node` and is not `node`; every state lies inside the machine (`nil`).
    static func isProperDescendant(_ state: FSMMachine.State.Type, of node: FSMMachine.State.Type?) -> Bool {
        guard let node else { return true }
        var ancestor = state.parent
        while let current = ancestor {
            if current.number == node.number { return true }
            ancestor = current.parent
        }
        return false
    }
}
"""#,
        "Regions+DirectStep": #"""
extension FSMMachineRuntime {
    /// Drops the selected transitions that conflict, in place (section 4c): each in turn, in
    /// selection order, replaces the ones kept so far whose exits meet its own when its source lies
    /// inside the source of every one of them (the more specific wins), and is dropped otherwise.
    mutating func removeConflicts() {
        if selectedCount < 2 { return }
        var kept = 0
        for index in 0..<selectedCount {
            let number = selected[index]
            let step = FSMMachineTransition.step(number)
            var isMoreSpecific = true
            for other in 0..<kept {
                let earlier = FSMMachineTransition.step(selected[other])
                if earlier.exits.overlaps(step.exits) && !earlier.insideSource.contains(step.source) {
                    isMoreSpecific = false
                    break
                }
            }
            guard isMoreSpecific else { continue }
            var count = 0
            for other in 0..<kept where !FSMMachineTransition.step(selected[other]).exits.overlaps(step.exits) {
                selected[count] = selected[other]
                count += 1
            }
            selected[count] = number
            kept = count + 1
        }
        selectedCount = kept
    }

    /// Whether the state numbered `state` is exited by a selected transition.
    func isExited(_ state: Int) -> Bool {
        for index in 0..<selectedCount where FSMMachineTransition.step(selected[index]).exits.contains(state) { return true }
        return false
    }

    /// Puts the selected transitions in document order of their domains (apart once conflicts are
    /// dropped), so that their entries, taken in turn, are in document order.
    mutating func sortSelectedByExits() {
        if selectedCount < 2 { return }
        for index in 0..<selectedCount {
            var position = index
            let number = selected[index]
            let start = FSMMachineTransition.step(number).exits.lowerBound
            while position > 0 && FSMMachineTransition.step(selected[position - 1]).exits.lowerBound > start {
                selected[position] = selected[position - 1]
                position -= 1
            }
            selected[position] = number
        }
    }

    /// Starts replacing the active states numbered in `range`: the new configuration and leaves
    /// start with the states before them.
    mutating func beginReplacing(_ range: Range<Int>) {
        var start = 0
        while start < configuration.count && configuration[start].number < range.lowerBound { start += 1 }
        var end = start
        while end < configuration.count && range.contains(configuration[end].number) { end += 1 }
        var leaf = 0
        while leaf < leaves.count && leaves[leaf].number < range.lowerBound { leaf += 1 }
        var leafEnd = leaf
        while leafEnd < leaves.count && range.contains(leaves[leafEnd].number) { leafEnd += 1 }
        newConfiguration.removeAll()
        for index in 0..<start { newConfiguration.append(configuration[index]) }
        newLeaves.removeAll()
        for index in 0..<leaf { newLeaves.append(leaves[index]) }
        rest = (end, leafEnd)
    }

    /// Starts replacing every active state (a transition whose domain is the machine).
    mutating func beginReplacingAll() {
        newConfiguration.removeAll()
        newLeaves.removeAll()
        rest = (configuration.count, leaves.count)
    }

    /// Ends the replacement: the states after the range follow, and the new configuration and
    /// leaves become the machine's (the old ones keep their storage for the next step).
    mutating func endReplacing() {
        for index in rest.configuration..<configuration.count { newConfiguration.append(configuration[index]) }
        for index in rest.leaves..<leaves.count { newLeaves.append(leaves[index]) }
        swap(&configurationList, &newConfiguration)
        swap(&leafList, &newLeaves)
    }
}
"""#,
        "Regions+GeneralStep": #"""
extension FSMMachineRuntime {
    /// The active states `transition` exits: none for an internal one, else those inside its domain.
    func exitSet(of transition: FSMMachineTransition) -> [FSMMachine.State.Type] {
        guard transition.target != nil else { return [] }
        return configuration.filter { Self.isProperDescendant($0, of: transition.domain) }
    }

    /// The selected transitions that fire, in selection order: each in turn replaces the ones kept
    /// so far whose exit sets meet its own when its source lies inside the source of every one of
    /// them (the more specific wins), and is dropped otherwise.
    func removingConflicts() -> [Int] {
        var kept: [Int] = []
        for number in selected[..<selectedCount] {
            let transition = FSMMachineTransition.numbered(number)
            let exits = exitSet(of: transition)
            let conflicting = kept.indices.filter { index in
                exitSet(of: .numbered(kept[index])).contains { state in exits.contains { $0.number == state.number } }
            }
            let isMoreSpecific = conflicting.allSatisfy { index in
                transition.source.map { Self.isProperDescendant($0, of: FSMMachineTransition.numbered(kept[index]).source) }
                    ?? false
            }
            guard isMoreSpecific else { continue }
            for index in conflicting.reversed() { kept.remove(at: index) }
            kept.append(number)
        }
        return kept
    }

    /// The states entered when a transition with this domain enters `target`, in document order:
    /// from just below the domain down to the target, the other regions of the parallel states on
    /// the way with what `defaultEntry` enters below each, then `belowTarget`, what the target's
    /// entry enters below it (by its default entry, or by its history).
    func entrySet(
        to target: FSMMachine.State.Type, below domain: FSMMachine.State.Type?, belowTarget: [FSMMachine.State.Type],
        defaultEntry: (FSMMachine.State.Type) -> [FSMMachine.State.Type]
    ) -> [FSMMachine.State.Type] {
        var path: [FSMMachine.State.Type] = []
        var current: FSMMachine.State.Type? = target
        while let state = current, state.number != domain?.number {
            path.append(state)
            current = state.parent
        }
        var entered = path
        for state in path.dropFirst() where state.isParallel {
            for region in state.regions where !path.contains(where: { $0.number == region.number }) {
                entered += [region] + defaultEntry(region)
            }
        }
        entered += belowTarget
        return entered.sorted { $0.number < $1.number }
    }
}
"""#,
        "Regions+History": #"""
extension FSMMachineRuntime {
    /// The states entered below `node`, in document order: by its history when `history` is given
    /// or it has `initial history`, if it has a record and the child recorded is not a final state
    /// (shallow: the recorded children, each by its default entry; deep: every recorded state);
    /// else by its default entry: every region of a parallel state, the initial child of another.
    func entry(below node: FSMMachine.State.Type, by history: FSMMachineHistory?) -> [FSMMachine.State.Type] {
        if let kind = history ?? node.initialHistory, let record = self.history[node.number],
            !record.contains(where: { $0.isFinal && $0.parent?.number == node.number })
        {
            switch kind {
            case .deep: return record
            case .shallow:
                return record.filter { $0.parent?.number == node.number }.flatMap { [$0] + entry(below: $0, by: nil) }
            }
        }
        if node.isParallel { return node.regions.flatMap { [$0] + entry(below: $0, by: nil) } }
        guard let child = node.initial else { return [] }
        return [child] + entry(below: child, by: nil)
    }

    /// Records, for each state of `exiting` that records history, the active states inside it.
    mutating func record(exiting: [FSMMachine.State.Type]) {
        for state in exiting where state.recordsHistory {
            history[state.number] = configuration.filter { Self.isProperDescendant($0, of: state) }
        }
    }
}
"""#,
        "Regions": #"""
extension FSMMachineRuntime {
    /// Starts a selection: nothing selected, nothing examined yet.
    mutating func beginSelection() {
        selectedCount = 0
        selectedExternal = false
        selection &+= 1
    }

    /// Marks a state (by `number`; the machine's is the last) examined; `false` when it already was.
    mutating func examine(_ number: Int) -> Bool {
        if examined[number] == selection { return false }
        examined[number] = selection
        return true
    }

    /// Selects a transition (by number), external when it has a target. Always `true`: the handler
    /// that selects it is done.
    mutating func select(_ number: Int, isExternal: Bool = false) -> Bool {
        selected[selectedCount] = number
        selectedCount += 1
        if isExternal { selectedExternal = true }
        return true
    }

    /// Whether every selected transition passes `test`.
    func allSelected(_ test: (Int) -> Bool) -> Bool {
        for index in 0..<selectedCount where !test(selected[index]) { return false }
        return true
    }

    /// A local transition's target takes its source's place among the active states and leaves.
    mutating func replaceLeaf(_ source: FSMMachine.State.Type, by target: FSMMachine.State.Type) {
        if let index = configuration.firstIndex(where: { $0 == source }) { configuration[index] = target }
        if let index = leaves.firstIndex(where: { $0 == source }) { leaves[index] = target }
    }

    /// Whether `state` is active.
    func isActive(_ state: FSMMachine.State.Type) -> Bool { configuration.contains { $0.number == state.number } }

    /// The innermost active state that contains every active state: the first active state,
    /// then down through its active child as long as it is not a parallel state. In document
    /// order, the active child of a state that is not parallel comes right after it.
    var innermostContaining: FSMMachine.StateID {
        var index = 0
        while index + 1 < configuration.count, !configuration[index].isParallel,
            configuration[index + 1].parent == configuration[index]
        {
            index += 1
        }
        return configuration[index].id
    }
}
"""#,
        "Snapshot+History": #"""
extension FSMMachineStateTree {
    /// The history records of a snapshot that still fit, by their states' numbers, in the order
    /// written: the record of a state that exists and records history (`recordsHistory`), all of
    /// whose states exist and are a configuration of what lies below it. Any other is dropped whole.
    func historyRecords(_ records: [String: [String]], recordsHistory: (Int) -> Bool) -> [(state: Int, record: [Int])] {
        var kept: [(state: Int, record: [Int])] = []
        for (name, recorded) in records {
            guard let state = numbers[name], recordsHistory(state) else { continue }
            var isRecorded = [Bool](repeating: false, count: names.count)
            var known = true
            for name in recorded {
                guard let number = numbers[name] else {
                    known = false
                    break
                }
                isRecorded[number] = true
            }
            guard known, problem(with: isRecorded, below: state) == nil else { continue }
            kept.append((state, isRecorded.indices.filter { isRecorded[$0] }))
        }
        return kept.sorted { $0.state < $1.state }
    }
}
"""#,
        "Snapshot+Stack": #"""
extension FSMMachineStateTree {
    /// The `push` stack of a snapshot, bottom first, by number: the entries that name a state without
    /// children (a state that can be the active leaf), in their order; the others are dropped.
    func stack(_ entries: [String]) -> [Int] {
        entries.compactMap { name in numbers[name].flatMap { children[$0].isEmpty ? $0 : nil } }
    }
}
"""#,
        "Snapshot+Timers": #"""
extension FSMMachineStateTree {
    /// The armed timers of a snapshot that still fit, in the snapshot's order (the order they were
    /// armed), by timer number, with their remaining time in nanoseconds. `owners` gives each timer's
    /// state by number (-1: the machine's own), its timers numbered in the order written. A timer is
    /// kept when its state is active (a timer of the machine's own: when `machineIsRunning`), it
    /// exists, it is not a second entry of the same timer, and its remaining time is not negative.
    func timers(
        _ entries: [(state: String?, index: Int, remainingNanoseconds: Int64)], owners: [Int], isActive: [Bool],
        machineIsRunning: Bool
    ) -> [(timer: Int, remaining: Int64)] {
        var firstTimer: [Int: Int] = [:]
        for timer in owners.indices.reversed() { firstTimer[owners[timer]] = timer }
        var kept: [(timer: Int, remaining: Int64)] = []
        var isKept = [Bool](repeating: false, count: owners.count)
        for entry in entries {
            let owner: Int
            if let name = entry.state {
                guard let state = numbers[name], isActive[state] else { continue }
                owner = state
            } else {
                guard machineIsRunning else { continue }
                owner = -1
            }
            // An index past the machine's timers is compared before it is added: `first + index`
            // could overflow (a snapshot's index may be as large as `Int.max`).
            guard let first = firstTimer[owner], entry.index >= 0, entry.index < owners.count - first,
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
"""#,
        "Snapshot": #"""
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
        var children = [[Int]](repeating: [], count: names.count)
        for state in parents.indices where parents[state] >= 0 { children[parents[state]].append(state) }
        self.children = children
        var numbers: [String: Int] = [:]
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
"""#,
        "Timers": #"""
/// The armed timers, one per timed transition at most (a state is active once at a time: entering
/// it again cancels its timers first). A timer is a number, its timed transition's place among the
/// machine's; each is due at a deadline, a duration since the machine was made. The storage is
/// allocated once, so arming, cancelling and firing a timer allocate nothing. The timer due first is
/// kept up to date as timers are armed and cancelled, so that asking what is due, on every
/// `advanceTime(by:)` and after every timeout, reads two stored values and compares one deadline.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct FSMMachineTimers {
    /// The machine's time, as a duration since it was made: with manual timing moved only by
    /// `advanceTime(by:)`; while a timeout is handled, its deadline (with either timing).
    var now: Swift.Duration = .zero
    /// Whether a timeout is being handled: with clock timing, a timer armed meanwhile counts from
    /// its deadline, `now`, not from the clock.
    var isHandlingTimeout = false
    /// Each timer's deadline, meaningful while it is armed, and its arming: 0 when it is not armed,
    /// else a number that grows with every arming, which orders timers with the same deadline and
    /// tells a timer armed again from before. By number; one array, so that arming writes one.
    private var slots: [(deadline: Swift.Duration, stamp: UInt64)]
    /// The armed timers' numbers, in no order.
    private var armed: [Int]
    private var nextStamp: UInt64 = 1
    /// The armed timer due first (the earliest deadline, and of those the first armed), -1 when
    /// none is armed; and its deadline.
    private var first = -1
    private var firstDeadline: Swift.Duration = .zero

    /// Room for `count` timers, none armed.
    init(count: Int) {
        slots = Array(repeating: (.zero, 0), count: count)
        armed = []
        armed.reserveCapacity(count)
    }

    /// Whether any timer is armed.
    var isEmpty: Bool { first < 0 }

    /// The arming of `timer` now in force, 0 when it is not armed.
    func stamp(of timer: Int) -> UInt64 { slots[timer].stamp }

    /// Arms `timer` (cancelling its earlier arming, if any) due at `deadline`; returns its stamp.
    @discardableResult
    mutating func arm(_ timer: Int, at deadline: Swift.Duration) -> UInt64 {
        if slots[timer].stamp == 0 { armed.append(timer) }
        let stamp = nextStamp
        slots[timer] = (deadline, stamp)
        nextStamp += 1
        if timer == first {
            findFirst()  // armed again: its deadline moved
        } else if first < 0 || deadline < firstDeadline {
            first = timer  // the latest arming: first only when strictly earlier
            firstDeadline = deadline
        }
        return stamp
    }

    /// Cancels `timer`; returns whether it was armed. Small enough to be inlined where it is
    /// called: a timer is often cancelled when it is not armed (its timeout just came, and its
    /// transition exits its state).
    @discardableResult
    mutating func cancel(_ timer: Int) -> Bool {
        guard slots[timer].stamp != 0 else { return false }
        disarm(timer)
        return true
    }

    /// Cancels `timer`, which is armed.
    @inline(never)
    private mutating func disarm(_ timer: Int) {
        slots[timer].stamp = 0
        if let position = armed.firstIndex(of: timer) {
            armed[position] = armed[armed.count - 1]
            armed.removeLast()
        }
        if timer != first {
            return
        } else if armed.isEmpty {
            first = -1
        } else {
            findFirst()
        }
    }

    /// Cancels every timer.
    mutating func cancelAll() {
        for timer in armed { slots[timer].stamp = 0 }
        armed.removeAll(keepingCapacity: true)
        first = -1
    }

    /// Finds the timer due first among the armed ones.
    private mutating func findFirst() {
        first = -1
        var position = 0
        while position < armed.count {
            let timer = armed[position]
            position += 1
            if first >= 0 {
                let slot = slots[timer]
                if firstDeadline < slot.deadline || (firstDeadline == slot.deadline && slots[first].stamp < slot.stamp) {
                    continue
                }
            }
            first = timer
            firstDeadline = slots[timer].deadline
        }
    }

    /// The deadline of `timer`, `nil` when it is not armed.
    func deadline(of timer: Int) -> Swift.Duration? { slots[timer].stamp == 0 ? nil : slots[timer].deadline }

    /// The timer due first, if it is due at or before `end`: the earliest deadline, and of those
    /// the first armed.
    func due(upTo end: Swift.Duration) -> (timer: Int, deadline: Swift.Duration)? {
        first >= 0 && firstDeadline <= end ? (first, firstDeadline) : nil
    }

    /// The earliest deadline of an armed timer; `nil` when none is armed.
    var nextDeadline: Swift.Duration? { first >= 0 ? firstDeadline : nil }
}

/// A clock, whichever type it has, read as durations since the machine was made: what a machine
/// with clock timing needs of it. Its own type (`any Clock<Duration>` opened once) is hidden in
/// the two closures.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct FSMMachineClock: Sendable {
    /// The clock's time now, since the machine was made.
    let elapsed: @Sendable () -> Swift.Duration
    /// Sleeps until the clock reaches a time since the machine was made (throws when cancelled,
    /// if the clock's sleep does).
    let sleep: @Sendable (Swift.Duration) async throws -> Void

    init(_ clock: some Swift.Clock<Swift.Duration>) {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleep = { deadline in try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil) }
    }
}
"""#,
    ]
}
