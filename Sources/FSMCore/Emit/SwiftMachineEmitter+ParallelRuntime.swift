/// Parallel states (section 4c) in the generated file: the run-time data and the rules of a step,
/// written only for a machine that has a parallel state. Every other machine keeps the one-leaf
/// shape of the other files and pays nothing for regions.
///
/// The shape: the machine holds its configuration (the active states in document order) and its
/// active leaves, one per active region, each a state class of its own kind. An event is handed
/// to each active leaf in document order; a leaf's handler tries its transitions and defers
/// outwards as in a machine without regions, but a state examined once for the event is not
/// examined again (`examine`), and a transition that is enabled is *selected* (`select`) rather
/// than fired. The step then drops the conflicting ones and fires the rest together: exits (union,
/// reverse document order, history recorded first), effects in selection order, entries (union,
/// document order), then the completions. The rules are those of Model+Structure
/// (``Model/selectTransitions(for:in:isEnabled:)``, ``Model/removingConflicts(from:in:)``,
/// ``Model/exitSet(of:in:popping:)``, ``Model/entrySet(to:below:by:history:)``,
/// ``Model/completingStates(onEntering:in:)``, ``Model/innermostContaining(_:)``), written here
/// for state classes.
///
/// Allocations: a step builds small arrays (the transitions kept, the states exited and entered,
/// the new configuration); selecting transitions and the direct step reuse the runtime's fixed lists
/// (`FixedList`) and allocate nothing.
extension SwiftMachineEmitter {
    /// The runtime struct of a machine with parallel states, with the rules of a step that do not
    /// run activities; then the table of transitions.
    func emitParallelRuntime(into out: inout CodeWriter) {
        let machineName = names.machine
        let s = names.stateMetatype
        let machineSlot = model.states.count
        let initial = model.defaultEntry(of: nil)
        let leaves = model.activeLeaves(of: initial)
        func list(_ states: [Int]) -> String { "[" + states.map { names.stateType($0) + ".self" }.joined(separator: ", ") + "]" }
        out.docComment(["What changes while a ``\(machineName)`` runs, and the rules of a step that read it."])
        out.block("fileprivate struct \(names.runtime)") { out in
            emitFixedList(into: &out)
            let capacity = model.states.count
            out.docComment(["The active states in document order (before `start()`, the ones it will enter)."])
            out.line("var configurationList = FixedList<\(s)>(\(list(initial)), capacity: \(capacity))")
            out.line("var configuration: UnsafeMutableBufferPointer<\(s)> { configurationList.elements }")
            out.docComment(["The active leaves in document order: the active state of each active region."])
            out.line("var leafList = FixedList<\(s)>(\(list(leaves)), capacity: \(capacity))")
            out.line("var leaves: UnsafeMutableBufferPointer<\(s)> { leafList.elements }")
            emitRunFields(into: &out)
            if uses(.history) {
                out.docComment([
                    "For each state that records history and has been exited (by its `number`): the states",
                    "active inside it when it was last exited, in document order.",
                ])
                out.line("var history: [Int: [\(s)]] = [:]")
            }
            out.docComment([
                "The transitions selected for the event or completion being processed, by number, in order:",
                "the first `selectedCount`. One per active leaf at most, so there is room enough.",
            ])
            let room = plan.maximumSelected
            out.line("let selectedList = FixedList([Int](repeating: 0, count: \(room)), capacity: \(room))")
            out.line("var selected: UnsafeMutableBufferPointer<Int> { selectedList.elements }")
            out.line("var selectedCount = 0")
            out.docComment(["Whether a selected transition has a target: without one, nothing is exited or entered."])
            out.line("var selectedExternal = false")
            out.docComment([
                "For each state (by `number`) and, last, the machine: the selection in which it was last",
                "examined. A state examined in the current selection is not examined again.",
            ])
            out.line("let examinedList = FixedList([Int](repeating: 0, count: \(machineSlot + 1)), capacity: \(machineSlot + 1))")
            out.line("var examined: UnsafeMutableBufferPointer<Int> { examinedList.elements }")
            out.line("var selection = 0")
            out.line()
            out.lines(runtimeRules(s: s, machineSlot: machineSlot))
        }
        out.line()
        emitTransitionTable(into: &out)
    }

