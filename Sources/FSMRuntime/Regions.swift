// The hot path of a machine with parallel states (section 4c): its configuration and leaves, the
// selection (each state examined once per event) and the direct step (conflicts, exits and the new
// configuration worked out from ranges of state numbers, in place). The general step is RegionRules.

/// What a machine with parallel states changes on every event: its configuration and its active
/// leaves, the transitions selected for the event, and the configuration the direct step builds.
///
/// `State` is what names one of the machine's states (its state classes' metatype). What the type
/// needs to know of a state, it is handed as a closure by the machine's file (a state's number in
/// document order, whether it is parallel, its parent), and a transition's direct step (the states
/// it exits when active, its source, the states inside its source) as the file's table, so that one
/// type serves every machine. Every member is `@inlinable`: the machine's file is optimised with
/// it, the closures and the table inlined, as if the code were written there.
///
/// Noncopyable, like its lists (``FixedList``): the machine's storage holds it inline and is never
/// copied. Allocates only when it is made: a selection and a direct step rewrite it in place.
@frozen
public struct Regions<State>: ~Copyable {
    /// The active states in document order (before the machine starts, the ones it will enter).
    public var configurationList: FixedList<State>
    /// The active leaves in document order: the active state of each active region.
    public var leafList: FixedList<State>
    /// The configuration and the leaves a direct step builds (``beginReplacing(_:number:)``, then the
    /// states entered appended, then ``endReplacing()``), kept from one step to the next for their
    /// storage.
    public var newConfiguration: FixedList<State>
    public var newLeaves: FixedList<State>
    /// Where the states after those being replaced start, in the configuration and the leaves.
    @usableFromInline var rest = (configuration: 0, leaves: 0)
    /// The transitions selected for the event or completion being processed, by number, in order:
    /// the first `selectedCount` of its room.
    @usableFromInline let selectedList: FixedList<Int>
    @usableFromInline var _selectedCount = 0
    @usableFromInline var _selectedExternal = false
    /// For each state (by number) and, last, the machine: the selection in which it was last
    /// examined. A state examined in the current selection is not examined again.
    @usableFromInline let examinedList: FixedList<Int>
    @usableFromInline var selection = 0

    /// A machine of `states` states whose configuration is `configuration` with the leaves
    /// `leaves`, that selects `selecting` transitions at most for an event (one per active leaf), and
    /// builds new configurations in place when `replacing` (it has direct steps).
    @inlinable
    public init(configuration: [State], leaves: [State], states: Int, selecting: Int, replacing: Bool = true) {
        configurationList = FixedList(configuration, capacity: states)
        leafList = FixedList(leaves, capacity: states)
        newConfiguration = FixedList(capacity: replacing ? states : 0)
        newLeaves = FixedList(capacity: replacing ? states : 0)
        selectedList = FixedList(repeating: 0, count: selecting)
        examinedList = FixedList(repeating: 0, count: states + 1)
    }

    /// The active states in document order, to read, or to replace one by another in place.
    @inlinable
    public var configuration: UnsafeMutableBufferPointer<State> { configurationList.elements }

    /// The active leaves in document order, to read, or to replace one by another in place.
    @inlinable
    public var leaves: UnsafeMutableBufferPointer<State> { leafList.elements }

    // MARK: The selection

    /// How many transitions are selected.
    @inlinable
    public var selectedCount: Int { _selectedCount }

    /// The transitions selected, by number, in order.
    @inlinable
    public var selected: UnsafeMutableBufferPointer<Int> { .init(start: selectedList.storage, count: _selectedCount) }

    /// Whether a selected transition has a target: without one, nothing is exited or entered.
    @inlinable
    public var selectedExternal: Bool { _selectedExternal }

    /// Starts a selection: nothing selected, nothing examined yet.
    @inlinable
    public mutating func beginSelection() {
        _selectedCount = 0
        _selectedExternal = false
        selection &+= 1
    }

    /// Marks a state (by number; the machine's is the last) examined; `false` when it already was.
    @inlinable
    public mutating func examine(_ number: Int) -> Bool {
        let examined = examinedList.storage
        if examined[number] == selection { return false }
        examined[number] = selection
        return true
    }

    /// Selects a transition (by number), external when it has a target. Always `true`: the handler
    /// that selects it is done.
    @inlinable
    public mutating func select(_ number: Int, isExternal: Bool = false) -> Bool {
        selectedList.storage[_selectedCount] = number
        _selectedCount += 1
        if isExternal { _selectedExternal = true }
        return true
    }

    /// Whether every selected transition passes `test`.
    @inlinable
    public func allSelected(_ test: (Int) -> Bool) -> Bool {
        let selected = selectedList.storage
        for index in 0..<_selectedCount where !test(selected[index]) { return false }
        return true
    }

    /// A local transition's target takes its source's place (the state that `isSource`) among the
    /// active states and leaves.
    @inlinable
    public mutating func replaceLeaf(where isSource: (State) -> Bool, by target: State) {
        let configuration = configuration
        if let index = configuration.firstIndex(where: isSource) { configuration[index] = target }
        let leaves = leaves
        if let index = leaves.firstIndex(where: isSource) { leaves[index] = target }
    }

