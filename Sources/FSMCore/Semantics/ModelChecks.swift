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
        checkUnusedEvents(model, diagnostics: &diagnostics)
        checkPopWithoutPush(model, diagnostics: &diagnostics)
        checkPreemptionByRegions(model, diagnostics: &diagnostics)
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
        while let leaf = work.popLast() {
            // A top-level final state finishes the machine: nothing leaves it.
            if model.finishesMachine(leaf) { continue }
            var leadsOut = false
            forEachTransitionLeadingOn(from: leaf, in: model, settled: &settled) { transition in
                if let target = transition.target.state { enter(target) }
                // Any external transition leads out, a self-transition too: it exits and re-enters the state.
                if transition.target != .internal { leadsOut = true }
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

    /// `unused-event` for each declared event that no transition uses, unless a transition uses an
    /// event declared nowhere (which is legal) spelt like it (`unlok` for `unlock`): that is most
    /// likely the one meant, so `misspelt-event` at each such transition says so instead, with the
    /// declaration in a note. Only the unused events are suggested: a used one is no likely typo.
    ///
    /// Each undeclared event is compared with each unused one, which a machine with thousands of
    /// both would make slow: after ``misspeltEventComparisons`` comparisons the undeclared events
    /// left are not compared (the unused events keep their `unused-event`).
    private static func checkUnusedEvents(_ model: Model, diagnostics: inout DiagnosticEngine) {
        let used = Set(model.allTransitions.map(\.event))
        let unused = model.events.indices.filter { model.events[$0].isDeclared && !used.contains($0) }
        guard !unused.isEmpty else { return }
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
    }

    /// How many pairs of an undeclared and an unused event ``checkUnusedEvents(_:diagnostics:)``
    /// compares at most: a hundred undeclared events against five hundred unused ones.
    static let misspeltEventComparisons = 50_000

    private static func checkPopWithoutPush(_ model: Model, diagnostics: inout DiagnosticEngine) {
        guard !model.usesPush else { return }
        for transition in model.allTransitions where transition.target == .pop {
            diagnostics.emit(.popWithoutPush(at: transition.range))
        }
    }
}
