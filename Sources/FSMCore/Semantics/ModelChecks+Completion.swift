/// The checks of completion transitions (section 4a) that need the whole model: cycles that would
/// never end, completions that can never happen, and event transitions of states that are left as
/// soon as they are entered.
extension ModelChecks {
    /// An error for each cycle of completions that certainly never ends: every state on it is left
    /// by its first completion transition, which has no guard (so nothing else can be taken), and
    /// that transition's default entry certainly completes the next state of the cycle first.
    /// Cycles through a guard, a history entry or an `initial history` may end, and are the
    /// author's responsibility (docs/Language.md).
    static func checkCompletionCycles(_ model: Model, diagnostics: inout DiagnosticEngine) {
        var next: [Int: Int] = [:]
        for state in model.states.indices {
            guard let first = model.completionTransitions(of: state).first, first.alwaysFires,
                case .state(let target) = first.target,
                let completed = firstCompletion(entering: target, below: first.domain, in: model)
            else { continue }
            next[state] = completed
        }
        var reported = Set<Int>()
        for start in next.keys.sorted() where !reported.contains(start) {
            // Follow the edges from `start`; a cycle is found when a state comes back.
            var path: [Int] = []
            var current: Int? = start
            while let state = current, !path.contains(state), !reported.contains(state) {
                path.append(state)
                current = next[state]
            }
            guard let repeated = current, let loopStart = path.firstIndex(of: repeated) else {
                reported.formUnion(path)
                continue
            }
            var cycle = Array(path[loopStart...])
            // Begin with the state written first, so the report does not depend on where the search began.
            let first = cycle.indices.min { cycle[$0] < cycle[$1] } ?? 0
            cycle = Array(cycle[first...] + cycle[..<first])
            reported.formUnion(path)
            diagnostics.emit(
                .completionCycle(
                    cycle.map { (model.states[$0].name, model.completionTransitions(of: $0)[0].range) }))
        }
    }

    /// The state whose completion is handled first after a transition with this domain enters
    /// `target` by its default entry, when that is certain: the simple state the entry ends in, or
    /// the composite whose final state it ends in. `nil` when the entry completes nothing, finishes
    /// the machine, or depends on history. A state with an activity completes only when its
    /// activity is done (section 4f), not on entry: `nil` too.
    private static func firstCompletion(entering target: Int, below domain: Int?, in model: Model) -> Int? {
        let entered = model.entrySet(to: target, below: domain)
        guard !entered.contains(where: { model.states[$0].initialHistory != nil || model.states[$0].isParallel }),
            let leaf = entered.last, !model.states[leaf].isComposite
        else { return nil }
        let completed = model.states[leaf].isFinal ? model.states[leaf].parent : leaf
        return completed.flatMap { model.states[$0].activity == nil ? $0 : nil }
    }

    /// Whether a composite or parallel state can ever complete: a composite state with a final
    /// child; a parallel state whose regions all can (a simple region never completes).
    static func canComplete(_ state: Int, in model: Model) -> Bool {
        let children = model.states[state].children
        if model.states[state].isParallel { return children.allSatisfy { canComplete($0, in: model) } }
        return children.contains { model.states[$0].isFinal }
    }

    /// Warnings for completion transitions that never fire (a composite state without a final
    /// child never completes) and for event transitions of a simple state that an unguarded
    /// completion transition always leaves at once.
    static func checkCompletionsThatNeverFire(_ model: Model, diagnostics: inout DiagnosticEngine) {
        for (index, state) in model.states.enumerated() {
            let completions = model.completionTransitions(of: index)
            guard !completions.isEmpty else { continue }
            if state.isComposite, !canComplete(index, in: model) {
                for transition in completions {
                    diagnostics.emit(.completionNeverFires(state.name, isParallel: state.isParallel, at: transition.range))
                }
            }
            if model.isLeftOnCompletion(index), let leaving = completions.first(where: \.alwaysFires) {
                for transition in state.transitions where !transition.isCompletion {
                    diagnostics.emit(
                        .shadowedByCompletion(
                            transition.event.map { model.events[$0].name } ?? "", state: state.name, at: transition.range,
                            completion: leaving.range))
                }
            }
        }
    }
}