    /// The innermost active state that contains every active state: the first active state, then
    /// down through its active child as long as it is not a parallel state (`isParallel`; `isChild`
    /// says whether a state is the child of another). In document order, the active child of a
    /// state that is not parallel comes right after it.
    @inlinable
    public func innermostContaining(isParallel: (State) -> Bool, isChild: (State, State) -> Bool) -> State {
        let configuration = configuration
        var index = 0
        while index + 1 < configuration.count, !isParallel(configuration[index]),
            isChild(configuration[index + 1], configuration[index])
        {
            index += 1
        }
        return configuration[index]
    }

    // MARK: The direct step

    /// Drops the selected transitions that conflict, in place (section 4c): each in turn, in
    /// selection order, replaces the ones kept so far whose exits meet its own when its source lies
    /// inside the source of every one of them (the more specific wins), and is dropped otherwise.
    /// `step` is the machine's table of direct steps, by transition number.
    @inlinable
    public mutating func removeConflicts(
        _ step: (Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>)
    ) {
        if _selectedCount < 2 { return }
        let selected = selectedList.storage
        var kept = 0
        for index in 0..<_selectedCount {
            let number = selected[index]
            let transition = step(number)
            var isMoreSpecific = true
            for other in 0..<kept {
                let earlier = step(selected[other])
                if earlier.exits.overlaps(transition.exits) && !earlier.insideSource.contains(transition.source) {
                    isMoreSpecific = false
                    break
                }
            }
            guard isMoreSpecific else { continue }
            var count = 0
            for other in 0..<kept where !step(selected[other]).exits.overlaps(transition.exits) {
                selected[count] = selected[other]
                count += 1
            }
            selected[count] = number
            kept = count + 1
        }
        _selectedCount = kept
    }

    /// Whether the state numbered `state` is exited by a selected transition.
    @inlinable
    public func isExited(
        _ state: Int, _ step: (Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>)
    ) -> Bool {
        let selected = selectedList.storage
        for index in 0..<_selectedCount where step(selected[index]).exits.contains(state) { return true }
        return false
    }

    /// Puts the selected transitions in document order of their domains (apart once conflicts are
    /// dropped), so that their entries, taken in turn, are in document order.
    @inlinable
    public mutating func sortSelectedByExits(
        _ step: (Int) -> (exits: Range<Int>, source: Int, insideSource: Range<Int>)
    ) {
        if _selectedCount < 2 { return }
        let selected = selectedList.storage
        for index in 0..<_selectedCount {
            var position = index
            let number = selected[index]
            let start = step(number).exits.lowerBound
            while position > 0 && step(selected[position - 1]).exits.lowerBound > start {
                selected[position] = selected[position - 1]
                position -= 1
            }
            selected[position] = number
        }
    }

    /// Starts replacing the active states numbered in `range` (`number` gives a state's number): the
    /// new configuration and leaves start with the states before them.
    @inlinable
    public mutating func beginReplacing(_ range: Range<Int>, number: (State) -> Int) {
        let configuration = configuration
        let leaves = leaves
        var start = 0
        while start < configuration.count && number(configuration[start]) < range.lowerBound { start += 1 }
        var end = start
        while end < configuration.count && range.contains(number(configuration[end])) { end += 1 }
        var leaf = 0
        while leaf < leaves.count && number(leaves[leaf]) < range.lowerBound { leaf += 1 }
        var leafEnd = leaf
        while leafEnd < leaves.count && range.contains(number(leaves[leafEnd])) { leafEnd += 1 }
        newConfiguration.removeAll()
        for index in 0..<start { newConfiguration.append(configuration[index]) }
        newLeaves.removeAll()
        for index in 0..<leaf { newLeaves.append(leaves[index]) }
        rest = (end, leafEnd)
    }

    /// Replaces the active states numbered in `range` (`number` gives a state's number) by one leaf:
    /// the direct step of a transition that enters its target alone, a leaf.
    @inlinable
    public mutating func replace(_ range: Range<Int>, byLeaf leaf: State, number: (State) -> Int) {
        beginReplacing(range, number: number)
        newConfiguration.append(leaf)
        newLeaves.append(leaf)
        endReplacing()
    }

    /// Starts replacing every active state (a transition whose domain is the machine).
    @inlinable
    public mutating func beginReplacingAll() {
        newConfiguration.removeAll()
        newLeaves.removeAll()
        rest = (configuration.count, leaves.count)
    }

    /// Ends the replacement: the states after the range follow, and the new configuration and
    /// leaves become the machine's (the old ones keep their storage for the next step).
    @inlinable
    public mutating func endReplacing() {
        let configuration = configuration
        let leaves = leaves
        for index in rest.configuration..<configuration.count { newConfiguration.append(configuration[index]) }
        for index in rest.leaves..<leaves.count { newLeaves.append(leaves[index]) }
        swap(&configurationList, &newConfiguration)
        swap(&leafList, &newLeaves)
    }
}
