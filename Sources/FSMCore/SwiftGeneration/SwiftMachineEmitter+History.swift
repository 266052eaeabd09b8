/// History (section 4b) in the generated file, written only for a machine where some state records
/// history (the plan's ``MachinePlan/Parts/history``); every other machine gets none of it.
///
/// A machine without parallel states has one active leaf, so the states active inside `S` when it
/// was exited are the path from `S` down to that leaf: the record of `S` is the leaf alone
/// (`machine.history[S]`). Its child on that path is the shallow history, the whole path the deep
/// one. The rules are those of ``Model/entry(below:by:history:)``, written for that shape in the
/// run-time code (Sources/MachineRuntime/Runtime/OneLeaf+History.swift, ``RuntimeCode/oneLeafHistory``).
extension SwiftMachineEmitter {
    /// The file-private enum of the two kinds of history.
    func emitHistoryKind(into out: inout CodeWriter) {
        out.docComment([
            "How a state is entered by its history: its child active when it was last exited (shallow),",
            "or every state active inside it then (deep).",
        ])
        if let isolationAttribute { out.line(isolationAttribute) }
        out.block("fileprivate enum \(names.historyKind)") { $0.line("case shallow, deep") }
    }
}
