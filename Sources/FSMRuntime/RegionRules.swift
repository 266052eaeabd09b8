// The general step of a machine with parallel states (section 4c): exit sets, conflicts, entry
// sets, history records and completion, worked out over the machine's tables.

/// How a state is entered by its history: its children active when it was last exited
/// (`shallow`), each by its default entry, or every state active inside it then (`deep`). Frozen:
/// generated machines switch over it, and the language has these two kinds.
@frozen
public enum History: Sendable, Hashable {
    case shallow, deep
}

/// The rules of a step of a machine with parallel states that are not its hot path: what a
/// transition exits and enters when that is not known in advance (history, final states, a
/// transition out of several regions), which selected transitions conflict, the history records,
/// and which states complete. Each machine with regions makes its own once, from its tables;
/// states and transitions are numbers in the order written, -1 standing for the machine.
///
/// Compiled once, here, and never specialised per machine: the general step is the rare one, and
/// its lists are small. The machine runs what the step returns: the exit and entry activities of
/// the states, the effects of the transitions.
public struct RegionRules: Sendable {
    /// A transition as the general step sees it, by number: its source (-1: the machine), its domain
    /// (-1: the machine), its target (-1: an internal transition), and how the target is entered
    /// (`nil`: by its default entry).
    public struct Transition: Sendable, Hashable {
        public let source: Int
        public let domain: Int
        public let target: Int
        public let history: History?

        public init(source: Int, domain: Int, target: Int, history: History? = nil) {
            self.source = source
            self.domain = domain
            self.target = target
            self.history = history
        }
    }

    /// What a step does, worked out before any of it runs: the transitions that fire (in selection
    /// order), the states they exit (reverse document order), the states they enter (document
    /// order), and the configuration once they are entered.
    public struct Step: Sendable, Hashable {
        public let fired: [Int]
        public let exiting: [Int]
        public let entering: [Int]
        public let configuration: [Int]
    }

    /// The machine's states, with their parents and which are parallel.
    public let tree: StateTree
    /// By state number: its initial child (-1: none, or a parallel state), whether it is final,
    /// how its default entry enters it (`initial history`), whether exiting it records history, and
    /// its activity (-1: none).
    public let initial: [Int]
    public let isFinal: [Bool]
    public let initialHistory: [History?]
    public let recordsHistory: [Bool]
    public let activities: [Int]
    /// Each state's children in document order: the regions of a parallel state.
    public let children: [[Int]]
    /// The transitions, by number.
    public let transitions: [Transition]

    /// The rules of the machine of `tree`, whose states' initial children are `initial` (by state
    /// number, -1 for none); the states numbered in `finals` are final, those in `recording` record
    /// their history, `initialHistory` gives the states entered by their history by default, and
    /// `activities` the activity of each state that has one.
    public init(
        tree: StateTree, initial: [Int], finals: [Int] = [], recording: [Int] = [], initialHistory: [Int: History] = [:],
        activities: [Int: Int] = [:], transitions: [Transition] = []
    ) {
        let count = tree.names.count
        self.tree = tree
        self.initial = initial
        var isFinal = [Bool](repeating: false, count: count)
        for state in finals { isFinal[state] = true }
        self.isFinal = isFinal
        var recordsHistory = [Bool](repeating: false, count: count)
        for state in recording { recordsHistory[state] = true }
        self.recordsHistory = recordsHistory
        var kinds = [History?](repeating: nil, count: count)
        for (state, kind) in initialHistory { kinds[state] = kind }
        self.initialHistory = kinds
        var activityOf = [Int](repeating: -1, count: count)
        for (state, activity) in activities { activityOf[state] = activity }
        self.activities = activityOf
        var children = [[Int]](repeating: [], count: count)
        for state in 0..<count where tree.parents[state] >= 0 { children[tree.parents[state]].append(state) }
        self.children = children
        self.transitions = transitions
    }

    // MARK: - The tree

    /// Whether `state` lies inside `node` and is not `node`; every state lies inside the machine (-1).
    public func isProperDescendant(_ state: Int, of node: Int) -> Bool {
        guard node >= 0 else { return true }
        var ancestor = tree.parents[state]
        while ancestor >= 0 {
            if ancestor == node { return true }
            ancestor = tree.parents[ancestor]
        }
        return false
    }

