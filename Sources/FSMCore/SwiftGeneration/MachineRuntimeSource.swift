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
        "OneLeaf+Transitions": #"""
extension FSMMachine {
    /// An external transition: exits the active states inside `domain` (all of them when it is
    /// `nil`), innermost first; runs the effects; enters the states from just below `domain` down
    // with history: /// to `target`, outermost first, then what lies below `target`: by its `history` when one is
    /// to `target`, outermost first. `target` is a leaf: a transition to a composite state is given
    // with history: /// given (`-> history S`), else by its default entry. Always returns `true`.
    /// the leaf its initial states lead to. Always returns `true`.
    func transition(
        // with history: below domain: StateID?, to target: FSMMachine.State.Type, by history: FSMMachineHistory? = nil, _ actions: any FSMMachineActions, effects: () -> Void = {}
        below domain: StateID?, to target: FSMMachine.State.Type, _ actions: any FSMMachineActions, effects: () -> Void = {}
    ) -> Bool {
        exit(below: domain, actions)
        effects()
        // with history: enter(target, below: domain, by: history, actions)
        enter(target, below: domain, actions)
        return true
    }
    #if FSM_SIBLING

        /// An external transition from `source`, the active leaf, to `target`, a leaf with the same parent
        /// (or `source` itself): exits `source`, runs the effects, enters `target`. What `transition(below:to:)`
        /// does in this case, without walking the hierarchy. Always returns `true`.
        func transition(
            from source: FSMMachine.State.Type, to target: FSMMachine.State.Type, _ actions: any FSMMachineActions,
            effects: () -> Void = {}
        ) -> Bool {
            source.exitOutward(to: source.id.depth - 1, self, actions)
            effects()
            // with machine: target.enterInward(below: target.id.depth - 1, self, actions)
            target.enterInward(below: target.id.depth - 1, actions)
            #if FSM_OBSERVABLE
                // Observers hear of a new configuration only: leaving and entering a state again is none.
                if target != machine.current || target.finishesMachine != machine.isFinished {
                    withMutation(keyPath: \.state) {
                        machine.current = target
                        machine.isFinished = target.finishesMachine
                    }
                }
            #else
                machine.current = target
                machine.isFinished = target.finishesMachine
            #endif
            #if FSM_COMPLETIONS && FSM_RAISE
                // with activities: if let completed = target.completes, isComplete(completed) { machine.internalQueue.append(.completion(completed)) }
                if let completed = target.completes { machine.internalQueue.append(.completion(completed)) }
            #elseif FSM_COMPLETIONS
                // with activities: if let completed = target.completes, isComplete(completed) { machine.completions.append(completed) }
                if let completed = target.completes { machine.completions.append(completed) }
            #endif
            #if FSM_TIMERS
                if target.finishesMachine { cancelAllTimers() }
            #endif
            return true
        }
    #endif
    #if FSM_PUSH

        /// `-> push T`: remembers the innermost active state; a transition to `T` follows.
        @inline(never)
        func push() {
            machine.stack.append(machine.current)
        }
    #endif
    #if FSM_POP

        /// `-> pop` from `source` (`nil`: the machine), when the stack is not empty: a transition to the
        /// state remembered last. Its domain is found at run time, by the rules of `transition`.
        func pop(from source: FSMMachine.State.Type?, _ actions: any FSMMachineActions, effects: () -> Void = {})
            -> Bool
        {
            let target = machine.stack.removeLast()
            var domain: StateID?
            if let source {
                let leaf = target.id
                // The source when the target lies inside it, else its innermost ancestor that contains the target.
                var candidate = leaf != source.id && leaf.lies(in: source.id) ? source.id : source.id.enclosing
                while let state = candidate, !leaf.lies(in: state) { candidate = state.enclosing }
                domain = candidate
            }
            return transition(below: domain, to: target, actions, effects: effects)
        }
    #endif

