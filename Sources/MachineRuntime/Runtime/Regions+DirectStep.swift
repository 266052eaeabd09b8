// The direct step of a machine with regions: conflicts, exits and the new configuration worked
// out from ranges of state numbers, in place (docs/Performance.md). Copied into each generated
// machine with a parallel state whose transitions have direct steps.

extension FSMMachineRuntime {
    /// Drops the selected transitions that conflict, in place (section 4c): each in turn, in
    /// selection order, replaces the ones kept so far whose exits meet its own when its source lies
    /// inside the source of every one of them (the more specific wins), and is dropped otherwise.
    mutating func removeConflicts() {
        if selectedCount < 2 { return }
        var kept = 0
        for index in 0..<selectedCount {
            let number = selected[index]
            let step = Self.step(number)
            var isMoreSpecific = true
            for other in 0..<kept {
                let earlier = Self.step(selected[other])
                if earlier.exits.overlaps(step.exits) && !earlier.insideSource.contains(step.source) {
                    isMoreSpecific = false
                    break
                }
            }
            guard isMoreSpecific else { continue }
            var count = 0
            for other in 0..<kept where !Self.step(selected[other]).exits.overlaps(step.exits) {
                selected[count] = selected[other]
                count += 1
            }
            selected[count] = number
            kept = count + 1
        }
        selectedCount = kept
    }

    /// Whether the state numbered `state` is exited by a selected transition.
    func isExited(_ state: Int) -> Bool {
        for index in 0..<selectedCount where Self.step(selected[index]).exits.contains(state) { return true }
        return false
    }

    /// Puts the selected transitions in document order of their domains (apart once conflicts are
    /// dropped), so that their entries, taken in turn, are in document order.
    mutating func sortSelectedByExits() {
        if selectedCount < 2 { return }
        for index in 0..<selectedCount {
            var position = index
            let number = selected[index]
            let start = Self.step(number).exits.lowerBound
            while position > 0 && Self.step(selected[position - 1]).exits.lowerBound > start {
                selected[position] = selected[position - 1]
                position -= 1
            }
            selected[position] = number
        }
    }

    /// Starts replacing the active states numbered in `range`: the new configuration and leaves
    /// start with the states before them.
    mutating func beginReplacing(_ range: Range<Int>) {
        var start = 0
        while start < configuration.count && configuration[start].number < range.lowerBound { start += 1 }
        var end = start
        while end < configuration.count && range.contains(configuration[end].number) { end += 1 }
        var leaf = 0
        while leaf < leaves.count && leaves[leaf].number < range.lowerBound { leaf += 1 }
        var leafEnd = leaf
        while leafEnd < leaves.count && range.contains(leaves[leafEnd].number) { leafEnd += 1 }
        newConfiguration.removeAll()
        for index in 0..<start { newConfiguration.append(configuration[index]) }
        newLeaves.removeAll()
        for index in 0..<leaf { newLeaves.append(leaves[index]) }
        rest = (end, leafEnd)
    }

    /// Starts replacing every active state (a transition whose domain is the machine).
    mutating func beginReplacingAll() {
        newConfiguration.removeAll()
        newLeaves.removeAll()
        rest = (configuration.count, leaves.count)
    }

    /// Ends the replacement: the states after the range follow, and the new configuration and
    /// leaves become the machine's (the old ones keep their storage for the next step).
    mutating func endReplacing() {
        for index in rest.configuration..<configuration.count { newConfiguration.append(configuration[index]) }
        for index in rest.leaves..<leaves.count { newLeaves.append(leaves[index]) }
        swap(&configurationList, &newConfiguration)
        swap(&leafList, &newLeaves)
    }
}
