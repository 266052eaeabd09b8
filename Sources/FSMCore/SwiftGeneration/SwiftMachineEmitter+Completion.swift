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

    /// `handleCompletions(_:)`: the pending completions, first in, first out.
    func emitHandleCompletions(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        guard !uses(.raisedEvents) else {
            return emitHandleInternalQueue(into: &out) { out in
                out.line("if \(stillComplete) { _ = state.completion(self, \(actionsName)) }")
            }
        }
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
                out.line("if \(stillComplete) { _ = state.completion(self, \(actionsName)) }")
            }
            out.line("machine.completions.removeAll(keepingCapacity: true)")
        }
    }
}