    /// Exits the active states inside `domain` (all of them when it is `nil`), innermost first.
    #if FSM_HISTORY
        /// A state that records history remembers the active leaf as it is exited. Its exit activities
        /// cannot change the configuration (events they send wait in the queue), so this is the record
        /// taken before any exit activity of the step runs.
    #endif
    @inline(never)
    private func exit(below domain: StateID?, _ actions: any FSMMachineActions) {
        machine.current.exitOutward(to: domain?.depth ?? -1, self, actions)
    }

    #if FSM_HISTORY
        /// Enters `target` from `domain` and makes the leaf state reached the current one.
    #else
        /// Enters `target`, a leaf, from `domain` and makes it the current state.
    #endif
    #if FSM_COMPLETIONS
        /// Entering a leaf may complete a state with completion transitions (the leaf itself, or the
        /// composite whose final child it is): that state waits in `completions` for its turn.
    #endif
    @inline(never)
    // with history: private func enter(_ target: FSMMachine.State.Type, below domain: StateID?, by history: FSMMachineHistory? = nil, _ actions: any FSMMachineActions) {
    private func enter(_ target: FSMMachine.State.Type, below domain: StateID?, _ actions: any FSMMachineActions) {
        // with machine: target.enterInward(below: domain?.depth ?? -1, self, actions)
        target.enterInward(below: domain?.depth ?? -1, actions)
        #if FSM_HISTORY
            // with machine: let leaf = FSMMachineLeafRuntime.enterInside(target, by: history, records: machine.history, self, actions)
            let leaf = FSMMachineLeafRuntime.enterInside(target, by: history, records: machine.history, actions)
        #else
            let leaf = target
        #endif
        #if FSM_OBSERVABLE
            // Observers hear of a new configuration only: leaving and entering a state again is none.
            if leaf != machine.current || leaf.finishesMachine != machine.isFinished {
                withMutation(keyPath: \.state) {
                    machine.current = leaf
                    machine.isFinished = leaf.finishesMachine
                }
            }
        #else
            machine.current = leaf
            machine.isFinished = leaf.finishesMachine
        #endif
        #if FSM_COMPLETIONS && FSM_RAISE
            // with activities: if let completed = leaf.completes, isComplete(completed) { machine.internalQueue.append(.completion(completed)) }
            if let completed = leaf.completes { machine.internalQueue.append(.completion(completed)) }
        #elseif FSM_COMPLETIONS
            // with activities: if let completed = leaf.completes, isComplete(completed) { machine.completions.append(completed) }
            if let completed = leaf.completes { machine.completions.append(completed) }
        #endif
        #if FSM_TIMERS
            if leaf.finishesMachine { cancelAllTimers() }
        #endif
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
    @inline(never)
    func historyRecords(_ records: [String: [String]], recordsHistory: (Int) -> Bool) -> [(state: Int, record: [Int])] {
        // Each record kept is put at its state's number, then read in that order (the dictionary's
        // order is its hash's).
        var keptAt = [[Int]?](repeating: nil, count: names.count)
        for (name, recorded) in records {
            guard let state = number(named: name), recordsHistory(state) else { continue }
            var isRecorded = [Bool](repeating: false, count: names.count)
            var known = true
            for name in recorded {
                guard let number = number(named: name) else {
                    known = false
                    break
                }
                isRecorded[number] = true
            }
            guard known else { continue }
            let recordedStates = marked(isRecorded)
            guard problem(with: isRecorded, recordedStates, below: state) == nil else { continue }
            keptAt[state] = recordedStates
        }
        var kept: [(state: Int, record: [Int])] = []
        for state in keptAt.indices { if let record = keptAt[state] { kept.append((state, record)) } }
        return kept
    }
}
"""#,
        "Snapshot+Stack": #"""
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
"""#,
        "Snapshot+Timers": #"""
extension FSMMachineStateTree {
    /// The armed timers of a snapshot that still fit, in the snapshot's order (the order they were
    /// armed), by timer number, with their remaining time in nanoseconds. `owners` gives each timer's
    /// state by number (-1: the machine's own), its timers numbered in the order written. A timer is
    /// kept when its state is active (a timer of the machine's own: when `machineIsRunning`), it
    /// exists, it is not a second entry of the same timer, and its remaining time is not negative.
    @inline(never)
    func timers(
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
"""#,
        "Snapshot": #"""
/// The machine's states as snapshots name them, with their places in the tree. Made when a snapshot
/// is restored, from the machine's tables; the machine keeps nothing of it.
///
/// Every machine's file has a copy, compiled with it: so the tree is flat lists of numbers walked by
/// plain loops, a state is found by its name by a binary search (no dictionary), and no function is
/// inlined into the machine's initializer. Each generic operation of the standard library used here
/// costs every machine's `swiftc -O` time (fsmc's docs/Performance.md, section 6).
struct FSMMachineStateTree {
    /// By number (the order written): each state's name, its parent's number (-1 at the top level),
    /// whether it is parallel, and how many children it has.
    let names: [String]
    let parents: [Int]
    let isParallel: [Bool]
    let childCounts: [Int]
    /// The states' numbers in the order of their names.
    let byName: [Int]

    /// The tree of states named `names`, with parents `parents` (-1 at the top level); the states
    /// numbered in `parallel` are parallel; `byName` lists the states' numbers in the order of their
    /// names.
    @inline(never)
    init(names: [String], parents: [Int], parallel: [Int], byName: [Int]) {
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

    /// The number of the state named `name`, or `nil` when the machine has none.
    @inline(never)
    func number(named name: String) -> Int? {
        var low = 0
        var high = byName.count
        while low < high {
            let middle = low + (high - low) / 2
            if names[byName[middle]] < name { low = middle + 1 } else { high = middle }
        }
        return low < byName.count && names[byName[low]] == name ? byName[low] : nil
    }

    /// The active states of a started machine's snapshot, by number in the order written: a
    /// configuration, or an error naming the first state that does not exist or the first problem.
    /// A state named twice counts once.
    @inline(never)
    func configuration(named active: [String]) throws(FSMMachine.RestoreError) -> [Int] {
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
    @inline(never)
    func marked(_ marks: [Bool]) -> [Int] {
        var states: [Int] = []
        for state in marks.indices where marks[state] { states.append(state) }
        return states
    }

    /// The states of `configuration` (numbers in the order written) none of whose children is in
    /// it: its leaves, in the order written.
    @inline(never)
    func leaves(of configuration: [Int]) -> [Int] {
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
    @inline(never)
    func problem(with isActive: [Bool], _ active: [Int], below root: Int) -> String? {
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
    @inline(never)
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
"""#,
        "Timers": #"""
/// The armed timers, one per timed transition at most (a state is active once at a time: entering
/// it again cancels its timers first). A timer is a number, its timed transition's place among the
/// machine's; each is due at a deadline. The storage is allocated once, so arming, cancelling and
/// firing a timer allocate nothing. The timer due first is kept up to date as timers are armed and
/// cancelled, so that asking what is due, on every `advanceTime(by:)` and after every timeout, reads
/// two stored values and compares one deadline.
///
/// Times (the machine's time, deadlines) and delays are whole nanoseconds in an `Int64`, counted
/// since the machine was made: adding and comparing them is inlined integer arithmetic, where
/// `Duration`'s operators are calls into the standard library. A `Duration` is converted where it
/// comes in (`advanceTime(by:)`, a delay asked of the actions, the clock's time:
/// ``nanoseconds(_:)``) and where one goes out (`nextTimeout`, the clock's sleep). The language's
/// durations are whole nanoseconds, so nothing is lost on them; a `Duration` with a fraction of a
/// nanosecond is rounded down to a whole one (a clock's time too: a timeout never comes early).
/// An `Int64` of nanoseconds reaches 292 years: time stops at ``lastTime``, and a deadline beyond
/// it is ``never``, which no time reaches.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct FSMMachineTimers {
    /// The machine's time, in nanoseconds since it was made (0 to ``lastTime``): with manual timing
    /// moved only by `advanceTime(by:)`; while a timeout is handled, its deadline (with either timing).
    var now: Int64 = 0
    /// Whether a timeout is being handled: with clock timing, a timer armed meanwhile counts from
    /// its deadline, `now`, not from the clock.
    var isHandlingTimeout = false
    /// By timer: its deadline, meaningful while it is armed; its arming, 0 when it is not armed,
    /// else a number that grows with every arming, which tells a timer armed again from before; and
    /// while it is armed, the timers armed just before and after it (-1 at either end). One array,
    /// written in place (`withUnsafeMutableBufferPointer`: its uniqueness checked once an operation).
    private var slots: [(deadline: Int64, stamp: UInt64, previous: Int, next: Int)]
    /// The armed timers in arming order, a list through `slots`: the first and the last armed, -1
    /// when none is. Arming again moves a timer to the end.
    private var oldest = -1
    private var newest = -1
    private var nextStamp: UInt64 = 1
    /// The armed timer due first (the earliest deadline, and of those the first armed), -1 when
    /// none is armed; and its deadline.
    private var first = -1
    private var firstDeadline: Int64 = 0

    /// The latest time the machine reaches, 2⁶³ − 2 ns (292 years): a later one is this one.
    nonisolated static let lastTime = Int64.max - 1
    /// The deadline of a timer due after ``lastTime``: it is armed, and never due.
    nonisolated static let never = Int64.max

    /// Room for `count` timers, none armed.
    init(count: Int) {
        slots = Array(repeating: (0, 0, -1, -1), count: count)
    }

    /// `duration` in whole nanoseconds, rounded down, ``never`` when it is longer than 292 years;
    /// `nil` when it is negative. Inlined arithmetic on `Duration`'s 128-bit count of attoseconds,
    /// `_high` and `_low`, public stored properties of a frozen type (its `attoseconds`, the same
    /// count as an `Int128`, needs macOS 15; its `components` is a call of some 200 instructions, and
    /// traps when the seconds do not fit an `Int64`). Nonisolated, as the constants, in a machine
    /// isolated to an actor: the clock's closures call it.
    nonisolated static func nanoseconds(_ duration: Swift.Duration) -> Int64? {
        let high = duration._high
        let low = duration._low
        // Under 2⁶⁴ attoseconds (18.4 s), the common case: one division by a constant.
        if high == 0 { return Int64(truncatingIfNeeded: low / 1_000_000_000) }
        guard high > 0 else { return nil }
        // From 500,000,000 × 2⁶⁴ attoseconds, 2⁶³ ns, on: too long for an Int64.
        guard high < 500_000_000 else { return never }
        // high × 2⁶⁴ + low attoseconds, over 10⁹, where 2⁶⁴ = 18,446,744,073 × 10⁹ + 709,551,616.
        let (lowQuotient, lowRemainder) = low.quotientAndRemainder(dividingBy: 1_000_000_000)
        let wholeHigh = UInt64(high)
        let rest = (wholeHigh &* 709_551_616 &+ lowRemainder) / 1_000_000_000
        return Int64(truncatingIfNeeded: wholeHigh &* 18_446_744_073 &+ lowQuotient &+ rest)
    }

    /// The deadline `delay` (not negative) after `time`: ``never`` when it is after ``lastTime``.
    nonisolated static func adding(_ delay: Int64, to time: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(delay)
        return overflow ? never : sum
    }

    /// The time `span` (not negative) after the machine's, at most ``lastTime``.
    func time(after span: Int64) -> Int64 {
        span > Self.lastTime &- now ? Self.lastTime : now &+ span
    }

    /// Whether any timer is armed.
    var isEmpty: Bool { first < 0 }

    /// The arming of `timer` now in force, 0 when it is not armed.
    func stamp(of timer: Int) -> UInt64 { slots[timer].stamp }

    /// Arms `timer` (cancelling its earlier arming, if any) due at `deadline`; returns its stamp.
    @discardableResult
    mutating func arm(_ timer: Int, at deadline: Int64) -> UInt64 {
        // The one bounds check: `slots` is written through a buffer pointer, which has none.
        precondition(timer >= 0 && timer < slots.count, "no timer \(timer)")
        let stamp = nextStamp
        nextStamp += 1
        var ends = (oldest: oldest, newest: newest)
        slots.withUnsafeMutableBufferPointer { slots in
            if slots[timer].stamp != 0 { Self.unlink(timer, in: slots, ends: &ends) }
            slots[timer] = (deadline, stamp, ends.newest, -1)
            if ends.newest >= 0 { slots[ends.newest].next = timer } else { ends.oldest = timer }
            ends.newest = timer
        }
        (oldest, newest) = ends
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
        var ends = (oldest: oldest, newest: newest)
        slots.withUnsafeMutableBufferPointer { slots in
            slots[timer].stamp = 0
            Self.unlink(timer, in: slots, ends: &ends)
        }
        (oldest, newest) = ends
        if timer == first { findFirst() }
    }

    /// Takes `timer` out of the list of armed timers whose ends are `ends`.
    private static func unlink(
        _ timer: Int, in slots: UnsafeMutableBufferPointer<(deadline: Int64, stamp: UInt64, previous: Int, next: Int)>,
        ends: inout (oldest: Int, newest: Int)
    ) {
        let (previous, next) = (slots[timer].previous, slots[timer].next)
        if previous >= 0 { slots[previous].next = next } else { ends.oldest = next }
        if next >= 0 { slots[next].previous = previous } else { ends.newest = previous }
    }

    /// Cancels every timer.
    mutating func cancelAll() {
        var timer = oldest
        while timer >= 0 {
            slots[timer].stamp = 0
            timer = slots[timer].next
        }
        (oldest, newest, first) = (-1, -1, -1)
    }

    /// Finds the timer due first among the armed ones: the earliest deadline, and of those the
    /// first armed, the first met in arming order.
    private mutating func findFirst() {
        first = -1
        var timer = oldest
        while timer >= 0 {
            let slot = slots[timer]
            if first < 0 || slot.deadline < firstDeadline {
                first = timer
                firstDeadline = slot.deadline
            }
            timer = slot.next
        }
    }

    /// The deadline of `timer`, `nil` when it is not armed.
    func deadline(of timer: Int) -> Int64? { slots[timer].stamp == 0 ? nil : slots[timer].deadline }

    /// Whether a timer is due at or before `end`.
    func isDue(upTo end: Int64) -> Bool { first >= 0 && firstDeadline <= end }

    /// The timer due first (the earliest deadline, and of those the first armed), one being armed:
    /// cancels it and moves the machine's time to its deadline, for its timeout.
    mutating func takeFirst() -> Int {
        precondition(first >= 0, "no timer is armed")
        let timer = first
        now = firstDeadline
        disarm(timer)
        return timer
    }

    /// The earliest deadline of an armed timer; `nil` when none is armed.
    var nextDeadline: Int64? { first >= 0 ? firstDeadline : nil }
}

/// A clock, whichever type it has, read as nanoseconds since the machine was made (its time rounded
/// down to a whole nanosecond, see ``FSMMachineTimers``): what a machine with clock timing needs of
/// it. Its own type (`any Clock<Duration>` opened once) is hidden in the two closures.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct FSMMachineClock: Sendable {
    /// The clock's time now, in nanoseconds since the machine was made.
    let elapsed: @Sendable () -> Int64
    /// Sleeps until the clock reaches a time in nanoseconds since the machine was made (throws
    /// when cancelled, if the clock's sleep does).
    let sleep: @Sendable (Int64) async throws -> Void

    init(_ clock: some Swift.Clock<Swift.Duration>) {
        let origin = clock.now
        elapsed = { FSMMachineTimers.nanoseconds(origin.duration(to: clock.now)) ?? 0 }
        sleep = { deadline in try await clock.sleep(until: origin.advanced(by: .nanoseconds(deadline)), tolerance: nil) }
    }
}
"""#,
    ]
}
