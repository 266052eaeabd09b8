/// What the generated Swift of a machine is made of, decided once from its ``Model``: which
/// run-time parts it needs, how each transition is carried out, which shortcuts the step may take
/// and which types the file declares. The Swift generator renders a plan and asks it every
/// "does this machine need X" question; nothing else answers them.
///
/// A plan holds no Swift: states and transitions are numbers (a state's index in ``Model/states``,
/// a transition's place in ``Model/allTransitions``), so unit tests check the decisions without
/// matching generated text. docs/Architecture.md shows where the plan sits in the pipeline.
public struct MachinePlan: Sendable {
    /// The machine planned.
    public let model: Model

    /// How the machine holds what is active.
    public enum Shape: Sendable, Hashable {
        /// One active leaf (a machine without parallel states): a transition exits the leaf's
        /// ancestors up to its domain and enters one path down to one leaf.
        case oneLeaf
        /// The active configuration and one active leaf per region (section 4c): an event selects in
        /// every region, and one step fires what was selected.
        case regions
    }

    public let shape: Shape

    /// The run-time parts a machine may need; a machine that does not use a feature pays nothing
    /// for it (section 5).
    public struct Parts: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The queue of events sent while another is processed (a machine with events).
        public static let eventQueue = Parts(rawValue: 1 << 0)
        /// The queue of pending completions (a machine with completion transitions, 4a).
        public static let completions = Parts(rawValue: 1 << 1)
        /// History records and the ways of entering by history (4b).
        public static let history = Parts(rawValue: 1 << 2)
        /// The stack of states remembered by `push` (a machine with `push` or `pop`).
        public static let stack = Parts(rawValue: 1 << 3)
        /// The context's `push`, which remembers the innermost active state (a machine with `push`).
        public static let push = Parts(rawValue: 1 << 4)
        /// The context's `pop`, whose target and domain are found at run time: each state's
        /// enclosing state and the "lies in" test (a machine with `pop`).
        public static let pop = Parts(rawValue: 1 << 6)
        /// Timers, the machine's time and its timing (a machine with `after` or `every`, 4d).
        public static let timers = Parts(rawValue: 1 << 7)
        /// The internal queue of raised events (a machine with `raise`, 4e): completions wait in it too.
        public static let raisedEvents = Parts(rawValue: 1 << 8)
        /// Activities (a machine with `do /`, 4f): where each is, and how it starts and ends.
        public static let activities = Parts(rawValue: 1 << 9)
    }

    public let parts: Parts

    /// Every transition, numbered in the order of ``Model/allTransitions``.
    public let transitions: [TransitionPlan]

    /// The number of the first transition each state declares, by state index; the machine's own
    /// come first, from 0. `transitions(declaredIn:)` reads the slices.
    private let firstTransition: [Int]

    /// The timed transitions, numbered in the order of ``Model/allTimedTransitions``; their
    /// transitions are numbered after ``transitions``.
    public let timers: [TimerPlan]

    /// The activities, numbered in the document order of their states; their `catch` transitions
    /// are numbered after the timers'.
    public let activities: [ActivityPlan]

    /// The transitions of a machine with regions whose step is known in advance, by number (see
    /// ``DirectStep``); empty for a one-leaf machine and an observable one.
    public let directSteps: [Int: DirectStep]

    /// The states that more than one active leaf's walk outwards can reach in one selection, so
    /// that they note being examined (each state is examined once per event, 4c): the parallel
    /// states and every state around one. Empty in a one-leaf machine.
    public let statesExaminedOnce: Set<Int>

    /// The most transitions one selection can select: one per active leaf, so the most leaves any
    /// configuration has. 1 in a one-leaf machine.
    public let maximumSelected: Int

    /// For each state, the state with completion transitions that completes when it is entered in a
    /// one-leaf machine: the state itself when it is simple, its parent when it is a final state.
    /// `nil` where none completes, and everywhere in a machine without completion transitions.
    public let completesOnEntry: [Int?]

    /// Whether every transition has a direct step: then the general step is never taken.
    public let allDirect: Bool

    /// The states with completion transitions: only their completion is worth queueing.
    public let statesWithCompletion: Set<Int>

    /// The state a one-leaf machine's `start()` enters from the machine: the leaf the initial
    /// states lead to, or without history known in advance the initial state (its entry then
    /// finds the leaf at run time).
    public let startEntersAt: Int

    /// The global actor the machine and its actions are isolated to (`MainActor`), as `--isolation`
    /// asks and ``globalActor(of:isolation:)`` resolves it; `nil` for a machine that is not isolated.
    public let globalActor: String?

    /// In a machine with regions, the events whose step is `fire` alone (no transition local to its
    /// region, no effect): their selection is one expression, `selectAndFire(_:_:_:)`, when two events
    /// at least share it; empty otherwise (each event then has its function).
    public let eventsSelectedAndFired: Set<Int>

    /// Plans `model`. With `observable`, the machine tells observers of each change of its
    /// configuration, which the direct step (a change in place) does not; `isolation` is the actor
    /// asked for (`fsmc generate --isolation`).
    public init(_ model: Model, observable: Bool = false, isolation: Isolation = .automatic) {
        self.model = model
        let shape = Self.shape(of: model)
        self.shape = shape
        self.parts = Self.parts(of: model)
        self.globalActor = Self.globalActor(of: model, isolation: isolation)
        var firstTransition: [Int] = []
        firstTransition.reserveCapacity(model.states.count)
        var count = model.machineTransitions.count
        for state in model.states {
            firstTransition.append(count)
            count += state.transitions.count
        }
        self.firstTransition = firstTransition
        var transitions: [TransitionPlan] = []
        transitions.reserveCapacity(count)
        // Each list read in place, by index: iterating ``Model/allTransitions`` or the states copies
        // every transition and state it passes (each copy retains their arrays).
        func plan(_ list: [Model.Transition]) {
            for index in list.indices {
                transitions.append(TransitionPlan(list[index], number: transitions.count, in: model, shape: shape))
            }
        }
        plan(model.machineTransitions)
        for index in model.states.indices { plan(model.states[index].transitions) }
        self.transitions = transitions
        var timers: [TimerPlan] = []
        if parts.contains(.timers) {  // allTimedTransitions gathers every state's list
            for timed in model.allTimedTransitions {
                timers.append(
                    TimerPlan(timed, number: timers.count, transitionNumber: count + timers.count, in: model, shape: shape))
            }
        }
        self.timers = timers
        var activities: [ActivityPlan] = []
        var nextCatch = count + timers.count
        for state in model.states.indices where model.states[state].activity != nil {
            let activity = ActivityPlan(
                number: activities.count, state: state, in: model, firstCatchNumber: nextCatch, shape: shape)
            nextCatch += activity.catches.count
            activities.append(activity)
        }
        self.activities = activities
        // A raised event joins the internal queue when its entry runs, and a completion when its
        // state's does: the direct step, which queues completions after all its entries, is left
        // out where the order of the two can show.
        self.directSteps =
            shape == .regions && !observable && !self.parts.contains(.raisedEvents) ? DirectStep.steps(model) : [:]
        self.statesExaminedOnce = Self.statesExaminedOnce(model)
        self.maximumSelected = shape == .regions ? Self.maximumSelected(model) : 1
        let statesWithCompletion = Set(transitions.compactMap { $0.event == nil ? $0.source : nil })
        self.statesWithCompletion = statesWithCompletion
        self.completesOnEntry =
            shape == .oneLeaf && !statesWithCompletion.isEmpty
            ? model.states.indices.map { Self.completedOnEntry(of: $0, in: model, withCompletion: statesWithCompletion) } : []
        self.startEntersAt = model.usesHistory ? model.initialState : model.initialLeaf(of: model.initialState)
        // A timeout's or a catch's transition has no direct step: with timers or `catch` transitions
        // the general step is always needed (activities without a `catch` fire no transition).
        let allDirect =
            !transitions.isEmpty && directSteps.count == transitions.count && timers.isEmpty
            && activities.allSatisfy(\.catches.isEmpty)
        self.allDirect = allDirect
        // Asked for every state and event: decided once, not by a walk of the states at each question.
        self.canFinish = model.states.contains { $0.isFinal && $0.parent == nil }
        let isFlat = model.states.allSatisfy { $0.parent == nil }
        self.isFlat = isFlat
        let carried = Self.transitionsAndTimeouts(transitions, timers, activities)
        self.hasSiblingTransitions = carried.contains { $0.kind == .betweenSiblingLeaves }
        let belowADomain =
            parts.contains(.pop) || carried.contains { $0.kind != .internal && $0.kind != .betweenSiblingLeaves }
        self.hasTransitionsBelowADomain = belowADomain
        self.domainsAreTheMachine = isFlat && !belowADomain
        self.eventsSelectedAndFired = shape == .regions ? Self.eventsSelectedAndFired(transitions, parts, model) : []
    }

    /// ``eventsSelectedAndFired`` of a machine with regions with these transitions and parts.
    private static func eventsSelectedAndFired(_ transitions: [TransitionPlan], _ parts: Parts, _ model: Model) -> Set<Int> {
        let byTrigger = transitionsByTrigger(transitions, eventCount: model.events.count)
        let events = model.events.indices.filter { event in
            regionLocal(byTrigger[event], parts).isEmpty && byTrigger[event].allSatisfy { $0.transition.actions.isEmpty }
        }
        return events.count > 1 ? Set(events) : []
    }

    /// The declarations the generated file of `model` makes at file scope, in order; asked without
    /// planning the whole machine by the check of the types several machines of one module declare.
    public static func fileScopeDeclarations(of model: Model) -> [FileScopeDeclaration] {
        FileScopeDeclaration.all(of: model)
    }

    /// The global actor a machine generated with `isolation` is isolated to; `nil` for none. Asked
    /// without planning the whole machine by the driver, which refuses activities in a machine
    /// without one, and by `fsmc paths`' test suite. `automatic` is the main actor for a machine
    /// with timers or activities (their clock and tasks run on it), none for the others.
    public static func globalActor(of model: Model, isolation: Isolation) -> String? {
        switch isolation {
        case .automatic: model.hasTimedTransitions || model.hasActivities ? "MainActor" : nil
        case .nonisolated: nil
        case .globalActor(let name): name
        }
    }

    /// Whether the machine's timeouts come by themselves on its actor's clock: it has timers and is
    /// isolated. A machine with timers generated `--isolation nonisolated` has manual timing only.
    public var hasClock: Bool { parts.contains(.timers) && globalActor != nil }

    /// The transitions declared in a state's body (the machine's for `nil`), in order.
    public func transitions(declaredIn source: Int?) -> ArraySlice<TransitionPlan> {
        guard let source else { return transitions[0..<(firstTransition.first ?? transitions.count)] }
        let end = source + 1 < firstTransition.count ? firstTransition[source + 1] : transitions.count
        return transitions[firstTransition[source]..<end]
    }

    /// The transitions `source` declares for an event (`nil`: its completion transitions), in order.
    public func transitions(declaredIn source: Int?, on event: Int?) -> [TransitionPlan] {
        transitions(declaredIn: source).filter { $0.event == event }
    }

    /// The transitions `event` triggers (`nil`: the completion transitions), in the order of ``transitions``.
    public func transitions(triggeredBy event: Int?) -> [TransitionPlan] {
        transitions.filter { $0.event == event }
    }

    /// ``transitions(triggeredBy:)`` of every trigger in one pass: each event's by index, then the
    /// completion transitions last (at index `model.events.count`).
    public var transitionsByTrigger: [[TransitionPlan]] {
        Self.transitionsByTrigger(transitions, eventCount: model.events.count)
    }

    /// ``transitionsByTrigger`` of these transitions (the initializer asks before the plan is whole).
    private static func transitionsByTrigger(_ transitions: [TransitionPlan], eventCount: Int) -> [[TransitionPlan]] {
        var byTrigger = Array(repeating: [TransitionPlan](), count: eventCount + 1)
        for transition in transitions { byTrigger[transition.event ?? eventCount].append(transition) }
        return byTrigger
    }

    /// The state that completes when `state` is entered (``completesOnEntry``).
    public func completedOnEntry(of state: Int) -> Int? {
        completesOnEntry.isEmpty ? nil : completesOnEntry[state]
    }

    /// Every transition the step of a machine with regions may fire, by number: ``transitions``,
    /// then the timers' (``TimerPlan/transition``).
    public var transitionsAndTimeouts: [TransitionPlan] { Self.transitionsAndTimeouts(transitions, timers, activities) }

    /// ``transitionsAndTimeouts`` of these lists (the initializer asks before the plan is whole).
    private static func transitionsAndTimeouts(
        _ transitions: [TransitionPlan], _ timers: [TimerPlan], _ activities: [ActivityPlan]
    ) -> [TransitionPlan] {
        transitions + timers.map(\.transition) + activities.flatMap(\.catches)
    }

    /// The activity of `state`, if it has one.
    public func activity(of state: Int) -> ActivityPlan? {
        activities.first { $0.state == state }
    }

    /// The numbers of the timers of `state` (`nil`: the machine's), in the order written.
    public func timers(of state: Int?) -> ArraySlice<TimerPlan> {
        let first = timers.firstIndex { $0.source == state } ?? timers.endIndex
        var end = first
        while end < timers.endIndex, timers[end].source == state { end += 1 }
        return timers[first..<end]
    }

    /// Whether a state's entry or exit needs the machine itself, not only its actions: to arm or
    /// cancel timers, or to raise events.
    public var workNeedsMachine: Bool {
        parts.contains(.timers) || parts.contains(.raisedEvents) || parts.contains(.activities)
    }

    /// Whether the machine can finish: it has a top-level final state. A machine that cannot keeps no
    /// `isFinished` flag and its states no `finishesMachine`.
    public let canFinish: Bool

    /// Whether no state lies inside another: the active state is the only one, and a state class
    /// needs no `parent`.
    public let isFlat: Bool

    /// Whether every transition's domain is the whole machine, so that nothing needs a state's depth:
    /// a flat machine (``isFlat``) whose transitions are all internal or between sibling states, with
    /// no `pop` (``hasTransitionsBelowADomain`` false: the machine's own transitions, for one, are not).
    public let domainsAreTheMachine: Bool

    /// Whether the machine has events (and so event methods and a queue).
    public var hasEvents: Bool { parts.contains(.eventQueue) }

    /// Whether some transition of a one-leaf machine goes between sibling leaves, so that the
    /// context's shortcut for it exists.
    public let hasSiblingTransitions: Bool

    /// Whether a one-leaf machine carries out a transition by walking the hierarchy from its domain
    /// (`transition(below:to:)`): one that is neither internal nor between sibling leaves, or a `pop`.
    public let hasTransitionsBelowADomain: Bool

    /// The transitions among `candidates` that stay inside one region and change at most its leaf
    /// (``TransitionPlan/staysInItsRegion``).
    public func regionLocal(_ candidates: [TransitionPlan]) -> [TransitionPlan] {
        Self.regionLocal(candidates, parts)
    }

    /// ``regionLocal(_:)`` in a machine with these parts.
    private static func regionLocal(_ candidates: [TransitionPlan], _ parts: Parts) -> [TransitionPlan] {
        // The local step queues completions after all its entries: not where raised events, queued
        // as the entries run, share the internal queue with them.
        if parts.contains(.raisedEvents) && parts.contains(.completions) { return [] }
        return candidates.filter(\.staysInItsRegion)
    }

    /// Whether the step must test at run time whether a transition stays in its region: when the
    /// candidates of some event, or the completion transitions, are some but not all of that kind.
    public var needsRegionLocalTest: Bool {
        guard shape == .regions, !(parts.contains(.raisedEvents) && parts.contains(.completions)) else { return false }
        return transitionsByTrigger.contains { candidates in
            let local = candidates.count(where: \.staysInItsRegion)
            return local > 0 && local < candidates.count
        }
    }

    // MARK: - Decisions

    static func shape(of model: Model) -> Shape { model.hasParallelStates ? .regions : .oneLeaf }

    static func parts(of model: Model) -> Parts {
        var parts: Parts = []
        if !model.events.isEmpty { parts.insert(.eventQueue) }
        if model.usesCompletion { parts.insert(.completions) }
        if model.usesHistory { parts.insert(.history) }
        if model.usesPush || model.usesPop { parts.insert(.stack) }
        if model.usesPush { parts.insert(.push) }
        if model.usesPop { parts.insert(.pop) }
        // Each asked without gathering the lists: parts(of:) runs twice per generated file.
        if model.hasTimedTransitions { parts.insert(.timers) }
        if model.hasRaises { parts.insert(.raisedEvents) }
        if model.hasActivities { parts.insert(.activities) }
        return parts
    }

    private static func statesExaminedOnce(_ model: Model) -> Set<Int> {
        var result = Set<Int>()
        for index in model.states.indices where model.states[index].isParallel {
            // Up to the first state already counted: everything around it is counted too.
            var state: Int? = index
            while let current = state, result.insert(current).inserted { state = model.states[current].parent }
        }
        return result
    }

    private static func maximumSelected(_ model: Model) -> Int {
        // A parallel state has the sum of its regions' leaves, another state the most of its children's.
        func leaves(_ state: Int) -> Int {
            let children = model.states[state].children
            if children.isEmpty { return 1 }
            let counts = children.map(leaves)
            return model.states[state].isParallel ? counts.reduce(0, +) : counts.max() ?? 1
        }
        return model.topLevelStates.map(leaves).max() ?? 1
    }

    private static func completedOnEntry(of index: Int, in model: Model, withCompletion: Set<Int>) -> Int? {
        let state = model.states[index]
        // A simple state with an activity completes when its activity is done, not on entry.
        let completing: Int? = state.isFinal ? state.parent : state.isComposite || state.activity != nil ? nil : index
        guard let completing, withCompletion.contains(completing) else { return nil }
        return completing
    }
}
