// Generated from Sources/FSMRuntime by `make golden`. Do not edit: edit the runtime there.
// swift-format-ignore-file

/// FSMRuntime's sources, which `fsmc runtime -o DIR` writes: each file's name and text.
enum RuntimeSources {
    static let files: [(name: String, text: String)] = [
        ("Activities.swift", #"""
// Activities (section 4f): how a machine runs them, where each activity is from its state's entry
// to its outcome, and the tasks of a machine's running activities and clock timers.

/// How a machine with activities (`do /`) runs them. Every such machine names it as its own
/// (`M.Activities`).
///
/// - `tasks`: each activity runs as a task on the machine's actor, started after the step that
///   entered its state and cancelled when the state is exited.
/// - `manual`: the machine never calls the activities; its `runningActivities` lists those that
///   would run, and a test ends each with `finishActivity(of:)` or `failActivity(of:with:)`.
/// Frozen, as `Timing` is.
@frozen
public enum Activities: Sendable {
    case tasks
    case manual
}

/// The activities of a machine, one per state with `do /`, numbered in document order. An activity
/// belongs to one entry of its state (its stamp): entering the state makes it pending, the end of
/// that step starts it, exiting the state ends it, and an outcome counts only for the entry that
/// started it. The storage is allocated once.
@frozen
public struct ActivityTable {
    /// Where an activity is.
    @frozen
    public enum Phase: Equatable, Sendable {
        /// Its state is not active, or its activity ended by throwing: nothing to wait for.
        case idle
        /// Its state was entered in the step being processed: it starts when the step is over.
        case pending
        /// Started, with no outcome yet.
        case running
        /// It returned: its state may complete.
        case done
    }

    @usableFromInline var phases: [Phase]
    /// Each activity's entry: a number that grows with every entry of any state with an activity.
    @usableFromInline var stamps: [UInt64]
    @usableFromInline var nextStamp: UInt64 = 1
    @usableFromInline var _hasPending = false
    /// Whether some activity is pending.
    @inlinable public var hasPending: Bool { _hasPending }

    /// Room for `count` activities, none started.
    @inlinable
    public init(count: Int) {
        phases = [Phase](repeating: .idle, count: count)
        stamps = [UInt64](repeating: 0, count: count)
    }

    /// Where `activity` is.
    @inlinable
    public func phase(of activity: Int) -> Phase { phases[activity] }

    /// Whether `activity` returned (for the entry of its state now active).
    @inlinable
    public func isDone(_ activity: Int) -> Bool { phases[activity] == .done }

    /// The entry `activity` belongs to.
    @inlinable
    public func stamp(of activity: Int) -> UInt64 { stamps[activity] }

    /// Its state was entered: the activity starts when the step is over.
    @inlinable
    public mutating func entered(_ activity: Int) {
        phases[activity] = .pending
        stamps[activity] = nextStamp
        nextStamp += 1
        _hasPending = true
    }

    /// Its state is exited: returns whether the activity was running (its task is to be cancelled).
    /// Whatever it returns or throws from now on is discarded.
    @inlinable
    public mutating func exited(_ activity: Int) -> Bool {
        let wasRunning = phases[activity] == .running
        phases[activity] = .idle
        stamps[activity] = 0
        return wasRunning
    }

    /// The end of a step: the pending activities, in document order, now running.
    @inlinable
    public mutating func startPending() -> [Int] {
        _hasPending = false
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
    @inlinable
    public mutating func ended(_ activity: Int, stamp: UInt64, threw: Bool) -> Bool {
        guard phases[activity] == .running, stamps[activity] == stamp else { return false }
        phases[activity] = threw ? .idle : .done
        return true
    }

    /// The running activities, in document order.
    public var running: [Int] { phases.indices.filter { phases[$0] == .running } }

    /// `activity`, the activity of `state` (`nil` when it has none), and the stamp of its entry, for a
    /// test that ends it by hand with `function` (`finishActivity(of:)`, `failActivity(of:with:)`).
    /// Stops the program when the machine's activities run as tasks (`runsTasks`), when a step is
    /// being processed (`inStep`: called from one of the actions), or when the activity is not running.
    @inlinable
    public func endedByHand<State>(
        _ activity: Int?, of state: State, _ function: StaticString, runsTasks: Bool, inStep: Bool
    ) -> (activity: Int, stamp: UInt64) {
        precondition(!runsTasks, "\(function) on a machine whose activities run as tasks")
        precondition(!inStep, "\(function) from inside a guard or an action")
        guard let activity, phases[activity] == .running else {
            preconditionFailure("\(function): no activity of \(state) is running")
        }
        return (activity, stamps[activity])
    }
}

/// The tasks of a machine, by number: one per armed timer of a machine with clock timing, or one per
/// running activity. Freed with the machine, cancelling its tasks then: no task outlives the machine.
/// Used on the machine's actor only.
public final class TaskTable {
    @exclusivity(unchecked) @usableFromInline var tasks: [Task<Void, Never>?]

    /// Room for `count` tasks, none started.
    public init(count: Int) { tasks = [Task<Void, Never>?](repeating: nil, count: count) }

    deinit { for task in tasks { task?.cancel() } }

    /// `task` is the one of `number` now (the one before, if any, is cancelled).
    @inlinable
    public func start(_ number: Int, _ task: Task<Void, Never>) {
        tasks[number]?.cancel()
        tasks[number] = task
    }

    /// Cancels the task of `number`, if any.
    @inlinable
    public func cancel(_ number: Int) {
        tasks[number]?.cancel()
        tasks[number] = nil
    }

    /// The task of `number` ended by itself.
    @inlinable
    public func ended(_ number: Int) {
        tasks[number] = nil
    }

    /// Cancels every task.
    public func cancelAll() {
        for number in tasks.indices { cancel(number) }
    }
}
"""#),
        ("FSMRuntime.swift", #"""
// FSMRuntime, version 4: the run-time library of the state machines that fsmc generates.
//
// A generated file holds what is specific to its machine: its actions protocol, the machine class,
// `StateID`, `Event`, one class per state and the machine's tables. What is the same for every
// machine is here, compiled once: the types machines share (`Snapshot`, `RestoreError`, `Timing`,
// `Activities`), the order of run to completion (`StepQueue`), the general step of a machine with
// parallel states over its tables (`RegionRules`), and the bookkeeping of timers, activities, their
// tasks and the checks of a restore.
// It imports nothing but the standard library (docs/Runtime.md).

/// The version of FSMRuntime that a generated file needs: the file names this type, so compiling
/// it against a runtime of another version fails with an error that names the version it needs.
/// A later runtime that cannot run version-4 files declares it unavailable, with a message saying so.
public enum Version4 {}
"""#),
        ("FixedList.swift", #"""
// The storage of a machine with parallel states: its configuration, its leaves and its selection
// (Regions.swift), rewritten in place on every event.

/// Room for `capacity` elements, allocated once and freed with the list: a machine's step rewrites
/// its configuration, its leaves and its selection in place, without an array's checks that its
/// storage is unshared and has room.
///
/// Noncopyable, so it is never shared and never copied: a machine's storage holds it inline, and
/// the code that reads it, `@inlinable`, is optimised with the machine (a class here, of another
/// module, was checked for exclusive access at every use: docs/Performance.md section 7).
/// ``elements`` is valid while the list is neither changed in length nor moved: read it, or
/// replace one element by another through it, and let it go.
@frozen
public struct FixedList<Element>: ~Copyable {
    /// The elements, the first ``count`` initialized.
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    /// How many elements fit.
    public let capacity: Int
    @usableFromInline var _count = 0

    /// An empty list with room for `capacity` elements.
    @inlinable
    public init(capacity: Int) {
        storage = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// A list of `elements`, with room for `capacity`.
    @inlinable
    public init(_ elements: [Element], capacity: Int) {
        self.init(capacity: capacity)
        replace(with: elements)
    }

    /// A list of `count` elements, each `element`, with no room for more.
    @inlinable
    public init(repeating element: Element, count: Int) {
        self.init(capacity: count)
        storage.initialize(repeating: element, count: count)
        _count = count
    }

    @inlinable
    deinit {
        storage.deinitialize(count: _count)
        storage.deallocate()
    }

    /// How many elements the list has.
    @inlinable
    public var count: Int { _count }

    /// The elements, to read, or to replace one by another in place.
    @inlinable
    public var elements: UnsafeMutableBufferPointer<Element> { .init(start: storage, count: _count) }

    /// Empties the list; its room stays.
    @inlinable
    public mutating func removeAll() {
        storage.deinitialize(count: _count)
        _count = 0
    }

    /// Adds `element` at the end: there must be room.
    @inlinable
    public mutating func append(_ element: Element) {
        precondition(_count < capacity, "a FixedList is full")
        (storage + _count).initialize(to: element)
        _count += 1
    }

    /// Makes `elements` the list's: there must be room.
    @inlinable
    public mutating func replace(with elements: [Element]) {
        removeAll()
        for element in elements { append(element) }
    }
}
"""#),
        ("RegionRules.swift", #"""
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
"""#),
        ("Regions.swift", #"""
// The hot path of a machine with parallel states (section 4c): its configuration and leaves, the
// selection (each state examined once per event) and the direct step (conflicts, exits and the new
// configuration worked out from ranges of state numbers, in place). The general step is RegionRules.

/// What a machine with parallel states changes on every event: its configuration and its active
/// leaves, the transitions selected for the event, and the configuration the direct step builds.
///
/// `State` is what names one of the machine's states (its state classes' metatype). What the type
/// needs to know of a state, it is handed as a closure by the machine's file (a state's number in
/// document order, whether it is parallel, its parent), and a transition's direct step (the states
/// it exits when active, its source, the states inside its source) as the file's table, so that one
/// type serves every machine. Every member is `@inlinable`: the machine's file is optimised with
/// it, the closures and the table inlined, as if the code were written there.
///
/// Noncopyable, like its lists (``FixedList``): the machine's storage holds it inline and is never
/// copied. Allocates only when it is made: a selection and a direct step rewrite it in place.
@frozen
public struct Regions<State>: ~Copyable {
    /// The active states in document order (before the machine starts, the ones it will enter).
    public var configurationList: FixedList<State>
    /// The active leaves in document order: the active state of each active region.
    public var leafList: FixedList<State>
    /// The configuration and the leaves a direct step builds (``beginReplacing(_:number:)``, then the
    /// states entered appended, then ``endReplacing()``), kept from one step to the next for their
    /// storage.
    public var newConfiguration: FixedList<State>
    public var newLeaves: FixedList<State>
    /// Where the states after those being replaced start, in the configuration and the leaves.
    @usableFromInline var rest = (configuration: 0, leaves: 0)
    /// The transitions selected for the event or completion being processed, by number, in order:
    /// the first `selectedCount` of its room.
    @usableFromInline let selectedList: FixedList<Int>
    @usableFromInline var _selectedCount = 0
    @usableFromInline var _selectedExternal = false
    /// For each state (by number) and, last, the machine: the selection in which it was last
    /// examined. A state examined in the current selection is not examined again.
    @usableFromInline let examinedList: FixedList<Int>
    @usableFromInline var selection = 0

    /// A machine of `states` states whose configuration is `configuration` with the leaves
    /// `leaves`, that selects `selecting` transitions at most for an event (one per active leaf), and
    /// builds new configurations in place when `replacing` (it has direct steps).
    @inlinable
    public init(configuration: [State], leaves: [State], states: Int, selecting: Int, replacing: Bool = true) {
        configurationList = FixedList(configuration, capacity: states)
        leafList = FixedList(leaves, capacity: states)
        newConfiguration = FixedList(capacity: replacing ? states : 0)
        newLeaves = FixedList(capacity: replacing ? states : 0)
        selectedList = FixedList(repeating: 0, count: selecting)
        examinedList = FixedList(repeating: 0, count: states + 1)
    }

    /// The active states in document order, to read, or to replace one by another in place.
    @inlinable
    public var configuration: UnsafeMutableBufferPointer<State> { configurationList.elements }

    /// The active leaves in document order, to read, or to replace one by another in place.
    @inlinable
    public var leaves: UnsafeMutableBufferPointer<State> { leafList.elements }

    // MARK: The selection

    /// How many transitions are selected.
    @inlinable
    public var selectedCount: Int { _selectedCount }

    /// The transitions selected, by number, in order.
    @inlinable
    public var selected: UnsafeMutableBufferPointer<Int> { .init(start: selectedList.storage, count: _selectedCount) }

    /// Whether a selected transition has a target: without one, nothing is exited or entered.
    @inlinable
    public var selectedExternal: Bool { _selectedExternal }

    /// Starts a selection: nothing selected, nothing examined yet.
    @inlinable
    public mutating func beginSelection() {
        _selectedCount = 0
        _selectedExternal = false
        selection &+= 1
    }

    /// Marks a state (by number; the machine's is the last) examined; `false` when it already was.
    @inlinable
    public mutating func examine(_ number: Int) -> Bool {
        let examined = examinedList.storage
        if examined[number] == selection { return false }
        examined[number] = selection
        return true
    }

    /// Selects a transition (by number), external when it has a target. Always `true`: the handler
    /// that selects it is done.
    @inlinable
    public mutating func select(_ number: Int, isExternal: Bool = false) -> Bool {
        selectedList.storage[_selectedCount] = number
        _selectedCount += 1
        if isExternal { _selectedExternal = true }
        return true
    }

    /// Whether every selected transition passes `test`.
    @inlinable
    public func allSelected(_ test: (Int) -> Bool) -> Bool {
        let selected = selectedList.storage
        for index in 0..<_selectedCount where !test(selected[index]) { return false }
        return true
    }

    /// A local transition's target takes its source's place (the state that `isSource`) among the
    /// active states and leaves.
    @inlinable
    public mutating func replaceLeaf(where isSource: (State) -> Bool, by target: State) {
        let configuration = configuration
        if let index = configuration.firstIndex(where: isSource) { configuration[index] = target }
        let leaves = leaves
        if let index = leaves.firstIndex(where: isSource) { leaves[index] = target }
    }

    /// The innermost active state that contains every active state: the first active state, then
    /// down through its active child as long as it is not a parallel state (`isParallel`; `isChild`
    /// says whether a state is the child of another). In document order, the active child of a
    /// state that is not parallel comes right after it.
    @inlinable
    public func innermostContaining(isParallel: (State) -> Bool, isChild: (State, State) -> Bool) -> State {
        let configuration = configuration
        var index = 0
        while index + 1 < configuration.count, !isParallel(configuration[index]),
            isChild(configuration[index + 1], configuration[index])
        {
            index += 1
        }
        return configuration[index]
    }

    // MARK: The direct step

    /// Drops the selected transitions that conflict, in place (section 4c): each in turn, in
    /// selection order, replaces the ones kept so far whose exits meet its own when its source lies
    /// inside the source of every one of them (the more specific wins), and is dropped otherwise.
    /// `step` is the machine's table of direct steps, by transition number.
    @inlinable
    public mutating func removeConflicts(
        _ step: (Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>)
    ) {
        if _selectedCount < 2 { return }
        let selected = selectedList.storage
        var kept = 0
        for index in 0..<_selectedCount {
            let number = selected[index]
            let transition = step(number)
            var isMoreSpecific = true
            for other in 0..<kept {
                let earlier = step(selected[other])
                if earlier.exits.overlaps(transition.exits) && !earlier.insideSource.contains(transition.source) {
                    isMoreSpecific = false
                    break
                }
            }
            guard isMoreSpecific else { continue }
            var count = 0
            for other in 0..<kept where !step(selected[other]).exits.overlaps(transition.exits) {
                selected[count] = selected[other]
                count += 1
            }
            selected[count] = number
            kept = count + 1
        }
        _selectedCount = kept
    }

    /// Whether the state numbered `state` is exited by a selected transition.
    @inlinable
    public func isExited(
        _ state: Int, _ step: (Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>)
    ) -> Bool {
        let selected = selectedList.storage
        for index in 0..<_selectedCount where step(selected[index]).exits.contains(state) { return true }
        return false
    }

    /// Puts the selected transitions in document order of their domains (apart once conflicts are
    /// dropped), so that their entries, taken in turn, are in document order.
    @inlinable
    public mutating func sortSelectedByExits(
        _ step: (Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>)
    ) {
        if _selectedCount < 2 { return }
        let selected = selectedList.storage
        for index in 0..<_selectedCount {
            var position = index
            let number = selected[index]
            let start = step(number).exits.lowerBound
            while position > 0 && step(selected[position - 1]).exits.lowerBound > start {
                selected[position] = selected[position - 1]
                position -= 1
            }
            selected[position] = number
        }
    }

    /// Starts replacing the active states numbered in `range` (`number` gives a state's number): the
    /// new configuration and leaves start with the states before them.
    @inlinable
    public mutating func beginReplacing(_ range: Range<Int>, number: (State) -> Int) {
        let configuration = configuration
        let leaves = leaves
        var start = 0
        while start < configuration.count && number(configuration[start]) < range.lowerBound { start += 1 }
        var end = start
        while end < configuration.count && range.contains(number(configuration[end])) { end += 1 }
        var leaf = 0
        while leaf < leaves.count && number(leaves[leaf]) < range.lowerBound { leaf += 1 }
        var leafEnd = leaf
        while leafEnd < leaves.count && range.contains(number(leaves[leafEnd])) { leafEnd += 1 }
        newConfiguration.removeAll()
        for index in 0..<start { newConfiguration.append(configuration[index]) }
        newLeaves.removeAll()
        for index in 0..<leaf { newLeaves.append(leaves[index]) }
        rest = (end, leafEnd)
    }

    /// Replaces the active states numbered in `range` (`number` gives a state's number) by one leaf:
    /// the direct step of a transition that enters its target alone, a leaf.
    @inlinable
    public mutating func replace(_ range: Range<Int>, byLeaf leaf: State, number: (State) -> Int) {
        beginReplacing(range, number: number)
        newConfiguration.append(leaf)
        newLeaves.append(leaf)
        endReplacing()
    }

    /// Starts replacing every active state (a transition whose domain is the machine).
    @inlinable
    public mutating func beginReplacingAll() {
        newConfiguration.removeAll()
        newLeaves.removeAll()
        rest = (configuration.count, leaves.count)
    }

    /// Ends the replacement: the states after the range follow, and the new configuration and
    /// leaves become the machine's (the old ones keep their storage for the next step).
    @inlinable
    public mutating func endReplacing() {
        let configuration = configuration
        let leaves = leaves
        for index in rest.configuration..<configuration.count { newConfiguration.append(configuration[index]) }
        for index in rest.leaves..<leaves.count { newLeaves.append(leaves[index]) }
        swap(&configurationList, &newConfiguration)
        swap(&leafList, &newLeaves)
    }
}
"""#),
        ("Snapshot+History.swift", #"""
// Snapshots (section 4g) of a machine with history: the records that still fit.

extension StateTree {
    /// The history records of a snapshot that still fit, by their states' numbers, in the order
    /// written: the record of a state that exists and records history (`recordsHistory`), all of
    /// whose states exist and are a configuration of what lies below it. Any other is dropped whole.
    public func historyRecords(_ records: [String: [String]], recordsHistory: (Int) -> Bool) -> [(state: Int, record: [Int])] {
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
"""#),
        ("Snapshot+Stack.swift", #"""
// Snapshots (section 4g) of a machine with `push`: the stack entries that still fit.

extension StateTree {
    /// The `push` stack of a snapshot, bottom first, by number: the entries that name a state without
    /// children (a state that can be the active leaf), in their order; the others are dropped.
    public func stack(_ entries: [String]) -> [Int] {
        var stack: [Int] = []
        for name in entries { if let state = number(named: name), childCounts[state] == 0 { stack.append(state) } }
        return stack
    }
}
"""#),
        ("Snapshot+Timers.swift", #"""
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
"""#),
        ("Snapshot.swift", #"""
// Snapshots (section 4g of the language): the value a machine is saved as, the error a restore
// throws, and the checks of a snapshot against the machine's tree of states.

/// A snapshot of a machine between steps: its configuration, history records, `push` stack and
/// armed timers, states named as written. Every machine names it as its own (`M.Snapshot`), so the
/// snapshots of an app's machines are one type: encode one (e.g. with `JSONEncoder`) to keep it, and
/// make a machine from it again with the machine's `init(actions:restoring:)`. fsmc's interpreter
/// (`fsmc simulate`, `fsmc preview`) saves and restores this same value.
///
/// Encoded with `JSONEncoder` (and `.sortedKeys`), every key is always written, an empty list or
/// object when there is nothing, but for the `state` of a timer of the machine's own, which is
/// absent. Names are the states' names as written, so a snapshot survives a machine edited since,
/// as far as it still fits.
public struct Snapshot: Codable, Sendable, Hashable {
    /// The name of the machine it was taken from.
    public var machine: String
    /// Whether the machine had started.
    public var started: Bool
    /// Whether the machine had finished; when restoring, this follows from `activeStates`.
    public var finished: Bool
    /// Every active state, in the order written; empty when the machine had not started.
    public var activeStates: [String]
    /// For each state whose history was recorded: the states active inside it when it was last exited.
    public var history: [String: [String]]
    /// The states remembered by `-> push`, the last one on top.
    public var stack: [String]
    /// The armed timers, in the order they were armed.
    public var timers: [ArmedTimer]

    /// An armed timer: the state whose timed transition it is (`nil` for the machine's own), the
    /// transition's place among that state's timed transitions in the order written, and the time
    /// left until it is due.
    public struct ArmedTimer: Codable, Sendable, Hashable {
        /// The state whose timed transition it is; `nil` (no key in the JSON) for the machine's own.
        public var state: String?
        /// Its place among that state's (or the machine's) timed transitions, `after` and `every`
        /// together, in the order written, from 0.
        public var index: Int
        /// How long until it is due, in nanoseconds: its deadline minus now, never negative.
        public var remainingNanoseconds: Int64

        public init(state: String?, index: Int, remainingNanoseconds: Int64) {
            self.state = state
            self.index = index
            self.remainingNanoseconds = remainingNanoseconds
        }
    }

    public init(
        machine: String, started: Bool, finished: Bool, activeStates: [String], history: [String: [String]] = [:],
        stack: [String] = [], timers: [ArmedTimer] = []
    ) {
        self.machine = machine
        self.started = started
        self.finished = finished
        self.activeStates = activeStates
        self.history = history
        self.stack = stack
        self.timers = timers
    }
}

/// Why a snapshot cannot be restored: it does not fit the machine. Every machine names it as its
/// own (`M.RestoreError`), and its restoring initializer throws it.
public enum RestoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot is of another machine, named so.
    case otherMachine(String)
    /// The snapshot says the machine had not started, yet it names active states.
    case activeStatesBeforeStart
    /// The snapshot names a state the machine does not have.
    case unknownState(String)
    /// The snapshot's active states are not a configuration of the machine, for this reason.
    case notAConfiguration(String)

    public var description: String {
        switch self {
        case .otherMachine(let name):
            "the snapshot is of machine '\(name)', not of the machine restoring it"
        case .activeStatesBeforeStart:
            "the snapshot says that its machine has not started, yet it names active states"
        case .unknownState(let name):
            "the snapshot names the state '\(name)', which the machine does not have"
        case .notAConfiguration(let reason):
            "the snapshot's active states are not a configuration of the machine: \(reason)"
        }
    }
}
"""#),
        ("StateTree.swift", #"""
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
"""#),
        ("StepQueue.swift", #"""
// Run to completion (sections 4a, 4e): the order in which a machine processes what its steps
// cause, decided here for every machine.

/// The run-to-completion loop's queues and their order (sections 4a and 4e of the language), the
/// same for every machine: a machine processes one step at a time, and what a step causes waits here
/// until the step is over.
///
/// After each step (the machine's start, an event, a timeout, an activity's outcome), ``next(takingSent:)``
/// hands the machine, in this order:
/// 1. the **internal queue**, first in, first out: events raised by `raise`, and states that completed
///    (their completion transitions), what each causes joining the end of the queue;
/// 2. ``Work/endOfStep``, once the internal queue is empty: the step is over (the machine starts the
///    activities of the states it entered);
/// 3. the next **event sent** while the machine was busy (from a guard, an action, an activity's
///    code), in the order they were sent, each a step of its own followed by its own 1 and 2.
///
/// `Event` is the machine's queued event (an event with its arguments), `State` what names one of its
/// states (its state classes' metatype). A machine keeps one of these in its storage and reads or
/// writes it between calls of its actions, never across one.
@frozen
public struct StepQueue<Event, State> {
    /// What the machine processes next.
    @frozen
    public enum Work {
        /// An event raised by `raise` during a step.
        case raised(Event)
        /// A state that completed during a step: its completion transitions are tried, if it still is complete.
        case completion(State)
        /// The step and everything in its internal queue are done.
        case endOfStep
        /// An event sent while the machine was busy.
        case sent(Event)
    }

    /// Whether the machine is processing a step: events sent meanwhile wait (``send(_:)``).
    public var isRunning = false
    /// How many items wait, in both queues: what a machine reads after every step.
    @usableFromInline var waiting = 0
    /// The internal queue, raised events and completions (`.raised` and `.completion` only), and the
    /// first of them not yet handed out.
    @usableFromInline var internalItems: [Work] = []
    @usableFromInline var nextInternal = 0
    /// The events sent while the machine was busy, and the first of them not yet handed out.
    @usableFromInline var sentEvents: [Event] = []
    @usableFromInline var firstUnsent = 0
    /// Whether ``Work/endOfStep`` has been handed out for the step being finished.
    @usableFromInline var stepEnded = false

    @inlinable
    public init() {}

    /// Whether nothing waits: no raised event, completion or sent event.
    @inlinable
    public var isEmpty: Bool { waiting == 0 }

    /// `event` was sent while the machine was busy: it is processed after the step, and after the
    /// events sent before it.
    @inlinable
    public mutating func send(_ event: Event) {
        sentEvents.append(event)
        waiting &+= 1
    }

    /// `raise event`: it joins the internal queue.
    @inlinable
    public mutating func raise(_ event: Event) {
        internalItems.append(.raised(event))
        waiting &+= 1
    }

    /// `state` completed: its completion joins the internal queue.
    @inlinable
    public mutating func complete(_ state: State) {
        internalItems.append(.completion(state))
        waiting &+= 1
    }

    /// What the machine processes next, in the order the type's documentation gives; `nil` once
    /// nothing waits. With `takingSent` false, the events sent wait for a later step: `nil` follows
    /// the step's ``Work/endOfStep`` (the machine's start, which the step of the event that started
    /// it follows).
    @inlinable
    public mutating func next(takingSent: Bool = true) -> Work? {
        if let item = Self.take(from: &internalItems, first: &nextInternal) {
            waiting &-= 1
            return item
        }
        if !stepEnded {
            stepEnded = true
            return .endOfStep
        }
        // Without `takingSent` the events sent wait. A loop that reads them reads them to the end,
        // where `nextSent()` empties their storage.
        if takingSent, let event = nextSent() {
            stepEnded = false
            return .sent(event)
        }
        stepEnded = false
        return nil
    }

    /// The next event sent while the machine was busy, or `nil` once none waits: the order of
    /// ``next(takingSent:)`` for a machine whose steps cause nothing else — it never raises an
    /// event, has no completion transition and no activity, so its internal queue stays empty and
    /// the end of a step has nothing to start. What ``next(takingSent:)`` would hand such a machine
    /// is ``Work/endOfStep`` and ``Work/sent(_:)`` in turn; this hands the events alone, and leaves
    /// the queue as that would. Such a machine's file then specialises only the queue of the events
    /// sent, not the internal queue it never uses.
    @inlinable
    public mutating func nextSent() -> Event? {
        guard let event = Self.take(from: &sentEvents, first: &firstUnsent) else { return nil }
        waiting &-= 1
        return event
    }

    /// The item of `items` at `first`, which moves on; `nil` once none is left, and then `items`
    /// emptied (its storage kept) and `first` back at 0. Each queue is an array read from the front.
    @inlinable @inline(__always)
    static func take<Item>(from items: inout [Item], first: inout Int) -> Item? {
        if first < items.count {
            first += 1
            return items[first - 1]
        }
        if first > 0 {
            items.removeAll(keepingCapacity: true)
            first = 0
        }
        return nil
    }
}
"""#),
        ("Timers.swift", #"""
// Timers (section 4d): how a machine learns that time passes, the armed timers of a machine with
// timed transitions, and the clock a machine with clock timing reads.

/// How a machine with timed transitions (`after`, `every`) learns that time passes. Every such
/// machine names it as its own (`M.Timing`), so one value (a test's clock) serves all of an app's
/// machines.
///
/// - `clock`: timeouts come by themselves on the machine's actor when the clock reaches their
///   deadline, never before. Any `Clock<Duration>` works: `ContinuousClock` (the default),
///   `SuspendingClock`, or a test clock that a test advances by hand.
/// - `manual`: time moves only when the machine's `advanceTime(by:)` is called, as a test or a game
///   loop does; its `nextTimeout` says how long until the next timeout.
///
/// Frozen: these are the two ways there are, so a switch over them needs no `@unknown default`, also
/// against a runtime built with library evolution.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@frozen
public enum Timing: Sendable {
    case clock(any Clock<Duration>)
    case manual
}

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
@frozen
public struct TimerTable {
    /// The machine's time, in nanoseconds since it was made (0 to ``lastTime``): with manual timing
    /// moved only by `advanceTime(by:)`; while a timeout is handled, its deadline (with either timing).
    public var now: Int64 = 0
    /// Whether a timeout is being handled: with clock timing, a timer armed meanwhile counts from
    /// its deadline, `now`, not from the clock.
    public var isHandlingTimeout = false
    /// By timer: its deadline, meaningful while it is armed; its arming, 0 when it is not armed,
    /// else a number that grows with every arming, which tells a timer armed again from before; and
    /// while it is armed, the timers armed just before and after it (-1 at either end). One array,
    /// written in place (`withUnsafeMutableBufferPointer`: its uniqueness checked once an operation).
    @usableFromInline var slots: [(deadline: Int64, stamp: UInt64, previous: Int, next: Int)]
    /// The armed timers in arming order, a list through `slots`: the first and the last armed, -1
    /// when none is. Arming again moves a timer to the end.
    @usableFromInline var oldest = -1
    @usableFromInline var newest = -1
    @usableFromInline var nextStamp: UInt64 = 1
    /// The armed timer due first (the earliest deadline, and of those the first armed), -1 when
    /// none is armed; and its deadline.
    @usableFromInline var first = -1
    @usableFromInline var firstDeadline: Int64 = 0

    /// The latest time the machine reaches, 2⁶³ − 2 ns (292 years): a later one is this one.
    public static let lastTime = Int64.max - 1
    /// The deadline of a timer due after ``lastTime``: it is armed, and never due.
    public static let never = Int64.max

    /// Room for `count` timers, none armed.
    @inlinable
    public init(count: Int) {
        slots = Array(repeating: (0, 0, -1, -1), count: count)
    }

    /// `duration` in whole nanoseconds, rounded down, ``never`` when it is longer than 292 years;
    /// `nil` when it is negative. Inlined arithmetic on `Duration`'s 128-bit count of attoseconds,
    /// `_high` and `_low`, public stored properties of a frozen type (its `attoseconds`, the same
    /// count as an `Int128`, needs macOS 15; its `components` is a call of some 200 instructions, and
    /// traps when the seconds do not fit an `Int64`).
    @inlinable
    public static func nanoseconds(_ duration: Swift.Duration) -> Int64? {
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
    @inlinable
    public static func adding(_ delay: Int64, to time: Int64) -> Int64 {
        let (sum, overflow) = time.addingReportingOverflow(delay)
        return overflow ? never : sum
    }

    /// The time `span` (not negative) after the machine's, at most ``lastTime``.
    @inlinable
    public func time(after span: Int64) -> Int64 {
        span > Self.lastTime &- now ? Self.lastTime : now &+ span
    }

    /// The end of the machine's `advanceTime(by: duration)`: its time `duration` later, at most
    /// ``lastTime``. Checks what the call requires: `duration` is not negative, the machine has
    /// manual timing (not `clockTiming`), and the call is not made from inside a guard or an action
    /// (`inStep`).
    @inlinable
    public func end(
        ofAdvancingBy duration: Swift.Duration, clockTiming: @autoclosure () -> Bool, inStep: @autoclosure () -> Bool
    ) -> Int64 {
        // The checks in this order, each read only when the one before passed: inlined, the
        // machine's `advanceTime(by:)` reads nothing sooner than it has to.
        guard let span = Self.nanoseconds(duration) else { preconditionFailure("advanceTime(by:) with a negative duration") }
        precondition(!clockTiming(), "advanceTime(by:) on a machine with clock timing")
        precondition(!inStep(), "advanceTime(by:) from inside a guard or an action")
        return time(after: span)
    }

    /// How long from `time` until the earliest armed timer is due, `.zero` when it is due by then;
    /// `nil` when none is armed: the machine's `nextTimeout`.
    @inlinable
    public func timeToNextDeadline(from time: Int64) -> Swift.Duration? {
        guard first >= 0 else { return nil }
        return .nanoseconds(Swift.max(firstDeadline - time, 0))
    }

    /// Whether any timer is armed.
    @inlinable
    public var isEmpty: Bool { first < 0 }

    /// The arming of `timer` now in force, 0 when it is not armed.
    @inlinable
    public func stamp(of timer: Int) -> UInt64 { slots[timer].stamp }

    /// Arms `timer` due `delay` nanoseconds (not negative) after now: the time of `clock`, or while a
    /// timeout is handled its deadline, the machine's time (also with manual timing: `clock` is `nil`).
    /// Returns the deadline, which a task of the clock sleeps until.
    @discardableResult @inlinable
    public mutating func arm(_ timer: Int, after delay: Int64, clock: TimerClock?) -> Int64 {
        let start = if let clock, !isHandlingTimeout { clock.elapsed() } else { now }
        let deadline = Self.adding(delay, to: start)
        arm(timer, at: deadline)
        return deadline
    }

    /// Arms `timer` (cancelling its earlier arming, if any) due at `deadline`; returns its stamp.
    @discardableResult @inlinable
    public mutating func arm(_ timer: Int, at deadline: Int64) -> UInt64 {
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
    @discardableResult @inlinable
    public mutating func cancel(_ timer: Int) -> Bool {
        guard slots[timer].stamp != 0 else { return false }
        disarm(timer)
        return true
    }

    /// Cancels `timer`, which is armed.
    @inlinable @inline(never)
    mutating func disarm(_ timer: Int) {
        var ends = (oldest: oldest, newest: newest)
        slots.withUnsafeMutableBufferPointer { slots in
            slots[timer].stamp = 0
            Self.unlink(timer, in: slots, ends: &ends)
        }
        (oldest, newest) = ends
        if timer == first { findFirst() }
    }

    /// Takes `timer` out of the list of armed timers whose ends are `ends`.
    @inlinable
    static func unlink(
        _ timer: Int, in slots: UnsafeMutableBufferPointer<(deadline: Int64, stamp: UInt64, previous: Int, next: Int)>,
        ends: inout (oldest: Int, newest: Int)
    ) {
        let (previous, next) = (slots[timer].previous, slots[timer].next)
        if previous >= 0 { slots[previous].next = next } else { ends.oldest = next }
        if next >= 0 { slots[next].previous = previous } else { ends.newest = previous }
    }

    /// Cancels every timer.
    @inlinable
    public mutating func cancelAll() {
        var timer = oldest
        while timer >= 0 {
            slots[timer].stamp = 0
            timer = slots[timer].next
        }
        (oldest, newest, first) = (-1, -1, -1)
    }

    /// Finds the timer due first among the armed ones: the earliest deadline, and of those the
    /// first armed, the first met in arming order.
    @inlinable
    mutating func findFirst() {
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
    @inlinable
    public func deadline(of timer: Int) -> Int64? { slots[timer].stamp == 0 ? nil : slots[timer].deadline }

    /// Whether a timer is due at or before `end`.
    @inlinable
    public func isDue(upTo end: Int64) -> Bool { first >= 0 && firstDeadline <= end }

    /// The timer due first (the earliest deadline, and of those the first armed), one being armed:
    /// cancels it and moves the machine's time to its deadline, for its timeout.
    @inlinable
    public mutating func takeFirst() -> Int {
        precondition(first >= 0, "no timer is armed")
        let timer = first
        now = firstDeadline
        disarm(timer)
        return timer
    }

    /// The earliest deadline of an armed timer; `nil` when none is armed.
    @inlinable
    public var nextDeadline: Int64? { first >= 0 ? firstDeadline : nil }
}

/// A clock, whichever type it has, read as nanoseconds since the machine was made (its time rounded
/// down to a whole nanosecond, see ``TimerTable``): what a machine with clock timing needs of
/// it. Its own type (`any Clock<Duration>` opened once) is hidden in the two closures.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct TimerClock: Sendable {
    /// The clock's time now, in nanoseconds since the machine was made.
    public let elapsed: @Sendable () -> Int64
    /// Sleeps until the clock reaches a time in nanoseconds since the machine was made (throws
    /// when cancelled, if the clock's sleep does).
    public let sleep: @Sendable (Int64) async throws -> Void

    public init(_ clock: some Clock<Duration>) {
        let origin = clock.now
        elapsed = { TimerTable.nanoseconds(origin.duration(to: clock.now)) ?? 0 }
        sleep = { deadline in try await clock.sleep(until: origin.advanced(by: .nanoseconds(deadline)), tolerance: nil) }
    }
}
"""#),
    ]
}
