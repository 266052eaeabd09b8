/// Completion transitions (section 4a) in the generated file, written only for a machine that has
/// them (``Model/usesCompletion``); every other machine gets none of it.
///
/// Only a state that has completion transitions is ever queued: the completion of any other state
/// would be dropped at once, with nothing to observe. In a machine without parallel states a step
/// enters one leaf, so entering the leaf is the only moment a state completes: the leaf itself when it
/// is a simple state, its parent when it is a final state (`State.completes`).
extension SwiftMachineEmitter {
    /// `handleCompletions(_:)`: the pending completions, first in, first out.
    func emitHandleCompletions(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        out.docComment([
            "Handles the pending completions in the order the states completed, those caused meanwhile",
            "by completion transitions behind them. A state whose turn comes when it is no longer complete",
            "(the active leaf is no longer the one whose entry completed it) is skipped. Events sent",
            "meanwhile wait in the queue: completions come first.",
        ])
        out.block("private func handleCompletions(_ \(actionsName): \(names.actionsExistential))") { out in
            out.line("var next = 0")
            out.block("while next < machine.completions.count") { out in
                out.line("let state = machine.completions[next]")
                out.line("next += 1")
                out.line("if machine.current.completes?.id == state.id { _ = state.completion(self, \(actionsName)) }")
            }
            out.line("machine.completions.removeAll(keepingCapacity: true)")
        }
    }
}

/// The members the states have only in a machine that uses completion or history.
extension SwiftMachineEmitter {
    /// The defaults in the base class `State`.
    func emitVersion2Members(into out: inout CodeWriter) {
        let state = names.stateMetatype
        if uses(.completions) {
            out.docComment([
                "The state that completes when this one is entered, if it has completion transitions: this",
                "state (a simple state), or the composite state whose final child this is.",
            ])
            out.line("class var completes: \(state)? { nil }")
        }
        if uses(.history) {
            out.docComment(["`initial history`: the default entry of this state enters it by its history."])
            out.line("class var initialHistory: \(names.historyKind)? { nil }")
            out.docComment(["Whether this is a final state inside a composite state."])
            out.line("class var isFinal: Bool { false }")
        }
    }

    /// The overrides of one state.
    func emitVersion2Overrides(_ index: Int, into out: inout CodeWriter) {
        let state = model.states[index]
        if let completes = plan.completedOnEntry(of: index) {
            out.line("override class var completes: \(names.stateMetatype)? { \(names.stateType(completes)).self }")
        }
        if let kind = state.initialHistory {
            out.line("override class var initialHistory: \(names.historyKind)? { .\(kind.rawValue) }")
        }
        if uses(.history) && state.isFinal && state.parent != nil {
            out.line("override class var isFinal: Bool { true }")
        }
    }
}
