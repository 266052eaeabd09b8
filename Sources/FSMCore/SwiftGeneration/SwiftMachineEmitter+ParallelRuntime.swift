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
/// ``Model/completingStates(onEntering:in:)``, ``Model/innermostContaining(_:)``), written once
/// more: the selection and the direct step for state classes as the run-time code in
/// Sources/MachineRuntime/Runtime, which the plan picks the parts of (``RuntimeCode``) and the file
/// copies after the runtime struct; the general step, history and completion over the machine's
/// tables as FSMRuntime's `RegionRules`, which the file's `rules` hands its tables.
///
/// Allocations: a step builds small arrays (the transitions kept, the states exited and entered,
/// the new configuration); selecting transitions and the direct step reuse the runtime's fixed lists
/// (`FixedList`) and allocate nothing.
extension SwiftMachineEmitter {
    /// The runtime struct of a machine with parallel states, then the rules of a step that read it
    /// (the run-time code the plan picks), then the table of transitions.
    func emitParallelRuntime(into out: inout CodeWriter) {
        let machineName = names.machine
        let s = names.stateMetatype
        let machineSlot = model.states.count
        let initial = model.defaultEntry(of: nil)
        let leaves = model.activeLeaves(of: initial)
        func list(_ states: [Int]) -> String { "[" + states.map { names.stateType($0) + ".self" }.joined(separator: ", ") + "]" }
        out.docComment(["What changes while a ``\(machineName)`` runs; the rules of a step that read it follow."])
        out.lines(declarationAttributes())
        out.block("fileprivate struct \(names.runtime)") { out in
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
                out.line("var history: [Int: [Int]] = [:]")
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
            out.line(
                "let examinedList = FixedList([Int](repeating: 0, count: \(machineSlot + 1)), capacity: \(machineSlot + 1))"
            )
            out.line("var examined: UnsafeMutableBufferPointer<Int> { examinedList.elements }")
            out.line("var selection = 0")
            if !plan.directSteps.isEmpty {
                out.docComment([
                    "The configuration and the leaves a step builds (`beginReplacing`, then the states entered",
                    "appended, then `endReplacing`), kept from one step to the next for their storage.",
                ])
                out.line("var newConfiguration = FixedList([\(s)](), capacity: \(model.states.count))")
                out.line("var newLeaves = FixedList([\(s)](), capacity: \(model.states.count))")
                out.docComment(["Where the states after those being replaced start, in the configuration and the leaves."])
                out.line("var rest = (configuration: 0, leaves: 0)")
            }
        }
        for part in plan.runtimeCode {
            out.line()
            out.lines(
                part.lines(for: names, isolation: isolationAttribute))
        }
        emitTransitionTable(into: &out)
    }

    /// The direct steps' table, looked up by number; nothing when no transition has a direct step.
    private func emitTransitionTable(into out: inout CodeWriter) {
        guard !plan.directSteps.isEmpty else { return }
        out.line()
        out.block("extension \(names.runtime)") { emitDirectStepTable(into: &$0) }
    }

    /// Whether the machine's step reads `rules`: for its general step (a transition without a
    /// direct step) or for completion.
    var needsRules: Bool { !plan.allDirect || uses(.completions) }

    /// `rules`, the machine's tables as the library's rules of a step read them: each state's
    /// initial child, the final states, the states that record history or are entered by it, the
    /// states' activities, and each transition's source, domain, target and history. Written piece
    /// by piece: a large machine has thousands of states and transitions.
    func emitRules(into out: inout CodeWriter) {
        let states = model.states.indices
        func numbers(_ values: some Sequence<Int>) -> String { "[" + values.map(String.init).joined(separator: ", ") + "]" }
        out.line()
        out.docComment(["The machine's tables as the rules of its step read them, by number; -1: none, or the machine."])
        out.line("private static let rules = FSMRuntime.RegionRules(")
        out.indented { out in
            var arguments = ["tree: stateTree", "initial: \(numbers(model.states.lazy.map { $0.initial ?? -1 }))"]
            let finals = states.filter { model.states[$0].isFinal }
            if !finals.isEmpty { arguments.append("finals: \(numbers(finals))") }
            let recording = states.filter { model.states[$0].recordsHistory }
            if !recording.isEmpty { arguments.append("recording: \(numbers(recording))") }
            let kinds = states.compactMap { state in model.states[state].initialHistory.map { "\(state): .\($0.rawValue)" } }
            if !kinds.isEmpty { arguments.append("initialHistory: [\(kinds.joined(separator: ", "))]") }
            if uses(.activities) {
                arguments.append("activities: [\(plan.activities.map { "\($0.state): \($0.number)" }.joined(separator: ", "))]")
            }
            guard !plan.allDirect else {
                out.line(arguments.joined(separator: ", ") + ")")
                return
            }
            out.line(arguments.joined(separator: ", ") + ",")
            out.line("transitions: [")
            out.indented { out in
                for (index, planned) in plan.transitionsAndTimeouts.enumerated() {
                    precondition(planned.number == index, "the transitions are numbered in order")
                    let transition = planned.transition
                    var history = ""
                    if case .history(_, let kind) = transition.target { history = ", history: .\(kind.rawValue)" }
                    out.line(
                        ".init(source: \(transition.source ?? -1), domain: \(transition.domain ?? -1), target: \(transition.target.state ?? -1)\(history)),  // \(label(of: planned))"
                    )
                }
            }
            out.line("])")
        }
    }
}
