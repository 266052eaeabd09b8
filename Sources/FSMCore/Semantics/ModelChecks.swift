/// The machine-wide checks that need the whole resolved model: reachability, dead ends, unused
/// events and `pop` without `push`. All are warnings.
enum ModelChecks {
    static func run(_ model: Model, diagnostics: inout DiagnosticEngine) {
        let reached = reachableStates(of: model)
        checkReachability(model, reached: reached, diagnostics: &diagnostics)
        checkDeadEnds(model, reached: reached, diagnostics: &diagnostics)
        checkUnusedEvents(model, diagnostics: &diagnostics)
        checkPopWithoutPush(model, diagnostics: &diagnostics)
    }

    /// The states the machine can be in: a search over leaf configurations from the initial one.
    /// Entering a state from anywhere makes its entry set from the machine active (its ancestors,
    /// itself and its default entry); `pop` returns to a state that was already active, so it adds none.
    static func reachableStates(of model: Model) -> Set<Int> {
        var reached = Set<Int>()
        var visitedLeaves = Set<Int>()
        var work: [Int] = []
        func enter(_ state: Int) {
            let leaf = model.initialLeaf(of: state)
            reached.formUnion(model.entrySet(to: state, below: nil))
            if visitedLeaves.insert(leaf).inserted { work.append(leaf) }
        }
        enter(model.initialState)
        while let leaf = work.popLast() {
            // A top-level final state finishes the machine: nothing leaves it.
            if model.finishesMachine(leaf) { continue }
            for transition in model.transitionsThatMayFire(in: leaf) {
                if let target = transition.target.state { enter(target) }
            }
        }
        return reached
    }

    private static func checkReachability(_ model: Model, reached: Set<Int>, diagnostics: inout DiagnosticEngine) {
        for (index, state) in model.states.enumerated() where !reached.contains(index) {
            // Report the outermost unreachable state only; its children follow from it.
            if let parent = state.parent, !reached.contains(parent) { continue }
            diagnostics.emit(.unreachableState(state.name, at: state.range))
        }
    }

    /// Judged for reachable leaves only: an unreachable state already has its own warning.
    private static func checkDeadEnds(_ model: Model, reached: Set<Int>, diagnostics: inout DiagnosticEngine) {
        for (index, state) in model.states.enumerated() where !state.isComposite && !state.isFinal && reached.contains(index) {
            // Any external transition leads out, a self-transition too: it exits and re-enters the state.
            let leadsOut = model.transitionsThatMayFire(in: index).contains { $0.target != .internal }
            if !leadsOut { diagnostics.emit(.deadEnd(state.name, at: state.range)) }
        }
    }

    private static func checkUnusedEvents(_ model: Model, diagnostics: inout DiagnosticEngine) {
        let used = Set(model.allTransitions.map(\.event))
        for (index, event) in model.events.enumerated() where event.isDeclared && !used.contains(index) {
            diagnostics.emit(.unusedEvent(event.name, at: event.range))
        }
    }

    private static func checkPopWithoutPush(_ model: Model, diagnostics: inout DiagnosticEngine) {
        guard !model.usesPush else { return }
        for transition in model.allTransitions where transition.target == .pop {
            diagnostics.emit(.popWithoutPush(at: transition.range))
        }
    }
}
