// The selection of a machine with regions (section 4c): every active leaf selects, each state is
// examined once per event. Copied into each generated machine that has a parallel state.

extension FSMMachineRuntime {
    /// Starts a selection: nothing selected, nothing examined yet.
    mutating func beginSelection() {
        selectedCount = 0
        selectedExternal = false
        selection &+= 1
    }

    /// Marks a state (by `number`; the machine's is the last) examined; `false` when it already was.
    mutating func examine(_ number: Int) -> Bool {
        if examined[number] == selection { return false }
        examined[number] = selection
        return true
    }

    /// Selects a transition (by number), external when it has a target. Always `true`: the handler
    /// that selects it is done.
    mutating func select(_ number: Int, isExternal: Bool = false) -> Bool {
        selected[selectedCount] = number
        selectedCount += 1
        if isExternal { selectedExternal = true }
        return true
    }

    /// Whether every selected transition passes `test`.
    func allSelected(_ test: (Int) -> Bool) -> Bool {
        for index in 0..<selectedCount where !test(selected[index]) { return false }
        return true
    }

    /// A local transition's target takes its source's place among the active states and leaves.
    mutating func replaceLeaf(_ source: FSMMachine.State.Type, by target: FSMMachine.State.Type) {
        if let index = configuration.firstIndex(where: { $0 == source }) { configuration[index] = target }
        if let index = leaves.firstIndex(where: { $0 == source }) { leaves[index] = target }
    }

    /// Whether `state` is active.
    func isActive(_ state: FSMMachine.State.Type) -> Bool { configuration.contains { $0.number == state.number } }

    /// The innermost active state that contains every active state: the first active state,
    /// then down through its active child as long as it is not a parallel state. In document
    /// order, the active child of a state that is not parallel comes right after it.
    var innermostContaining: FSMMachine.StateID {
        var index = 0
        while index + 1 < configuration.count, !configuration[index].isParallel,
            configuration[index + 1].parent == configuration[index]
        {
            index += 1
        }
        return configuration[index].id
    }
}
