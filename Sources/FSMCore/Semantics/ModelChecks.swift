/// The machine-wide checks that need the whole resolved model: reachability, dead ends, unused
/// events and `pop` without `push`, those of completion transitions (ModelChecks+Completion) and
/// of regions that leave their parallel state on one event (ModelChecks+Regions). All are warnings
/// but the completion cycle.
enum ModelChecks {
    static func run(_ model: Model, diagnostics: inout DiagnosticEngine) {
        checkCompletionCycles(model, diagnostics: &diagnostics)
        checkCompletionsThatNeverFire(model, diagnostics: &diagnostics)
        let search = reachability(of: model)
        checkReachability(model, reached: search.reached, diagnostics: &diagnostics)
        checkDeadEnds(model, search, diagnostics: &diagnostics)
        let misspelt = checkUnusedEvents(model, diagnostics: &diagnostics)
        checkEventsSpeltLikeUsedOnes(model, skipping: misspelt, diagnostics: &diagnostics)
        checkPopWithoutPush(model, diagnostics: &diagnostics)
        checkPreemptionByRegions(model, diagnostics: &diagnostics)
        checkTimedTransitionsThatNeverFire(model, diagnostics: &diagnostics)
        checkUnhandledRaisedEvents(model, diagnostics: &diagnostics)
        checkCatchesThatMayDropErrors(model, diagnostics: &diagnostics)
    }

    /// The states the machine can be in: a search over leaf configurations from the initial one.
    /// Entering a state from anywhere makes its entry set from the machine active (its ancestors,
    /// itself and its default entry); `pop` returns to a state that was already active, so it adds none,
    /// and so does an entry by history beyond the default entry (it restores states that were active).
    /// Every guard may hold, so a state is reported only when it is certainly unreachable. The
    /// search looks at every reached leaf's transitions anyway, so it notes the dead ends on the way.
    static func reachability(of model: Model) -> Reachability {
        var search = Reachability()
        var visitedLeaves = Set<Int>()
        var work: [Int] = []
        // A state entered from anywhere always enters the same states: each is entered once.
        var enteredTargets = Set<Int>()
        // Each active leaf is followed on its own: with parallel states a configuration has several,
        // and any of them may take the next transition (an over-approximation, as the guards are).
        func enter(_ state: Int) {
            guard enteredTargets.insert(state).inserted else { return }
            let entered = model.entrySet(to: state, below: nil)
            search.reached.formUnion(entered)
            for leaf in entered where !model.states[leaf].isComposite && visitedLeaves.insert(leaf).inserted {
                work.append(leaf)
            }
        }
        enter(model.initialState)
        var settled = Set<Int>()
        // Asked once: finding a leaf's armed timers costs arrays per leaf, for none in most machines.
        let hasTimedTransitions =
            !model.machineTimedTransitions.isEmpty || model.states.indices.contains { !model.states[$0].timedTransitions.isEmpty }
        let hasActivities = model.hasActivities
        while let leaf = work.popLast() {
            // A top-level final state finishes the machine: nothing leaves it.
            if model.finishesMachine(leaf) { continue }
            var leadsOut = false
            forEachTransitionLeadingOn(from: leaf, in: model, settled: &settled) { transition in
                if let target = transition.target.state { enter(target) }
                // Any external transition leads out, a self-transition too: it exits and re-enters the state.
                if transition.target != .internal { leadsOut = true }
            }
            // The timers of the leaf and of every state around it may fire while it is active
            // (section 4d); the machine's too.
            if hasTimedTransitions {
                for timed in timedTransitionsArmed(whileIn: leaf, in: model) {
                    if let target = timed.target.state { enter(target) }
                    if timed.target != .internal { leadsOut = true }
                }
            }
            // The activities of the leaf and of every state around it may throw while it is active
            // (section 4f); their completions are the leaf's own (above) and those of the
            // composites its final states complete.
            if hasActivities {
                for state in model.ancestry(of: leaf) {
                    for caught in model.states[state].catchTransitions {
                        if let target = caught.target.state { enter(target) }
                        if caught.target != .internal { leadsOut = true }
                    }
                }
            }
            // A final state inside a composite completes it: stuck too when nothing follows. A
            // region's final state is where the region rests while the others go on.
            if !leadsOut && !(model.states[leaf].isFinal && isRegion(model.states[leaf].parent, in: model)) {
                search.deadEnds.insert(leaf)
            }
        }
        if !search.deadEnds.isEmpty && model.hasParallelStates {
            let leaving = regionsLeaving(from: search.reached, in: model)
            search.deadEnds = search.deadEnds.filter { !isLeftFromAnotherRegion($0, in: model, leaving: leaving) }
        }
        return search
    }

