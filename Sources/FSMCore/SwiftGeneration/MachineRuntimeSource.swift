// Generated from Sources/MachineRuntime/Runtime by `make golden`. Do not edit: edit the run-time
// code there (Sources/MachineRuntime/README.md).
// swift-format-ignore-file

/// The run-time code of generated machines, as written in Sources/MachineRuntime/Runtime.
enum MachineRuntimeSource {
    /// Each file's text by its name, without the header comment.
    static let files: [String: String] = [
        "FixedList": #"""
extension FSMMachineRuntime {
    /// Room for `capacity` elements, allocated once: steps rewrite the configuration, the leaves and
    /// the selection in place, without an array's checks that it is unshared and has room. A list
    /// is never shared; its elements (state classes, numbers) are trivial; `elements` is read only
    /// while the list's count is unchanged.
    final class FixedList<Element> {
        /// Its own memory, freed with it; `nonisolated(unsafe)` so that `deinit` may free it.
        nonisolated(unsafe) private let storage: UnsafeMutablePointer<Element>
        private let capacity: Int
        private(set) var count = 0

        init(_ elements: [Element], capacity: Int) {
            storage = .allocate(capacity: capacity)
            self.capacity = capacity
            replace(with: elements)
        }

        deinit { storage.deallocate() }

        /// The elements, to read, or to replace one by another in place.
        var elements: UnsafeMutableBufferPointer<Element> { .init(start: storage, count: count) }

        func removeAll() { count = 0 }

        func append(_ element: Element) {
            precondition(count < capacity, "a FixedList is full")
            (storage + count).initialize(to: element)
            count += 1
        }

        func replace(with elements: [Element]) {
            removeAll()
            for element in elements { append(element) }
        }
    }
}
"""#,
        "Regions+DirectStep": #"""
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
"""#,
        "Regions": #"""
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
"""#,
    ]
}
