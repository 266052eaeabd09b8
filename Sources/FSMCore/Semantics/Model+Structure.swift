/// The state tree and the facts every back end derives from it: where a state sits, which
/// transitions an active state offers, what a transition exits and enters.
///
/// Each rule of sections 4 to 4c of the language lives here once, so that the interpreter, the
/// checks and the emitters cannot drift apart, and a new way of entering or leaving states is added
/// in one place.
///
/// **The machine is the root.** The machine is the root composite state of the tree. Wherever a
/// node of the tree is expected (a transition's source, a domain, a parent) `nil` stands for the
/// machine, and the functions below treat it as the composite it is: its children are
/// ``Model/topLevelStates``, its initial child ``Model/initialState``, its transitions
/// ``Model/machineTransitions``. The machine is not a member of ``Model/states``, so state indices
/// (and the generated `StateID`) stay the states of the file in document order.
///
/// **Configurations are sets.** A configuration is given as the active states in document order
/// (ascending index, since states are stored depth-first). A version-1 machine always has one
/// active leaf and its ancestors, but nothing here assumes it: a parallel state
/// (``Model/State/isParallel``) keeps all its children active, its domain rule and its default entry
/// are the ones of section 4c, and so are the selection of several transitions per event
/// (``selectTransitions(for:in:isEnabled:)``) and the removal of conflicting ones
/// (``removingConflicts(from:in:)``).
extension Model {
    // MARK: - The tree

    /// The children of a node in document order; the top-level states for the machine (`nil`).
    public func children(of node: Int?) -> [Int] {
        node.map { states[$0].children } ?? topLevelStates
    }

    /// The initial child of a composite node; the machine's `initial` state for the machine (`nil`).
    public func initialChild(of node: Int?) -> Int? {
        node.map { states[$0].initial } ?? initialState
    }

    /// The transitions declared in a node's body, in order; the machine's for `nil`.
    public func transitions(declaredIn node: Int?) -> [Transition] {
        node.map { states[$0].transitions } ?? machineTransitions
    }

    /// The states from `index` up to its top-level ancestor, innermost first (the machine, the
    /// root of every chain, is not listed).
    public func ancestry(of index: Int) -> [Int] {
        var chain = [index]
        var current = states[index].parent
        while let parent = current {
            chain.append(parent)
            current = states[parent].parent
        }
        return chain
    }

    /// Whether `descendant` is `node` or lies inside it; every state lies inside the machine (`nil`).
    public func isDescendant(_ descendant: Int, of node: Int?) -> Bool {
        guard let node else { return true }
        var current: Int? = descendant
        while let state = current {
            if state == node { return true }
            current = states[state].parent
        }
        return false
    }

    /// Whether `state` lies inside `node` and is not `node` itself.
    public func isProperDescendant(_ state: Int, of node: Int?) -> Bool {
        state != node && isDescendant(state, of: node)
    }

    /// Whether entering `state` finishes the machine: it is a top-level final state (section 4).
    public func finishesMachine(_ state: Int) -> Bool {
        states[state].isFinal && states[state].parent == nil
    }

    // MARK: - Selection

    /// The event transitions that can handle an event in a leaf state, in the order they are
    /// tried: the leaf's own, then each ancestor's outwards, then the machine's. Completion
    /// transitions are not among them: see ``completionTransitions(of:)``.
    public func candidateTransitions(in leaf: Int) -> [Transition] {
        var candidates: [Transition] = []
        forEachCandidate(in: leaf) { candidates.append($0) }
        return candidates
    }

    /// Calls `body` with each of ``candidateTransitions(in:)`` in turn, walking the tree outwards
    /// without collecting them first (the checks ask for every leaf of the machine).
    private func forEachCandidate(in leaf: Int, _ body: (Transition) -> Void) {
        var node: Int? = leaf
        while let state = node {
            for transition in states[state].transitions where !transition.isCompletion { body(transition) }
            node = states[state].parent
        }
        for transition in machineTransitions where !transition.isCompletion { body(transition) }
    }

    /// The candidates of a leaf that can actually fire: for each event, those up to and including
    /// the first that always fires (``Transition/alwaysFires``): nothing further out is ever tried.
    public func transitionsThatMayFire(in leaf: Int) -> [Transition] {
        var result: [Transition] = []
        var settled = Set<Int>()
        forEachTransitionThatMayFire(in: leaf, settled: &settled) { result.append($0) }
        return result
    }