    /// Whether `state` is a region: a child of a parallel state.
    private static func isRegion(_ state: Int?, in model: Model) -> Bool {
        state.flatMap { model.states[$0].parent }.map { model.states[$0].isParallel } ?? false
    }

    /// Whether a transition of another region can leave `leaf`: one declared on a reachable state
    /// inside a parallel ancestor of `leaf` but outside the region `leaf` is in, that leaves the
    /// parallel state (`leaving`: ``regionsLeaving(from:in:)`` of the reached states), `leaf` with
    /// it. Such a leaf waits; it is no dead end.
    private static func isLeftFromAnotherRegion(_ leaf: Int, in model: Model, leaving: [Int: Set<Int>]) -> Bool {
        var isLeft = false
        forEachParallelState(around: leaf, in: model) { parallel, region in
            if leaving[parallel]?.contains(where: { $0 != region }) == true { isLeft = true }
        }
        return isLeft
    }

    /// What ``reachability(of:)`` finds: the states reached, and the reached leaves (not composite,
    /// not a top-level final state) from which no transition leads out.
    struct Reachability {
        var reached = Set<Int>()
        var deadEnds = Set<Int>()
    }

    private static func checkReachability(_ model: Model, reached: Set<Int>, diagnostics: inout DiagnosticEngine) {
        for (index, state) in model.states.enumerated() where !reached.contains(index) {
            // Report the outermost unreachable state only; its children follow from it.
            if let parent = state.parent, !reached.contains(parent) { continue }
            diagnostics.emit(.unreachableState(state.name, at: state.range))
        }
    }

    /// Judged for reachable leaves only: an unreachable state already has its own warning.
    private static func checkDeadEnds(_ model: Model, _ search: Reachability, diagnostics: inout DiagnosticEngine) {
        for (index, state) in model.states.enumerated() where search.deadEnds.contains(index) {
            let completing = state.isFinal ? state.parent.map { model.states[$0].name } : nil
            diagnostics.emit(.deadEnd(state.name, completing: completing, at: state.range))
        }
    }

    /// The transitions that may fire while `leaf` is the active leaf, completions included: the
    /// leaf's completion transitions (a simple state completes on entry), those of the composite a
    /// final leaf completes, and the event transitions that may fire, unless the leaf is left as soon
    /// as it is entered (then no event ever finds it active).
    ///
    /// Each is passed to `body` in turn, without collecting them (the search asks for every leaf);
    /// `settled` is scratch space for ``Model/forEachTransitionThatMayFire(in:settled:_:)``.
    static func forEachTransitionLeadingOn(
        from leaf: Int, in model: Model, settled: inout Set<Int>, _ body: (Model.Transition) -> Void
    ) {
        let state = model.states[leaf]
        if state.isFinal {
            // The composite it completes, and each parallel state that may complete with it.
            for completed in model.statesCompleted(byEntering: leaf, withParallel: { canComplete($0, in: model) }) {
                for transition in model.states[completed].transitions where transition.isCompletion { body(transition) }
            }
            model.forEachTransitionThatMayFire(in: leaf, settled: &settled, body)
            return
        }
        for transition in state.transitions where transition.isCompletion { body(transition) }
        if !model.isLeftOnCompletion(leaf) { model.forEachTransitionThatMayFire(in: leaf, settled: &settled, body) }
    }

    /// The timed transitions whose timers are armed while `leaf` is active: its own, unless an
    /// unguarded completion transition leaves it as soon as it is entered, those of its
    /// ancestors and the machine's.
    static func timedTransitionsArmed(whileIn leaf: Int, in model: Model) -> [Model.TimedTransition] {
        var result = model.isLeftOnCompletion(leaf) ? [] : model.states[leaf].timedTransitions
        for ancestor in model.ancestry(of: leaf) where ancestor != leaf {
            result += model.states[ancestor].timedTransitions
        }
        return result + model.machineTimedTransitions
    }

