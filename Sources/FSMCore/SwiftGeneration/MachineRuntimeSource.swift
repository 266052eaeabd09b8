// Generated from Sources/MachineRuntime/Runtime by `make golden`. Do not edit: edit the run-time
// code there (Sources/MachineRuntime/README.md).
// swift-format-ignore-file

/// The run-time code of generated machines, as written in Sources/MachineRuntime/Runtime.
enum MachineRuntimeSource {
    /// Each file's text by its name, without the header comment.
    static let files: [String: String] = [
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
    #if FSM_BELOW
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
    #endif
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
            #if FSM_COMPLETIONS
                // with activities: if let completed = target.completes, isComplete(completed) { machine.steps.complete(completed) }
                if let completed = target.completes { machine.steps.complete(completed) }
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

    #if FSM_BELOW
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
    #endif

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
        #if FSM_COMPLETIONS
            // with activities: if let completed = leaf.completes, isComplete(completed) { machine.steps.complete(completed) }
            if let completed = leaf.completes { machine.steps.complete(completed) }
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
    ]
}
