/// Completion transitions (section 4a) in the generated file, written only for a machine that has
/// them (``Model/usesCompletion``); every other machine gets none of it.
///
/// Only a state that has completion transitions is ever queued: the completion of any other state
/// would be dropped at once, with nothing to observe. In a machine without parallel states a step
/// enters one leaf, so entering the leaf is the only moment a state completes: the leaf itself when it
/// is a simple state, its parent when it is a final state (`State.completes`).
extension SwiftMachineEmitter {
    /// Whether the pending completion of `state` (a variable of that name) is still to be handled.
    private var stillComplete: String {
        uses(.activities) ? "isComplete(state)" : "machine.current.completes?.id == state.id"
    }

    /// What the completion of `state` (a variable of that name) does, its turn come: its completion
    /// transitions are tried if it still is complete (the active leaf is still the one whose entry
    /// completed it); else it is skipped.
    func emitOneLeafCompletion(into out: inout CodeWriter) {
        out.line("if \(stillComplete) { _ = state.completion(self, \(names.actionsVariable)) }")
    }
}