    /// `timed-transition-never-fires` for a timed transition of a state whose earlier unguarded
    /// `after` with a literal delay no longer than its own leaves the state (and so cancels its
    /// timer) first: the earlier timer was armed first, so on a tie it fires first too.
    private static func checkTimedTransitionsThatNeverFire(_ model: Model, diagnostics: inout DiagnosticEngine) {
        for (index, state) in model.states.enumerated() {
            var earliest: (nanoseconds: Int, range: SourceRange)?
            for timed in state.timedTransitions {
                guard case .literal(let nanoseconds, _) = timed.delay else { continue }
                if let earliest, earliest.nanoseconds <= nanoseconds {
                    diagnostics.emit(
                        .timedTransitionNeverFires(timed.kind.rawValue, at: timed.range, preemptedBy: earliest.range))
                    continue
                }
                // It leaves the state when it fires: it has a target outside the state (a target
                // inside it is entered without leaving it), and no guard.
                let leaves = timed.kind == .after && timed.guardExpression == nil && timed.target.state != nil
                if leaves, timed.domain != index {
                    earliest = (nanoseconds, timed.range)
                }
            }
        }
    }

    /// `unhandled-raised-event` at each `raise` of an event that no transition is taken on.
    private static func checkUnhandledRaisedEvents(_ model: Model, diagnostics: inout DiagnosticEngine) {
        guard model.hasRaises else { return }  // without gathering every state's actions
        let raises = model.allRaises
        let handled = Set(model.allTransitions.compactMap(\.event))
        for raise in raises where !handled.contains(raise.event) {
            diagnostics.emit(.unhandledRaisedEvent(model.events[raise.event].name, at: raise.range))
        }
    }

    /// `unused-event` for each declared event that no transition uses, unless a transition uses an
    /// event declared nowhere (which is legal) spelt like it (`unlok` for `unlock`): that is most
    /// likely the one meant, so `misspelt-event` at each such transition says so instead, with the
    /// declaration in a note. Only the unused events are suggested: a used one is no likely typo.
    ///
    /// Each undeclared event is compared with each unused one, which a machine with thousands of
    /// both would make slow: after ``misspeltEventComparisons`` comparisons the undeclared events
    /// left are not compared (the unused events keep their `unused-event`). Returns the events
    /// declared nowhere that were reported as misspelt.
    @discardableResult
    private static func checkUnusedEvents(_ model: Model, diagnostics: inout DiagnosticEngine) -> Set<Int> {
        // A raised event is used: when no transition handles it, `unhandled-raised-event` says so.
        // Read in place, by index: iterating ``Model/allTransitions`` copies each transition.
        var used = Set<Int?>()
        for transition in model.machineTransitions { used.insert(transition.event) }
        for index in model.states.indices {
            for transition in model.states[index].transitions { used.insert(transition.event) }
        }
        if model.hasRaises {
            for raise in model.allRaises { used.insert(raise.event) }
        }
        let unused = model.events.indices.filter { model.events[$0].isDeclared && !used.contains($0) }
        guard !unused.isEmpty else { return [] }
        let unusedNames = unused.map { model.events[$0].name }
        // Each event declared nowhere, by index, to the unused one it is spelt like.
        var meant: [Int: Int] = [:]
        var comparisons = 0
        for (index, event) in model.events.enumerated() where !event.isDeclared {
            comparisons += unusedNames.count
            if comparisons > misspeltEventComparisons { break }
            guard let name = Suggestions.closest(to: event.name, among: unusedNames),
                let position = unusedNames.firstIndex(of: name)
            else { continue }
            meant[index] = unused[position]
        }
        for transition in model.allTransitions {
            guard let event = transition.event, let declared = meant[event] else { continue }
            // A transition on an event starts with the event's name.
            let name = model.events[event].name
            let range = SourceRange(start: transition.range.start, end: transition.range.start + name.utf8.count)
            diagnostics.emit(
                .misspeltUnusedEvent(
                    name, suggestion: model.events[declared].name, at: range, declaration: model.events[declared].range))
        }
        let explained = Set(meant.values)
        for index in unused where !explained.contains(index) {
            diagnostics.emit(.unusedEvent(model.events[index].name, at: model.events[index].range))
        }
        return Set(meant.keys)
    }

    /// How many pairs of an undeclared and an unused event ``checkUnusedEvents(_:diagnostics:)``
    /// compares at most: a hundred undeclared events against five hundred unused ones.
    static let misspeltEventComparisons = 50_000