    // MARK: - The step

    /// The step for the transitions `selected` (by number, in selection order) in `configuration`
    /// (state numbers, document order): drops those that conflict, records the history of the
    /// states exited in `records` (by state number: the states active inside it, document order),
    /// and works out the exits and entries of the others together, the entries by their history
    /// where a transition asks for it or a state has `initial history`.
    public func step(selected: [Int], in configuration: [Int], records: inout [Int: [Int]]) -> Step {
        step(selected, configuration, &records)
    }

    /// The step of a machine without history: as `step(selected:in:records:)`, with no records.
    public func step(selected: [Int], in configuration: [Int]) -> Step {
        var records: [Int: [Int]] = [:]
        return step(selected, configuration, &records)
    }

    private func step(_ selected: [Int], _ configuration: [Int], _ records: inout [Int: [Int]]) -> Step {
        let fired = removingConflicts(selected, in: configuration)
        var isExiting = [Bool](repeating: false, count: tree.names.count)
        for number in fired {
            for state in exitSet(of: number, in: configuration) { isExiting[state] = true }
        }
        let exiting = Array(tree.marked(isExiting).reversed())
        record(exiting: exiting, in: configuration, into: &records)
        var isEntering = [Bool](repeating: false, count: tree.names.count)
        for number in fired {
            for state in entrySet(of: number, records: records) { isEntering[state] = true }
        }
        let entering = tree.marked(isEntering)
        var isActive = isEntering
        for state in configuration where !isExiting[state] { isActive[state] = true }
        return Step(fired: fired, exiting: exiting, entering: entering, configuration: tree.marked(isActive))
    }

    /// The active states transition `number` exits: none for an internal one, else those inside its
    /// domain.
    public func exitSet(of number: Int, in configuration: [Int]) -> [Int] {
        let transition = transitions[number]
        guard transition.target >= 0 else { return [] }
        return configuration.filter { isProperDescendant($0, of: transition.domain) }
    }

    /// The transitions of `selected` that fire, in selection order: each in turn replaces the ones
    /// kept so far whose exit sets meet its own when its source lies inside the source of every one
    /// of them (the more specific wins), and is dropped otherwise.
    public func removingConflicts(_ selected: [Int], in configuration: [Int]) -> [Int] {
        var kept: [Int] = []
        for number in selected {
            let source = transitions[number].source
            let exits = exitSet(of: number, in: configuration)
            let conflicting = kept.indices.filter { index in
                exitSet(of: kept[index], in: configuration).contains { exits.contains($0) }
            }
            let isMoreSpecific = conflicting.allSatisfy { index in
                source >= 0 && isProperDescendant(source, of: transitions[kept[index]].source)
            }
            guard isMoreSpecific else { continue }
            for index in conflicting.reversed() { kept.remove(at: index) }
            kept.append(number)
        }
        return kept
    }

    /// The states transition `number` enters, in document order: none for an internal one; else
    /// from just below its domain down to its target, the other regions of the parallel states on
    /// the way by their default entry, then what the target's entry enters below it (by the
    /// transition's history, or the target's default entry).
    public func entrySet(of number: Int, records: [Int: [Int]]) -> [Int] {
        let transition = transitions[number]
        guard transition.target >= 0 else { return [] }
        var path: [Int] = []
        var current = transition.target
        while current >= 0 && current != transition.domain {
            path.append(current)
            current = tree.parents[current]
        }
        var entered = path
        for state in path.dropFirst() where tree.isParallel[state] {
            for region in children[state] where !path.contains(region) {
                entered += [region] + entry(below: region, by: nil, records: records)
            }
        }
        entered += entry(below: transition.target, by: transition.history, records: records)
        return entered.sorted()
    }

