/// History (section 4b) in the generated file, written only for a machine where some state records
/// history (``Model/usesHistory``); every other machine gets none of it.
///
/// A machine without parallel states has one active leaf, so the states active inside `S` when it
/// was exited are the path from `S` down to that leaf: the record of `S` is the leaf alone
/// (`machine.history[S]`). Its child on that path is the shallow history, the whole path the deep
/// one. The rules are those of ``Model/entry(below:by:history:)``, written for that shape.
extension SwiftMachineEmitter {
    /// `enterInside(_:by:)`: the default entry below a state just entered, or its history.
    func emitEnterInside(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let stateType = names.stateMetatype
        out.docComment([
            "Enters what lies below `state`, which has just been entered, and returns the leaf reached.",
            "By its history when `history` is given or `state` has `initial history`, if it has a record",
            "and the child recorded is not a final state (that child had completed `state`): shallow",
            "history enters the recorded child, deep history every recorded state down to the recorded",
            "leaf. Otherwise by its default entry: its initial child. A child entered is in turn entered",
            "by its own default entry, which may be its `initial history`.",
        ])
        out.line("@inline(never)")
        out.block(
            "private func enterInside(_ state: \(stateType), by history: \(names.historyKind)?, _ \(actionsName): \(names.actionsExistential)) -> \(stateType)"
        ) { out in
            out.line("var state = state")
            out.line("var history = history")
            out.block("while true") { out in
                out.line(
                    "if let kind = history ?? state.initialHistory, let recorded = machine.history[state.id], !(recorded.isFinal && recorded.parent?.id == state.id) {"
                )
                out.indented { out in
                    out.line("switch kind {")
                    out.line("case .deep:")
                    out.indented { out in
                        out.line("recorded.enterInward(below: state.id.depth, \(actionsName))")
                        out.line("return recorded")
                    }
                    out.line("case .shallow:")
                    out.indented { out in
                        out.line("var child = recorded")
                        out.line("while let parent = child.parent, parent.id != state.id { child = parent }")
                        out.line("child.enterInward(below: state.id.depth, \(actionsName))")
                        out.line("state = child")
                    }
                    out.line("}")
                }
                out.line("} else if let child = state.initial {")
                out.indented { out in
                    out.line("child.enterInward(below: state.id.depth, \(actionsName))")
                    out.line("state = child")
                }
                out.line("} else {")
                out.indented { $0.line("return state") }
                out.line("}")
                out.line("history = nil")
            }
        }
    }

    /// The file-private enum of the two kinds of history.
    func emitHistoryKind(into out: inout CodeWriter) {
        out.docComment([
            "How a state is entered by its history: its child active when it was last exited (shallow),",
            "or every state active inside it then (deep).",
        ])
        out.block("fileprivate enum \(names.historyKind)") { $0.line("case shallow, deep") }
    }
}