    /// `misspelt-event` for a transition on an event that is declared nowhere, used by no other
    /// transition, and one edit from an event the machine relies on at least as much (`leeve` for
    /// `leave`): one declared and used, one used by more transitions, or one also used once, declared
    /// nowhere, and first used earlier (of two such events, the later is taken for the typo, so only
    /// one is reported). To keep real pairs of events quiet, both names have at least
    /// ``misspeltEventMinimumLength`` characters, and the edit (``singleEdit(_:_:)``) is not at the
    /// first character (`mount`, `count`) and involves no digit (`floor1`, `floor2`); declaring the
    /// event with `event` also silences it. `skipping` are the events already reported as misspelt
    /// by ``checkUnusedEvents(_:diagnostics:)``.
    ///
    /// Each candidate is compared with each used event, up to ``misspeltEventComparisons`` pairs;
    /// each comparison is linear in the names' length.
    private static func checkEventsSpeltLikeUsedOnes(
        _ model: Model, skipping: Set<Int>, diagnostics: inout DiagnosticEngine
    ) {
        var uses = [Int](repeating: 0, count: model.events.count)
        var onlyUse: [Int: Model.Transition] = [:]
        for transition in model.allTransitions {
            guard let event = transition.event else { continue }
            uses[event] += 1
            onlyUse[event] = transition
        }
        func isLongEnough(_ name: String) -> Bool { name.unicodeScalars.count >= misspeltEventMinimumLength }
        let used = model.events.indices.filter { uses[$0] > 0 && isLongEnough(model.events[$0].name) }
        let names = used.map { Array(model.events[$0].name.unicodeScalars) }
        var comparisons = 0
        for (index, event) in model.events.enumerated()
        where !event.isDeclared && uses[index] == 1 && !skipping.contains(index) {
            guard isLongEnough(event.name), let transition = onlyUse[index] else { continue }
            comparisons += used.count
            if comparisons > misspeltEventComparisons { break }
            let name = Array(event.name.unicodeScalars)
            // The most used of the events one edit away, the first of them on a tie.
            var best: Int?
            for (position, other) in used.enumerated() where other != index {
                let candidate = model.events[other]
                let reliedOn =
                    candidate.isDeclared || uses[other] > 1 || candidate.range.start < event.range.start
                guard reliedOn, singleEdit(name, names[position]) else { continue }
                if best.map({ uses[other] > uses[$0] }) ?? true { best = other }
            }
            guard let meant = best else { continue }
            let range = SourceRange(start: transition.range.start, end: transition.range.start + event.name.utf8.count)
            let other = model.events[meant]
            diagnostics.emit(
                .misspeltUsedEvent(
                    event.name, suggestion: other.name, isDeclared: other.isDeclared, uses: uses[meant], at: range,
                    other: other.range))
        }
    }

    /// The fewest characters (Unicode scalars) of both names that ``checkEventsSpeltLikeUsedOnes(_:diagnostics:)``
    /// compares: shorter words one edit apart are often different words (`tick`, `tock`; `stop`, `step`).
    static let misspeltEventMinimumLength = 5

    /// Whether `lhs` becomes `rhs` by one insertion, deletion, substitution or swap of two
    /// neighbouring characters, not at the first character and involving no digit.
    static func singleEdit(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Bool {
        guard abs(lhs.count - rhs.count) <= 1, lhs != rhs else { return false }
        let shorter = min(lhs.count, rhs.count)
        var prefix = 0
        while prefix < shorter, lhs[prefix] == rhs[prefix] { prefix += 1 }
        guard prefix > 0 else { return false }
        var suffix = 0
        while suffix < shorter - prefix, lhs[lhs.count - 1 - suffix] == rhs[rhs.count - 1 - suffix] { suffix += 1 }
        let left = lhs[prefix..<(lhs.count - suffix)]
        let right = rhs[prefix..<(rhs.count - suffix)]
        guard !(left + right).contains(where: { $0.properties.numericType != nil }) else { return false }
        switch (left.count, right.count) {
        case (1, 1), (1, 0), (0, 1): return true
        case (2, 2): return left.first == right.last && left.last == right.first
        default: return false
        }
    }

    private static func checkPopWithoutPush(_ model: Model, diagnostics: inout DiagnosticEngine) {
        guard !model.usesPush else { return }
        var pops = model.allTransitions.filter { $0.target == .pop }.map(\.range)
        pops += model.allCatchTransitions.filter { $0.target == .pop }.map(\.range)
        for range in pops.sorted(by: { $0.start < $1.start }) {
            diagnostics.emit(.popWithoutPush(at: range))
        }
    }

    /// `error-may-be-dropped` for a state with an activity whose `catch` transitions all have
    /// guards (section 4f): when none holds, what the activity threw is dropped. Reported at the
    /// last, after which a `catch` without a guard would go.
    private static func checkCatchesThatMayDropErrors(_ model: Model, diagnostics: inout DiagnosticEngine) {
        for state in model.states where state.activity != nil {
            guard let last = state.catchTransitions.last,
                state.catchTransitions.allSatisfy({ $0.guardExpression != nil })
            else { continue }
            diagnostics.emit(.errorMayBeDropped(state: state.name, at: last.range))
        }
    }
}
