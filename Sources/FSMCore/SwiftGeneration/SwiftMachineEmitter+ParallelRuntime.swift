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
/// more for state classes as the run-time code in Sources/MachineRuntime/Runtime, which the plan
/// picks the parts of (``RuntimeCode``) and the file copies after the runtime struct.
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
                part.lines(
                    for: names, withMachine: plan.workNeedsMachine, withActivities: uses(.activities),
                    isolation: isolationAttribute))
        }
        out.line()
        emitTransitionTable(into: &out)
    }

    /// `MTransition`: what the step needs to know of each transition, looked up by number.
    private func emitTransitionTable(into out: inout CodeWriter) {
        let s = names.stateMetatype
        let info = names.transitionInfo
        if plan.allDirect {
            out.docComment(["The transitions as the step sees them, looked up by number."])
            out.lines(declarationAttributes())
            out.block("fileprivate enum \(info)") { emitDirectStepTable(into: &$0) }
            return
        }
        out.docComment([
            "A transition as the step sees it: its source (`nil`: the machine), its domain (`nil`: the",
            "machine), its target (`nil`: an internal transition)"
                + (uses(.history) ? " and how the target is entered." : "."),
        ])
        out.lines(declarationAttributes())
        out.block("fileprivate struct \(info)") { out in
            out.line("let source: \(s)?")
            out.line("let domain: \(s)?")
            out.line("let target: \(s)?")
            if uses(.history) { out.line("var history: \(names.historyKind)? = nil") }
            out.line()
            out.docComment(["The transition numbered `number`, in the order the transitions are written."])
            out.block("static func numbered(_ number: Int) -> \(info)") { out in
                out.line("switch number {")
                for planned in plan.transitionsAndTimeouts {
                    let (number, transition) = (planned.number, planned.transition)
                    let source = transition.source.map { names.stateType($0) + ".self" } ?? "nil"
                    let domain = transition.domain.map { names.stateType($0) + ".self" } ?? "nil"
                    let target = transition.target.state.map { names.stateType($0) + ".self" } ?? "nil"
                    var history = ""
                    if case .history(_, let kind) = transition.target { history = ", history: .\(kind.rawValue)" }
                    out.line(
                        "case \(number): \(info)(source: \(source), domain: \(domain), target: \(target)\(history))  // \(label(of: planned))"
                    )
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
