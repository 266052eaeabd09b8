// The general step of a machine with regions (section 4c): exit sets, conflicts and entry sets
// worked out at run time. Copied into each generated machine with a parallel state whose
// transitions do not all have a direct step.

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