    /// Calls `body` with each of ``transitionsThatMayFire(in:)`` in turn, without collecting them.
    /// `settled` is scratch space, emptied first: a caller asking for every leaf passes the same
    /// set each time, so its storage is allocated once.
    func forEachTransitionThatMayFire(in leaf: Int, settled: inout Set<Int>, _ body: (Transition) -> Void) {
        settled.removeAll(keepingCapacity: true)
        forEachCandidate(in: leaf) { transition in
            guard let event = transition.event, !settled.contains(event) else { return }
            body(transition)
            if transition.alwaysFires { settled.insert(event) }
        }
    }

    /// The active leaves of a configuration (the active states none of whose children is active),
    /// in document order: one in a machine without parallel states, one per active region else.
    public func activeLeaves(of configuration: [Int]) -> [Int] {
        let active = Set(configuration)
        return configuration.filter { !states[$0].children.contains(where: active.contains) }
    }

    /// The innermost active state that contains every active state (section 5's `unhandledEvent`
    /// state): the only active leaf in a machine without parallel states, else the outermost
    /// active parallel state (or the state containing it, when it has no active child besides).
    /// `nil` only for an empty configuration.
    public func innermostContaining(_ configuration: [Int]) -> Int? {
        let active = Set(configuration)
        var current = topLevelStates.first(where: active.contains)
        while let state = current, !states[state].isParallel,
            let child = states[state].children.first(where: active.contains)
        {
            current = child
        }
        return current
    }

    /// The transitions an event selects in `configuration` (section 4c), in selection order: for
    /// each active leaf in document order, the leaf and then its ancestors outwards (the machine
    /// last) are examined, and the first transition for the event, in written order, for which
    /// `isEnabled` holds is selected for that leaf. Each state (and the machine) is examined at most
    /// once per event: a walk that reaches a state already examined stops there, so `isEnabled`
    /// (the guard) is asked at most once per transition and a common ancestor's transition is
    /// selected once. Without parallel states this is the selection of section 4: at most one.
    ///
    /// `isEnabled` is asked only for a transition being tried, in order: it evaluates the guard
    /// (and says whether a `pop` has a state to return to).
    public func selectTransitions(
        for event: Int, in configuration: [Int], isEnabled: (Transition) -> Bool
    ) -> [Transition] {
        var examined = Set<Int?>()
        var selected: [Transition] = []
        for leaf in activeLeaves(of: configuration) {
            for node in ancestry(of: leaf).map(Optional.some) + [nil] {
                guard examined.insert(node).inserted else { break }
                if let transition = transitions(declaredIn: node).first(where: { $0.event == event && isEnabled($0) }) {
                    selected.append(transition)
                    break
                }
            }
        }
        return selected
    }

    /// The states `transition` exits from `configuration` (section 4c), in exit order: none for an
    /// internal transition; else the active states properly inside its domain. A `pop` transition's
    /// domain depends on the state it returns to, `popping` (``domain(from:to:)``); `pop` never
    /// occurs in a machine with parallel states.
    public func exitSet(of transition: Transition, in configuration: [Int], popping: Int? = nil) -> [Int] {
        switch transition.target {
        case .internal: return []
        case .pop: return exitSet(of: configuration, below: popping.flatMap { domain(from: transition.source, to: $0) })
        case .state, .push, .history: return exitSet(of: configuration, below: transition.domain)
        }
    }

    /// Whether two selected transitions conflict in `configuration` (section 4c): their exit sets
    /// intersect. An internal transition conflicts with none.
    public func conflicts(_ first: Transition, _ second: Transition, in configuration: [Int]) -> Bool {
        !Set(exitSet(of: first, in: configuration)).isDisjoint(with: exitSet(of: second, in: configuration))
    }

    /// The selected transitions that fire (section 4c, SCXML's removeConflictingTransitions), in
    /// selection order: each one in turn, compared with those kept so far that conflict with it,
    /// replaces them all when its source lies properly inside the source of every one of them (the
    /// more specific transition wins), and is dropped otherwise.
    public func removingConflicts(from selected: [Transition], in configuration: [Int]) -> [Transition] {
        var kept: [Transition] = []
        for transition in selected {
            let conflicting = kept.indices.filter { conflicts(transition, kept[$0], in: configuration) }
            let isMoreSpecific = conflicting.allSatisfy { index in
                transition.source.map { isProperDescendant($0, of: kept[index].source) } ?? false
            }
            guard isMoreSpecific else { continue }
            for index in conflicting.reversed() { kept.remove(at: index) }
            kept.append(transition)
        }
        return kept
    }

