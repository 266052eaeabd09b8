/// Parallel states (section 4c) in the generated file: the run-time data and the rules of a step,
/// and what reads and sets the configuration directly (the machine class's queries, the snapshot's
/// restore and history records), written only for a machine that has a parallel state
/// (``MachinePlan/Shape/regions``). Every other machine has one active leaf (the +OneLeaf files)
/// and pays nothing for regions.
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
/// more, in FSMRuntime: the selection and the direct step as `Regions`, `@inlinable` so that the
/// machine's file is optimised with them, handed the state classes' facts as closures and the
/// direct steps' table (`step(_:)`); the general step, history and completion over the machine's
/// tables as `RegionRules`, which the file's `rules` hands its tables.
///
/// Allocations: a step builds small arrays (the transitions kept, the states exited and entered,
/// the new configuration); selecting transitions and the direct step reuse the lists of `Regions`
/// (`FixedList`) and allocate nothing.
extension SwiftMachineEmitter {
    /// The runtime struct of a machine with parallel states: its configuration, leaves and selection
    /// in FSMRuntime's `Regions`, which the step's hot path is written in, beside what every machine
    /// stores. Noncopyable, as `Regions` is: the machine class holds it inline and never copies it.
    func emitRegionsRuntime(into out: inout CodeWriter) {
        let s = names.stateMetatype
        let initial = model.defaultEntry(of: nil)
        let leaves = model.activeLeaves(of: initial)
        func list(_ states: [Int]) -> String { "[" + states.map { names.stateType($0) + ".self" }.joined(separator: ", ") + "]" }
        out.docComment(["What changes while the machine runs."])
        out.lines(declarationAttributes())
        out.block("fileprivate struct \(names.runtime): ~Copyable") { out in
            out.docComment([
                "The active states and leaves (before `start()`, the ones it will enter), the transitions",
                "selected for the event being processed (one per active leaf at most) and the lists the",
                "direct step builds.",
            ])
            var arguments = [
                "configuration: \(list(initial))", "leaves: \(list(leaves))", "states: \(model.states.count)",
                "selecting: \(plan.maximumSelected)",
            ]
            if plan.directSteps.isEmpty { arguments.append("replacing: false") }
            out.line("var regions = FSMRuntime.Regions<\(s)>(\(arguments.joined(separator: ", ")))")
            emitRunFields(into: &out)
            if uses(.history) {
                out.docComment([
                    "For each state that records history and has been exited (by its `number`): the states",
                    "active inside it when it was last exited, in document order.",
                ])
                out.line("var history: [Int: [Int]] = [:]")
            }
            out.line()
            out.docComment(["The active states in document order."])
            out.line("var configuration: UnsafeMutableBufferPointer<\(s)> { regions.configuration }")
            out.docComment(["The active leaves in document order: the active state of each active region."])
            out.line("var leaves: UnsafeMutableBufferPointer<\(s)> { regions.leaves }")
            out.docComment(["Whether `state` is active."])
            out.line("func isActive(_ state: \(s)) -> Bool { configuration.contains { $0 == state } }")
        }
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

    /// `activeStates` and `isIn(_:)`, read from the configuration (there is no `state`).
    func emitRegionsConfigurationQueries(into out: inout CodeWriter) {
        out.docComment([
            "The active states in document order: every active region's states, each composite or",
            "parallel state before the states inside it. Before ``start()``, the states `start()` will enter.",
        ])
        emitConfigurationRead("\(api)var activeStates: [StateID]", "machine.configuration.map { $0.id }", into: &out)
        out.line()
        out.docComment(["Whether `state` is active (in any region)."])
        emitConfigurationRead(
            "\(api)func isIn(_ state: StateID) -> Bool", "machine.configuration.contains { $0.id == state }", into: &out)
    }

    /// The end of `restore(from:)`: the configuration and leaves, and the history records, each
    /// the states that were active inside the state.
    func emitRegionsRestore(into out: inout CodeWriter) {
        if uses(.activities) { out.line("let ids = StateID.allCases") }
        out.line("machine.regions.configurationList.replace(with: active.map(Self.stateClass))")
        out.line("machine.regions.leafList.replace(with: Self.stateTree.leaves(of: active).map(Self.stateClass))")
        out.line("machine.isStarted = true")
        if hasFinishedFlag { out.line("machine.isFinished = machine.configuration.contains { $0.finishesMachine }") }
        emitRestoringHistory(recordsHistory: "{ Self.rules.recordsHistory[$0] }", into: &out) { out in
            out.line("machine.history[state] = record")
        }
    }

    /// `recordedHistory()`: a record's state numbers become their names.
    func emitRegionsRecordedHistory(into out: inout CodeWriter) {
        emitRecordedHistory(into: &out) { out in
            out.block("for (state, record) in machine.history") { out in
                out.line("records[Self.stateTree.names[state]] = record.map { Self.stateTree.names[$0] }")
            }
        }
    }
}
