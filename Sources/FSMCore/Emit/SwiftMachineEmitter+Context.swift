/// Part 4 of the generated file: the one place where a transition is carried out.
extension SwiftMachineEmitter {
    func emitTransitionMachinery(into out: inout CodeWriter) {
        let machineName = names.machine
        let actionsName = names.actionsVariable
        let actionsType = names.actionsExistential
        let stateType = names.stateMetatype
        out.line("// MARK: - Carrying out transitions")
        out.line()
        out.block("extension \(machineName)") { out in
            out.docComment([
                "An external transition: exits the active states inside `domain` (all of them when it is",
                "`nil`), innermost first; runs the effects; enters the states from just below `domain` down",
                "to `target`, outermost first, then `target`'s initial children. Always returns `true`.",
            ])
            out.block(
                "fileprivate func transition(below domain: StateID?, to target: \(stateType), _ \(actionsName): \(actionsType), effects: () -> Void = {}) -> Bool"
            ) { out in
                out.line("exit(below: domain, \(actionsName))")
                out.line("effects()")
                out.line("enter(target, below: domain, \(actionsName))")
                out.line("return true")
            }
            if model.usesPush {
                out.line()
                out.docComment(["`-> push T`: remembers the innermost active state; a transition to `T` follows."])
                out.block("fileprivate func push()") { $0.line("machine.stack.append(machine.current)") }
            }
            if model.usesPop {
                out.line()
                emitPop(into: &out)
            }
            out.line()
            out.docComment([
                "Exits the active states inside `domain` (all of them when it is `nil`), innermost first.",
                "Not inlined, like `enter`: a copy in every transition would make swiftc -O examine every",
                "state class at each one, and compile time would grow with states × transitions.",
            ])
            out.line("@inline(never)")
            out.block("private func exit(below domain: StateID?, _ \(actionsName): \(actionsType))") { out in
                out.line("var exiting: \(stateType)? = machine.current")
                out.block("while let state = exiting, state.id != domain") { out in
                    out.line("state.exit(\(actionsName))")
                    out.line("exiting = state.parent")
                }
            }
            out.line()
            out.docComment(["Enters `target` from `domain` and makes the leaf state reached the current one."])
            out.line("@inline(never)")
            out.block("private func enter(_ target: \(stateType), below domain: StateID?, _ \(actionsName): \(actionsType))") {
                out in
                out.line("let leaf = target.enter(below: domain, \(actionsName))")
                guard observable else {
                    out.line("machine.current = leaf")
                    out.line("machine.isFinished = leaf.finishesMachine")
                    return
                }
                out.line("// Observers hear of a new configuration only: leaving and entering a state again is none.")
                out.line("guard leaf != machine.current || leaf.finishesMachine != machine.isFinished else { return }")
                out.block("withMutation(keyPath: \\.state)") { out in
                    out.line("machine.current = leaf")
                    out.line("machine.isFinished = leaf.finishesMachine")
                }
            }
        }
    }

    private func emitPop(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        out.docComment([
            "`-> pop` from `source` (`nil`: the machine), when the stack is not empty: a transition to the",
            "state remembered last. Its domain is found at run time, by the rules of `transition`.",
        ])
        out.block(
            "fileprivate func pop(from source: \(names.stateMetatype)?, _ \(actionsName): \(names.actionsExistential), effects: () -> Void = {}) -> Bool"
        ) { out in
            out.line("let target = machine.stack.removeLast()")
            out.line("var domain: StateID?")
            out.block("if let source") { out in
                out.line("// The source when the target lies inside it, else its innermost ancestor that contains the target.")
                out.line(
                    "var candidate: \(names.stateMetatype)? = target.id != source.id && target.isIn(source.id) ? source : source.parent"
                )
                out.line("while let state = candidate, !target.isIn(state.id) { candidate = state.parent }")
                out.line("domain = candidate?.id")
            }
            out.line("return transition(below: domain, to: target, \(actionsName), effects: effects)")
        }
    }
}