    /// A state's completion transitions (section 4a), in the order written: only its own, never an
    /// ancestor's.
    public func completionTransitions(of state: Int) -> [Transition] {
        states[state].transitions.filter(\.isCompletion)
    }

    /// Whether a simple state is always left as soon as it is entered: it has a completion
    /// transition that always fires, so no event ever finds it active. A state with an activity
    /// (section 4f) completes only when its activity is done: it waits for it, and handles events
    /// meanwhile.
    public func isLeftOnCompletion(_ state: Int) -> Bool {
        !states[state].isComposite && !states[state].isFinal && states[state].activity == nil
            && completionTransitions(of: state).contains(where: \.alwaysFires)
    }

    /// Whether `state`, active in `configuration`, is complete there (section 4a): a composite state
    /// with an active final child; a parallel state whose children are all complete. (A simple
    /// state completes on entry and is not "complete" afterwards.) A state with an activity (section
    /// 4f) is complete only once its activity is done, as `activityDone` says: by default none is,
    /// as right after its state is entered.
    public func isComplete(
        _ state: Int, in configuration: Set<Int>, activityDone: (Int) -> Bool = { _ in false }
    ) -> Bool {
        guard activityLetsComplete(state, activityDone) else { return false }
        if states[state].isParallel {
            return states[state].children.allSatisfy { isComplete($0, in: configuration, activityDone: activityDone) }
        }
        return states[state].children.contains { states[$0].isFinal && configuration.contains($0) }
    }

    /// Whether `state` has no activity, or one that `activityDone` says returned (section 4f).
    private func activityLetsComplete(_ state: Int, _ activityDone: (Int) -> Bool) -> Bool {
        states[state].activity == nil || activityDone(state)
    }

    /// The states that complete (section 4a) when `entered` are entered in that order, in the order
    /// they complete (entry order, so inner before outer): each simple non-final state, once its
    /// entry activities have run; the parent of each final state (a top-level final state finishes
    /// the machine instead); a parallel state once the last of its regions completes, its regions
    /// being complete in `configuration` (the active states once the step's entries are done). A
    /// state without completion transitions completes to no effect, so a back end may leave it out.
    ///
    /// A state with an activity (section 4f) completes only once its activity is done: a simple
    /// one never on entry (its activity has not even started), the parent of a final state only
    /// when `activityDone` says its activity returned already (by default none did).
    public func completingStates(
        onEntering entered: [Int], in configuration: Set<Int>, activityDone: (Int) -> Bool = { _ in false }
    ) -> [Int] {
        completingStatesByEntry(onEntering: entered, in: configuration, activityDone: activityDone).flatMap(\.self)
    }

    /// ``completingStates(onEntering:in:activityDone:)`` grouped by the entry that completes them:
    /// one list per state of `entered`, in the same order. Where an entry activity raises an event
    /// (section 4e), the interpreter queues the completions of a state's entry after what it raised.
    public func completingStatesByEntry(
        onEntering entered: [Int], in configuration: Set<Int>, activityDone: (Int) -> Bool = { _ in false }
    ) -> [[Int]] {
        var result: [[Int]] = []
        var seen = Set<Int>()
        var notYetEntered = Set(entered)
        for state in entered {
            notYetEntered.remove(state)
            var completed: [Int] = []
            defer { result.append(completed) }
            if !states[state].isFinal {
                if !states[state].isComposite, states[state].activity == nil, seen.insert(state).inserted {
                    completed.append(state)
                }
                continue
            }
            if let parent = states[state].parent, !activityLetsComplete(parent, activityDone) { continue }
            let entered = configuration.subtracting(notYetEntered)
            let parallelCompletes = { self.isComplete($0, in: entered, activityDone: activityDone) }
            for node in statesCompleted(byEntering: state, withParallel: parallelCompletes) {
                guard seen.insert(node).inserted else { break }
                completed.append(node)
            }
        }
        return result
    }

    /// The states that complete (section 4a) when the activity of `state`, active in
    /// `configuration`, returns (section 4f), inner first: none when `state` is not complete then (a
    /// composite state without an active final child, a parallel state with a region not complete);
    /// else `state` (a simple state always), then each parallel state above that is complete with it,
    /// as when a final state is entered. `activityDone` says which activities returned, `state`'s
    /// included.
    public func completingStates(
        onActivityDoneOf state: Int, in configuration: Set<Int>, activityDone: (Int) -> Bool
    ) -> [Int] {
        guard configuration.contains(state), activityLetsComplete(state, activityDone) else { return [] }
        if states[state].isComposite, !isComplete(state, in: configuration, activityDone: activityDone) { return [] }
        return statesCompleted(from: state) { isComplete($0, in: configuration, activityDone: activityDone) }
    }

