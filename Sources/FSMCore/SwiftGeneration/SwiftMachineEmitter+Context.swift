/// Part 4 of the generated file: the one place where a transition is carried out.
extension SwiftMachineEmitter {
    func emitTransitionMachinery(into out: inout CodeWriter) {
        let machineName = names.machine
        let actionsName = names.actionsVariable
        let actionsType = names.actionsExistential
        let stateType = names.stateMetatype
        out.line("// MARK: - Carrying out transitions")
        out.line()
        if uses(.timers) { out.line(Self.availability) }
        out.block("extension \(machineName)") { out in
            let history = uses(.history)
            out.docComment([
                "An external transition: exits the active states inside `domain` (all of them when it is",
                "`nil`), innermost first; runs the effects; enters the states from just below `domain` down",
                history
                    ? "to `target`, outermost first, then what lies below `target`: by its `history` when one is"
                    : "to `target`, outermost first. `target` is a leaf: a transition to a composite state is given",
            ])
            if !history { out.docComment(["the leaf its initial states lead to. Always returns `true`."]) }
            if history { out.docComment(["given (`-> history S`), else by its default entry. Always returns `true`."]) }
            out.block(
                "fileprivate func transition(below domain: StateID?, to target: \(stateType),\(historyParameter) _ \(actionsName): \(actionsType), effects: () -> Void = {}) -> Bool"
            ) { out in
                out.line("exit(below: domain, \(actionsName))")
                out.line("effects()")
                out.line("enter(target, below: domain,\(history ? " by: history," : "") \(actionsName))")
                out.line("return true")
            }
            if plan.hasSiblingTransitions {
                out.line()
                emitSiblingTransition(into: &out)
            }
            if uses(.push) {
                out.line()
                out.docComment(["`-> push T`: remembers the innermost active state; a transition to `T` follows."])
                // Not inlined: a copy of the array's append in every handler that pushes would make
                // swiftc -O optimize it once per handler (docs/Performance.md, "The generated shape, and why").
                out.line("@inline(never)")
                out.block("fileprivate func push()") { $0.line("machine.stack.append(machine.current)") }
            }
            if uses(.pop) {
                out.line()
                emitPop(into: &out)
            }
            out.line()
            // `exit` and `enter` are not inlined: a copy in every transition would make swiftc -O
            // examine every state class at each one, and compile time would grow with states ×
            // transitions (docs/Performance.md, "The generated shape, and why").
            var exitDoc = ["Exits the active states inside `domain` (all of them when it is `nil`), innermost first."]
            if uses(.history) {
                exitDoc += [
                    "A state that records history remembers the active leaf as it is exited. Its exit activities",
                    "cannot change the configuration (events they send wait in the queue), so this is the record",
                    "taken before any exit activity of the step runs.",
                ]
            }
            out.docComment(exitDoc)
            out.line("@inline(never)")
            out.block("private func exit(below domain: StateID?, _ \(actionsName): \(actionsType))") { out in
                out.line("machine.current.exitOutward(to: domain?.depth ?? -1, self, \(actionsName))")
            }
            out.line()
            emitEnter(into: &out)
        }
    }

    /// ` by history: MHistory? = nil,` in a machine with history: how a transition's target is entered.
    private var historyParameter: String { uses(.history) ? " by history: \(names.historyKind)? = nil," : "" }

    /// `enter(_:below:)`: the one place where states are entered and the active leaf changes, so the
    /// one place where a completion is noticed.
    private func emitEnter(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let stateType = names.stateMetatype
        var doc = [
            uses(.history)
                ? "Enters `target` from `domain` and makes the leaf state reached the current one."
                : "Enters `target`, a leaf, from `domain` and makes it the current state."
        ]
        if uses(.completions) {
            doc += [
                "Entering a leaf may complete a state with completion transitions (the leaf itself, or the",
                "composite whose final child it is): that state waits in `completions` for its turn.",
            ]
        }
        out.docComment(doc)
        out.line("@inline(never)")
        let history = uses(.history) ? " by history: \(names.historyKind)? = nil," : ""
        out.block(
            "private func enter(_ target: \(stateType), below domain: StateID?,\(history) _ \(actionsName): \(names.actionsExistential))"
        ) {
            out in
            out.line("target.enterInward(below: domain?.depth ?? -1, \(entryArguments(machine: "self")))")
            if uses(.history) {
                out.line(
                    "let leaf = \(names.runtime).enterInside(target, by: history, records: machine.history, \(entryArguments(machine: "self")))"
                )
                emitLeafChange("leaf", into: &out)
            } else {
                emitLeafChange("target", into: &out)
            }
        }
    }

    /// `transition(from:to:)`: a transition between two leaves with the same parent (or from a leaf to
    /// itself), as `transition(below:to:)` would carry it out, in three calls.
    private func emitSiblingTransition(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let stateType = names.stateMetatype
        out.docComment([
            "An external transition from `source`, the active leaf, to `target`, a leaf with the same parent",
            "(or `source` itself): exits `source`, runs the effects, enters `target`. What `transition(below:to:)`",
            "does in this case, without walking the hierarchy. Always returns `true`.",
        ])
        out.block(
            "fileprivate func transition(from source: \(stateType), to target: \(stateType), _ \(actionsName): \(names.actionsExistential), effects: () -> Void = {}) -> Bool"
        ) { out in
            out.line("source.exitOutward(to: source.id.depth - 1, self, \(actionsName))")
            out.line("effects()")
            out.line("target.enterInward(below: target.id.depth - 1, \(entryArguments(machine: "self")))")
            emitLeafChange("target", into: &out)
            out.line("return true")
        }
    }

    /// The lines that make `leaf` (a variable or parameter of that name) the active leaf once it has
    /// been entered.
    private func emitLeafChange(_ leaf: String, into out: inout CodeWriter) {
        if observable {
            out.line("// Observers hear of a new configuration only: leaving and entering a state again is none.")
            out.block("if \(leaf) != machine.current || \(leaf).finishesMachine != machine.isFinished") { out in
                out.block("withMutation(keyPath: \(observedKeyPath))") { out in
                    out.line("machine.current = \(leaf)")
                    out.line("machine.isFinished = \(leaf).finishesMachine")
                }
            }
        } else {
            out.line("machine.current = \(leaf)")
            out.line("machine.isFinished = \(leaf).finishesMachine")
        }
        if uses(.completions) {
            let complete = uses(.activities) ? ", isComplete(completed)" : ""
            out.line("if let completed = \(leaf).completes\(complete) { \(queueingCompletion(of: "completed")) }")
        }
        if uses(.timers) { out.line("if \(leaf).finishesMachine { cancelAllTimers() }") }
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
                out.line("let leaf = target.id")
                out.line("// The source when the target lies inside it, else its innermost ancestor that contains the target.")
                out.line("var candidate = leaf != source.id && leaf.lies(in: source.id) ? source.id : source.id.enclosing")
                out.line("while let state = candidate, !leaf.lies(in: state) { candidate = state.enclosing }")
                out.line("domain = candidate")
            }
            out.line("return transition(below: domain, to: target, \(actionsName), effects: effects)")
        }
    }
}