    /// The members of the runtime struct that select, and the rules of sets of states.
    private func runtimeRules(s: String, machineSlot: Int) -> [String] {
        var text = """
            /// Starts a selection: nothing selected, nothing examined yet.
            mutating func beginSelection() {
                selectedCount = 0
                selectedExternal = false
                selection &+= 1
            }

            /// Marks a state (by `number`; \(machineSlot) for the machine) examined; `false` when it already was.
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
            mutating func replaceLeaf(_ source: \(s), by target: \(s)) {
                if let index = configuration.firstIndex(where: { $0 == source }) { configuration[index] = target }
                if let index = leaves.firstIndex(where: { $0 == source }) { leaves[index] = target }
            }

            /// Whether `state` is active.
            func isActive(_ state: \(s)) -> Bool { configuration.contains { $0.number == state.number } }

            /// The innermost active state that contains every active state: the first active state,
            /// then down through its active child as long as it is not a parallel state. In document
            /// order, the active child of a state that is not parallel comes right after it.
            var innermostContaining: \(names.machine).StateID {
                var index = 0
                while index + 1 < configuration.count, !configuration[index].isParallel,
                    configuration[index + 1].parent == configuration[index]
                {
                    index += 1
                }
                return configuration[index].id
            }

            """
        if !plan.allDirect || uses(.history) {
            text += """
                /// Whether `state` lies inside `node` and is not `node`; every state lies inside the machine (`nil`).
                static func isProperDescendant(_ state: \(s), of node: \(s)?) -> Bool {
                    guard let node else { return true }
                    var ancestor = state.parent
                    while let current = ancestor {
                        if current.number == node.number { return true }
                        ancestor = current.parent
                    }
                    return false
                }

                """
        }
        if !plan.allDirect {
            text += """
                /// The active states `transition` exits: none for an internal one, else those inside its domain.
                func exitSet(of transition: \(names.transitionInfo)) -> [\(s)] {
                    guard transition.target != nil else { return [] }
                    return configuration.filter { Self.isProperDescendant($0, of: transition.domain) }
                }

                /// The selected transitions that fire, in selection order: each in turn replaces the ones kept
                /// so far whose exit sets meet its own when its source lies inside the source of every one of
                /// them (the more specific wins), and is dropped otherwise.
                func removingConflicts() -> [Int] {
                    var kept: [Int] = []
                    for number in selected[..<selectedCount] {
                        let transition = \(names.transitionInfo).numbered(number)
                        let exits = exitSet(of: transition)
                        let conflicting = kept.indices.filter { index in
                            exitSet(of: .numbered(kept[index])).contains { state in exits.contains { $0.number == state.number } }
                        }
                        let isMoreSpecific = conflicting.allSatisfy { index in
                            transition.source.map { Self.isProperDescendant($0, of: \(names.transitionInfo).numbered(kept[index]).source) } ?? false
                        }
                        guard isMoreSpecific else { continue }
                        for index in conflicting.reversed() { kept.remove(at: index) }
                        kept.append(number)
                    }
                    return kept
                }

                /// The states entered when a transition with this domain enters `target`: from just below the
                /// domain down to the target, the other regions of the parallel states on the way by their
                /// default entry, then what the target's entry enters below it; in document order.
                func entrySet(to target: \(s), below domain: \(s)?\(historyArgument(declaring: true))) -> [\(s)] {
                    var path: [\(s)] = []
                    var current: \(s)? = target
                    while let state = current, state.number != domain?.number {
                        path.append(state)
                        current = state.parent
                    }
                    var entered = path
                    for state in path.dropFirst() where state.isParallel {
                        for region in state.regions where !path.contains(where: { $0.number == region.number }) {
                            entered += [region] + entry(below: region\(historyArgument(passing: "nil")))
                        }
                    }
                    entered += entry(below: target\(historyArgument(passing: "history")))
                    return entered.sorted { $0.number < $1.number }
                }

                """
        }
        text += directStepRules(s: s)
        if uses(.history) {
            text += """
                /// The states entered below `node`, in document order: by its history when `history` is given
                /// or it has `initial history`, if it has a record and the child recorded is not a final state
                /// (shallow: the recorded children, each by its default entry; deep: every recorded state);
                /// else by its default entry: every region of a parallel state, the initial child of another.
                func entry(below node: \(s), by history: \(names.historyKind)?) -> [\(s)] {
                    if let kind = history ?? node.initialHistory, let record = self.history[node.number],
                        !record.contains(where: { $0.isFinal && $0.parent?.number == node.number })
                    {
                        switch kind {
                        case .deep: return record
                        case .shallow:
                            return record.filter { $0.parent?.number == node.number }.flatMap { [$0] + entry(below: $0, by: nil) }
                        }
                    }
                    if node.isParallel { return node.regions.flatMap { [$0] + entry(below: $0, by: nil) } }
                    guard let child = node.initial else { return [] }
                    return [child] + entry(below: child, by: nil)
                }

                /// Records, for each state of `exiting` that records history, the active states inside it.
                mutating func record(exiting: [\(s)]) {
                    for state in exiting where state.recordsHistory {
                        history[state.number] = configuration.filter { Self.isProperDescendant($0, of: state) }
                    }
                }

                """
        } else {
            text += """
                /// The states the default entry of `node` enters below it, in document order: every region of a
                /// parallel state, the initial child of another, each by its own default entry.
                func entry(below node: \(s)) -> [\(s)] {
                    if node.isParallel { return node.regions.flatMap { [$0] + entry(below: $0) } }
                    guard let child = node.initial else { return [] }
                    return [child] + entry(below: child)
                }

                """
        }
        if uses(.completions) {
            text += """
                /// Whether `state`, active in `configuration`, is complete: a parallel state whose regions are
                /// all complete; another composite state with an active final child.
                static func isComplete(_ state: \(s), in configuration: some Collection<\(s)>) -> Bool {
                    if state.isParallel { return state.regions.allSatisfy { isComplete($0, in: configuration) } }
                    return configuration.contains { $0.isFinal && $0.parent?.number == state.number }
                }

                /// The states that complete when `entering` are entered, in the order they complete: each simple
                /// non-final state; the parent of each final state, and each parallel state above it once its
                /// last region completes (counting the states entered so far).
                func completingStates(onEntering entering: [\(s)]) -> [\(s)] {
                    var result: [\(s)] = []
                    for (position, state) in entering.enumerated() {
                        if !state.isFinal {
                            if !state.isComposite { result.append(state) }
                            continue
                        }
                        let notYetEntered = entering[(position + 1)...]
                        let enteredSoFar = configuration.filter { active in !notYetEntered.contains { $0.number == active.number } }
                        var completed = state.parent
                        while let node = completed, !result.contains(where: { $0.number == node.number }) {
                            result.append(node)
                            completed = node.parent.flatMap { $0.isParallel && Self.isComplete($0, in: enteredSoFar) ? $0 : nil }
                        }
                    }
                    return result
                }

                """
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// `FixedList`, the storage of the configuration, the leaves and the selection: room allocated
    /// once, which a step rewrites in place without the uniqueness and capacity checks of an array
    /// (in Stream, the parallel machine of the dispatch benchmark, those checks were about a tenth of
    /// an event's time).
    private func emitFixedList(into out: inout CodeWriter) {
        out.docComment([
            "Room for `capacity` elements, allocated once: steps rewrite the configuration, the leaves and",
            "the selection in place, without an array's checks that it is unshared and has room. A list",
            "is never shared; its elements (state classes, numbers) are trivial; `elements` is read only",
            "while the list's count is unchanged.",
        ])
        out.block("final class FixedList<Element>") { out in
            out.docComment(["Its own memory, freed with it; `nonisolated(unsafe)` so that `deinit` may free it."])
            out.line("nonisolated(unsafe) private let storage: UnsafeMutablePointer<Element>")
            out.line("private let capacity: Int")
            out.line("private(set) var count = 0")
            out.line()
            out.block("init(_ elements: [Element], capacity: Int)") { out in
                out.line("storage = .allocate(capacity: capacity)")
                out.line("self.capacity = capacity")
                out.line("replace(with: elements)")
            }
            out.line()
            out.line("deinit { storage.deallocate() }")
            out.line()
            out.docComment(["The elements, to read, or to replace one by another in place."])
            out.line("var elements: UnsafeMutableBufferPointer<Element> { .init(start: storage, count: count) }")
            out.line()
            out.line("func removeAll() { count = 0 }")
            out.line()
            out.block("func append(_ element: Element)") { out in
                out.line("precondition(count < capacity, \"a FixedList is full\")")
                out.line("(storage + count).initialize(to: element)")
                out.line("count += 1")
            }
            out.line()
            out.block("func replace(with elements: [Element])") { out in
                out.line("removeAll()")
                out.line("for element in elements { append(element) }")
            }
        }
    }

    /// `, by history: MHistory?` (declaring) or `, by: history` (passing) in a machine with history.
    private func historyArgument(declaring: Bool = false, passing value: String = "") -> String {
        guard uses(.history) else { return "" }
        return declaring ? ", by history: \(names.historyKind)?" : ", by: \(value)"
    }

    /// `MTransition`: what the step needs to know of each transition, looked up by number.
    private func emitTransitionTable(into out: inout CodeWriter) {
        let s = names.stateMetatype
        let info = names.transitionInfo
        if plan.allDirect {
            out.docComment(["The transitions as the step sees them, looked up by number."])
            out.block("fileprivate enum \(info)") { emitDirectStepTable(into: &$0) }
            return
        }
        out.docComment([
            "A transition as the step sees it: its source (`nil`: the machine), its domain (`nil`: the",
            "machine), its target (`nil`: an internal transition)"
                + (uses(.history) ? " and how the target is entered." : "."),
        ])
        out.block("fileprivate struct \(info)") { out in
            out.line("let source: \(s)?")
            out.line("let domain: \(s)?")
            out.line("let target: \(s)?")
            if uses(.history) { out.line("var history: \(names.historyKind)? = nil") }
            out.line()
            out.docComment(["The transition numbered `number`, in the order the transitions are written."])
            out.block("static func numbered(_ number: Int) -> \(info)") { out in
                out.line("switch number {")
                for (number, transition) in model.allTransitions.enumerated() {
                    let source = transition.source.map { names.stateType($0) + ".self" } ?? "nil"
                    let domain = transition.domain.map { names.stateType($0) + ".self" } ?? "nil"
                    let target = transition.target.state.map { names.stateType($0) + ".self" } ?? "nil"
                    var history = ""
                    if case .history(_, let kind) = transition.target { history = ", history: .\(kind.rawValue)" }
                    out.line("case \(number): \(info)(source: \(source), domain: \(domain), target: \(target)\(history))")
                }
                out.line("default: preconditionFailure(\"no transition \\(number)\")")
                out.line("}")
            }
            if !plan.directSteps.isEmpty {
                out.line()
                emitDirectStepTable(into: &out)
            }
        }
    }
}