    /// The states that entering the final state `final` completes, inner first: its parent (none for
    /// a top-level final state), then each parallel state above for which `completes` says every
    /// region has completed (in a configuration, or possibly: the checks ask that).
    func statesCompleted(byEntering final: Int, withParallel completes: (Int) -> Bool) -> [Int] {
        states[final].parent.map { statesCompleted(from: $0, withParallel: completes) } ?? []
    }

    /// `completed`, then each parallel state above it for which `completes` says every region has
    /// completed, inner first.
    private func statesCompleted(from completed: Int, withParallel completes: (Int) -> Bool) -> [Int] {
        var result: [Int] = []
        var node: Int? = completed
        while let completed = node {
            result.append(completed)
            node = states[completed].parent.flatMap { states[$0].isParallel && completes($0) ? $0 : nil }
        }
        return result
    }

    // MARK: - Exits and entries

    /// The domain of an external transition (sections 4 and 4c): the innermost state that properly
    /// contains both source and target and is not a parallel state; the source itself when the
    /// target lies properly inside it and it is not a parallel state (the source is not left); the
    /// machine (`nil`) when the source is the machine or nothing smaller contains both.
    ///
    /// A transition's own domain is computed once, when the model is built: see
    /// ``Transition/domain``. This is for a target known only when the transition fires (`pop`).
    public func domain(from source: Int?, to target: Int) -> Int? {
        guard let source else { return nil }
        if !states[source].isParallel, isProperDescendant(target, of: source) { return source }
        var ancestor = states[source].parent
        while let candidate = ancestor {
            if !states[candidate].isParallel, isProperDescendant(target, of: candidate) { return candidate }
            ancestor = states[candidate].parent
        }
        return nil
    }

    /// The states a transition with this domain exits from `configuration` (document order), in
    /// the order they are exited: every active state properly inside the domain, in reverse
    /// document order (innermost first, the later region first).
    public func exitSet(of configuration: [Int], below domain: Int?) -> [Int] {
        configuration.filter { isProperDescendant($0, of: domain) }.sorted(by: >)
    }

    /// The states entered, in order, when a transition with this domain enters `target`: from just
    /// below the domain down to the target, then what the target's entry enters below it (its
    /// default entry, or its history: ``entry(below:by:history:)``), all in document order
    /// (outermost first). Entering a state inside one region of a parallel state also enters the
    /// parallel state's other regions, each by its default entry.
    ///
    /// `history` gives the states recorded inside a state when it was last exited (``HistoryRecords``);
    /// without records every entry is the default one.
    public func entrySet(
        to target: Int, below domain: Int?, by kind: EntryKind = .default, history: HistoryRecords = HistoryRecords()
    ) -> [Int] {
        var path: [Int] = []
        var current: Int? = target
        while let state = current, state != domain {
            path.append(state)
            current = states[state].parent
        }
        var entered = Set(path)
        // The parallel states above the target: the target's own entry (below) enters its regions,
        // by history when it is entered by history.
        for state in path.dropFirst() where states[state].isParallel {
            for region in states[state].children where !path.contains(where: { isDescendant($0, of: region) }) {
                entered.insert(region)
                entered.formUnion(entry(below: region, by: .default, history: history))
            }
        }
        entered.formUnion(entry(below: target, by: kind, history: history))
        return entered.sorted()
    }

    /// How a state is entered when a transition names it (section 4b).
    public enum EntryKind: Sendable, Hashable {
        /// Its default entry: its initial child (or, with `initial history`, its history).
        case `default`
        /// `-> history S` / `-> deep history S`.
        case history(HistoryKind)

        /// The entry a target asks for: by history for a history target, else the default one.
        public init(_ target: Target) {
            if case .history(_, let kind) = target { self = .history(kind) } else { self = .default }
        }
    }