    /// The states entered below `node`, in document order: by its history when `history` is given
    /// or it has `initial history`, if it has a record and the child recorded is not a final state
    /// (shallow: the recorded children, each by its default entry; deep: every recorded state);
    /// else by its default entry: every region of a parallel state, the initial child of another.
    public func entry(below node: Int, by history: History?, records: [Int: [Int]]) -> [Int] {
        if let kind = history ?? initialHistory[node], let record = records[node],
            !record.contains(where: { isFinal[$0] && tree.parents[$0] == node })
        {
            switch kind {
            case .deep: return record
            case .shallow:
                return record.filter { tree.parents[$0] == node }.flatMap { [$0] + entry(below: $0, by: nil, records: records) }
            }
        }
        if tree.isParallel[node] { return children[node].flatMap { [$0] + entry(below: $0, by: nil, records: records) } }
        let child = initial[node]
        guard child >= 0 else { return [] }
        return [child] + entry(below: child, by: nil, records: records)
    }

    /// Records, for each state of `exiting` that records history, the states of `configuration`
    /// inside it.
    public func record(exiting: [Int], in configuration: [Int], into records: inout [Int: [Int]]) {
        for state in exiting where recordsHistory[state] {
            records[state] = configuration.filter { isProperDescendant($0, of: state) }
        }
    }

    // MARK: - Completion

    /// Whether `state`, active in `configuration`, is complete: a state whose activity (when it has
    /// one, `activities` given) is not done is not; a parallel state is when all its regions are;
    /// another composite state with an active final child is.
    public func isComplete(_ state: Int, in configuration: [Int], activities table: ActivityTable? = nil) -> Bool {
        if let table, activities[state] >= 0, !table.isDone(activities[state]) { return false }
        if tree.isParallel[state] { return children[state].allSatisfy { isComplete($0, in: configuration, activities: table) } }
        return configuration.contains { isFinal[$0] && tree.parents[$0] == state }
    }

    /// Whether `state`, active in `configuration`, is complete for its completion transitions: a
    /// simple state once its activity, if it has one, is done; a composite state as `isComplete` says.
    public func completes(_ state: Int, in configuration: [Int], activities table: ActivityTable? = nil) -> Bool {
        guard tree.childCounts[state] == 0 else { return isComplete(state, in: configuration, activities: table) }
        guard let table, activities[state] >= 0 else { return true }
        return table.isDone(activities[state])
    }

    /// The states that complete when the activity of `state`, active in `configuration`, is done, in
    /// order: `state` when it completes then, and each parallel state around it that it completes in
    /// turn.
    public func completingStates(whenActivityOf state: Int, in configuration: [Int], activities table: ActivityTable) -> [Int] {
        var result: [Int] = []
        var completed = completes(state, in: configuration, activities: table) ? state : -1
        while completed >= 0 {
            result.append(completed)
            let parent = tree.parents[completed]
            completed =
                parent >= 0 && tree.isParallel[parent] && completes(parent, in: configuration, activities: table) ? parent : -1
        }
        return result
    }

    /// The states that complete when `entering` are entered, in the order they complete: each simple
    /// non-final state without an activity; the parent of each final state, and each parallel state
    /// above it once its last region completes (counting the states entered so far), unless its
    /// activity is not done. `configuration` is the configuration once all of `entering` are
    /// entered; `activities`, the machine's activities when it has any.
    public func completingStates(
        onEntering entering: [Int], in configuration: [Int], activities table: ActivityTable? = nil
    ) -> [Int] {
        var result: [Int] = []
        for position in entering.indices {
            appendCompletingStates(onEntering: entering, at: position, in: configuration, activities: table, to: &result)
        }
        return result
    }

    /// The states that complete when `entering[position]` is entered, after those before it, appended
    /// to `result`, which holds the states that completed on entering those.
    public func appendCompletingStates(
        onEntering entering: [Int], at position: Int, in configuration: [Int], activities table: ActivityTable? = nil,
        to result: inout [Int]
    ) {
        let state = entering[position]
        if !isFinal[state] {
            if tree.childCounts[state] == 0 && activities[state] < 0 { result.append(state) }
            return
        }
        let notYetEntered = entering[(position + 1)...]
        let enteredSoFar = configuration.filter { !notYetEntered.contains($0) }
        var completed = tree.parents[state]
        while completed >= 0, table.map({ activities[completed] < 0 || $0.isDone(activities[completed]) }) ?? true,
            !result.contains(completed)
        {
            result.append(completed)
            let parent = tree.parents[completed]
            completed =
                parent >= 0 && tree.isParallel[parent] && isComplete(parent, in: enteredSoFar, activities: table) ? parent : -1
        }
    }
}
