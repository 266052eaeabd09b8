// Completion (section 4a) in a machine with regions: which states complete when states are
// entered. Copied into each generated machine that has a parallel state and completion transitions.

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