    /// The states entered below `node` when it is entered `by` the given kind, in document order.
    ///
    /// - The default entry: every child of a parallel state; the initial child of a composite
    ///   state (of the machine, for `nil`), each entered by its own default entry in turn. A state
    ///   with `initial history` is entered by that history instead (the machine's is never used:
    ///   the machine is never exited).
    /// - Shallow history: the children recorded when the state was last exited, each by its
    ///   default entry; deep history: every state recorded inside it. Either falls back to the
    ///   default entry when the state has no record yet, or when its recorded child is a final
    ///   state (the state had completed: UML's rule).
    public func entry(below node: Int?, by kind: EntryKind, history: HistoryRecords = HistoryRecords()) -> [Int] {
        var kind = kind
        if kind == .default, let node, let initialHistory = states[node].initialHistory { kind = .history(initialHistory) }
        if case .history(let historyKind) = kind, let node, let record = history[node],
            !record.contains(where: { states[$0].parent == node && states[$0].isFinal })
        {
            switch historyKind {
            case .deep: return record
            case .shallow:
                return record.filter { states[$0].parent == node }.flatMap {
                    [$0] + entry(below: $0, by: .default, history: history)
                }
            }
        }
        if let node, states[node].isParallel {
            return states[node].children.flatMap { [$0] + entry(below: $0, by: .default, history: history) }
        }
        guard let child = initialChild(of: node) else { return [] }
        return [child] + entry(below: child, by: .default, history: history)
    }

    /// The states the default entry of `node` enters below it, in document order, when no state has
    /// a history record yet: the first entry of every state, and what the checks reason about.
    public func defaultEntry(of node: Int?) -> [Int] { entry(below: node, by: .default) }

    /// The configuration of a machine whose only active leaf is `leaf`: the leaf and its
    /// ancestors, in document order.
    public func configuration(ofLeaf leaf: Int) -> [Int] { ancestry(of: leaf).reversed() }

    /// The leaf entered when `index` is entered by its default entry: its initial child,
    /// recursively.
    public func initialLeaf(of index: Int) -> Int {
        var current = index
        while let initial = states[current].initial { current = initial }
        return current
    }
}

/// What a machine instance remembers for history (section 4b): for each state that records history
/// and has been exited, the states that were active inside it at its last exit, in document order.
/// Its recorded children (the shallow history) are those of them whose parent it is.
public struct HistoryRecords: Sendable, Hashable {
    private var records: [Int: [Int]] = [:]

    public init() {}

    /// The records of a restored snapshot (section 4g), each checked to fit the machine.
    init(restoring records: [Int: [Int]]) { self.records = records }

    /// The states that have a record, in document order.
    public var recordedStates: [Int] { records.keys.sorted() }

    /// The states active inside `state` when it was last exited; `nil` when it has not been.
    public subscript(state: Int) -> [Int]? { records[state] }

    /// Records, for each state of `exiting` that records history, the states of `configuration`
    /// inside it. Called before any exit activity of the step runs.
    public mutating func record(exiting: [Int], from configuration: [Int], in model: Model) {
        for state in exiting where model.states[state].recordsHistory {
            records[state] = configuration.filter { model.isProperDescendant($0, of: state) }
        }
    }
}

extension Model {
    /// Computes the facts stored with the model once its tree is complete: each transition's
    /// ``Transition/domain`` and which states record history (``State/recordsHistory``).
    mutating func computeDerivedFacts() {
        let tree = self
        func withDomain(_ transition: Transition) -> Transition {
            var transition = transition
            transition.domain = transition.target.state.flatMap { tree.domain(from: transition.source, to: $0) }
            return transition
        }
        // Changed as a copy and stored once: each change of `states` makes the model's summary again.
        func withTimedDomain(_ transition: TimedTransition) -> TimedTransition {
            var transition = transition
            transition.domain = transition.target.state.flatMap { tree.domain(from: transition.source, to: $0) }
            return transition
        }
        func withCatchDomain(_ transition: CatchTransition) -> CatchTransition {
            var transition = transition
            transition.domain = transition.target.state.flatMap { tree.domain(from: transition.source, to: $0) }
            return transition
        }
        var states = states
        for index in states.indices {
            states[index].transitions = states[index].transitions.map(withDomain)
            states[index].timedTransitions = states[index].timedTransitions.map(withTimedDomain)
            states[index].catchTransitions = states[index].catchTransitions.map(withCatchDomain)
            if states[index].initialHistory != nil { states[index].recordsHistory = true }
        }
        let catchTargets = states.flatMap { $0.catchTransitions.map(\.target) }
        for target in allTransitions.map(\.target) + allTimedTransitions.map(\.target) + catchTargets {
            if case .history(let state, _) = target { states[state].recordsHistory = true }
        }
        self.states = states
        machineTransitions = machineTransitions.map(withDomain)
        machineTimedTransitions = machineTimedTransitions.map(withTimedDomain)
    }
}
