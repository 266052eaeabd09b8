/// Part 4 of the generated file for a machine with one active leaf (``MachinePlan/Shape/oneLeaf``):
/// the one place where a transition is carried out, the context's side of the State pattern. A
/// state's handler calls `transition(from:to:)` for a transition between sibling leaves,
/// `transition(below:to:)` for any other (exits up to the domain, effects, entries down to the
/// target), `push()` before a `-> push` and `pop(from:)` for a `-> pop` (the calls are written here
/// too, ``emitOneLeafFiring(_:source:context:into:)``); each is written only when some transition
/// calls it, and with what the machine needs on entering a leaf (history, observers, completions,
/// timers). The entry by history, `MRuntime.enterInside`, is written in part 6.
extension SwiftMachineEmitter {
    func emitOneLeafTransitionMachinery(into out: inout CodeWriter) {
        var parts: [(inout CodeWriter) -> Void] = []
        if plan.hasTransitionsBelowADomain { parts.append(emitTransitionBelowADomain) }
        if plan.hasSiblingTransitions { parts.append(emitTransitionBetweenSiblings) }
        if uses(.push) { parts.append(emitPush) }
        if uses(.pop) { parts.append(emitPop) }
        if plan.hasTransitionsBelowADomain { parts.append(emitExitBelow) }
        if !startEntersByItself { parts.append(emitEnter) }
        guard !parts.isEmpty else { return }
        out.line()
        out.line("// MARK: - Carrying out transitions")
        out.line()
        if uses(.timers) { out.line(Self.availability) }
        out.block("extension \(names.machine)") { out in
            for (index, part) in parts.enumerated() {
                if index > 0 { out.line() }
                part(&out)
            }
        }
    }

    /// Whether `start(_:)` enters the initial leaf by itself: `enter(_:_:)` would have no other caller
    /// (no transition below a domain, no entry by history).
    var startEntersByItself: Bool { !plan.hasTransitionsBelowADomain && !uses(.history) }

    /// `self, actions` where a state's `enterInward` takes the machine (its entries arm timers or
    /// raise events), else `actions`.
    var enterInwardArguments: String { plan.workNeedsMachine ? "self, actions" : "actions" }

    /// `transition(below:to:)`: exits up to the domain, the effects, entries down to the target.
    private func emitTransitionBelowADomain(into out: inout CodeWriter) {
        let s = names.stateMetatype
        if uses(.history) {
            out.docComment([
                "An external transition: exits the active states inside `domain` (all of them when it is",
                "`nil`), innermost first; runs the effects; enters the states from just below `domain` down",
                "to `target`, outermost first, then what lies below `target`: by its `history` when one is",
                "given (`-> history S`), else by its default entry. Always returns `true`.",
            ])
        } else {
            out.docComment([
                "An external transition: exits the active states inside `domain` (all of them when it is",
                "`nil`), innermost first; runs the effects; enters the states from just below `domain` down",
                "to `target`, outermost first. `target` is a leaf: a transition to a composite state is given",
                "the leaf its initial states lead to. Always returns `true`.",
            ])
        }
        out.line("fileprivate func transition(")
        let history = uses(.history) ? ", by history: \(names.historyKind)? = nil" : ""
        out.line(
            "    below domain: StateID?, to target: \(s)\(history), _ actions: \(names.actionsExistential), effects: () -> Void = {}"
        )
        out.block(") -> Bool") { out in
            out.line("exit(below: domain, actions)")
            out.line("effects()")
            out.line(
                uses(.history) ? "enter(target, below: domain, by: history, actions)" : "enter(target, below: domain, actions)")
            out.line("return true")
        }
    }

    /// `transition(from:to:)`: between sibling leaves, without walking the hierarchy.
    private func emitTransitionBetweenSiblings(into out: inout CodeWriter) {
        let s = names.stateMetatype
        out.docComment(
            plan.hasTransitionsBelowADomain
                ? [
                    "An external transition from `source`, the active leaf, to `target`, a leaf with the same parent",
                    "(or `source` itself): exits `source`, runs the effects, enters `target`. What `transition(below:to:)`",
                    "does in this case, without walking the hierarchy. Always returns `true`.",
                ]
                : [
                    "An external transition from `source`, the active leaf, to `target`, a leaf with the same parent",
                    "(or `source` itself): exits `source`, runs the effects, enters `target`. Always returns `true`.",
                ])
        out.line("fileprivate func transition(")
        out.line("    from source: \(s), to target: \(s), _ actions: \(names.actionsExistential),")
        out.line("    effects: () -> Void = {}")
        out.block(") -> Bool") { out in
            // When every domain is the machine (a flat machine whose transitions are all internal or
            // between sibling states, without `pop`), its depth is -1.
            let flat = plan.domainsAreTheMachine
            out.line("source.exitOutward(to: \(flat ? "-1" : "source.id.depth - 1"), self, actions)")
            out.line("effects()")
            out.line("target.enterInward(below: \(flat ? "-1" : "target.id.depth - 1"), \(enterInwardArguments))")
            emitBecomingCurrent("target", into: &out)
            out.line("return true")
        }
    }

    /// `push()`: the active leaf onto the stack.
    private func emitPush(into out: inout CodeWriter) {
        out.docComment(["`-> push T`: remembers the innermost active state; a transition to `T` follows."])
        out.line("@inline(never)")
        out.block("fileprivate func push()") { $0.line("machine.stack.append(machine.current)") }
    }

    /// `pop(from:)`: a transition to the state on top of the stack, its domain found at run time.
    private func emitPop(into out: inout CodeWriter) {
        out.docComment([
            "`-> pop` from `source` (`nil`: the machine), when the stack is not empty: a transition to the",
            "state remembered last. Its domain is found at run time, by the rules of `transition`.",
        ])
        out.line(
            "fileprivate func pop(from source: \(names.stateMetatype)?, _ actions: \(names.actionsExistential), effects: () -> Void = {})"
        )
        out.line("    -> Bool")
        out.line("{")
        out.indented { out in
            out.line("let target = machine.stack.removeLast()")
            out.line("var domain: StateID?")
            out.block("if let source") { out in
                out.line("let leaf = target.id")
                out.line("// The source when the target lies inside it, else its innermost ancestor that contains the target.")
                out.line("var candidate = leaf != source.id && leaf.lies(in: source.id) ? source.id : source.id.enclosing")
                out.line("while let state = candidate, !leaf.lies(in: state) { candidate = state.enclosing }")
                out.line("domain = candidate")
            }
            out.line("return transition(below: domain, to: target, actions, effects: effects)")
        }
        out.line("}")
    }

    /// `exit(below:)`: the active leaf and its ancestors inside the domain, innermost first.
    private func emitExitBelow(into out: inout CodeWriter) {
        var doc = ["Exits the active states inside `domain` (all of them when it is `nil`), innermost first."]
        if uses(.history) {
            doc += [
                "A state that records history remembers the active leaf as it is exited. Its exit activities",
                "cannot change the configuration (events they send wait in the queue), so this is the record",
                "taken before any exit activity of the step runs.",
            ]
        }
        out.docComment(doc)
        out.line("@inline(never)")
        out.block("private func exit(below domain: StateID?, _ actions: \(names.actionsExistential))") {
            $0.line("machine.current.exitOutward(to: domain?.depth ?? -1, self, actions)")
        }
    }

    /// `enter(_:below:)`: the states down to the target, then (with history) what lies below it.
    private func emitEnter(into out: inout CodeWriter) {
        var doc =
            uses(.history)
            ? ["Enters `target` from `domain` and makes the leaf state reached the current one."]
            : (plan.domainsAreTheMachine
                ? ["Enters `target` and makes it the current state."]
                : ["Enters `target`, a leaf, from `domain` and makes it the current state."])
        if uses(.completions) {
            doc += [
                "Entering a leaf may complete a state with completion transitions (the leaf itself, or the",
                "composite whose final child it is): that state waits in `steps` for its turn.",
            ]
        }
        out.docComment(doc)
        out.line("@inline(never)")
        let history = uses(.history) ? ", by history: \(names.historyKind)? = nil" : ""
        let domain = plan.domainsAreTheMachine ? "" : ", below domain: StateID?"
        out.block(
            "private func enter(_ target: \(names.stateMetatype)\(domain)\(history), _ actions: \(names.actionsExistential))"
        ) { out in
            out.line(
                "target.enterInward(below: \(plan.domainsAreTheMachine ? "-1" : "domain?.depth ?? -1"), \(enterInwardArguments))")
            if uses(.history) {
                out.line(
                    "let leaf = \(names.runtime).enterInside(target, by: history, records: machine.history, \(enterInwardArguments))"
                )
                emitBecomingCurrent("leaf", into: &out)
            } else {
                emitBecomingCurrent("target", into: &out)
            }
        }
    }

    /// `state`, a leaf just entered, becomes the current state: observers hear of it when the
    /// configuration changed, the state it completes waits for its turn, and a finished machine's
    /// timers are cancelled.
    func emitBecomingCurrent(_ state: String, into out: inout CodeWriter) {
        let canFinish = hasFinishedFlag
        if observable {
            out.line("// Observers hear of a new configuration only: leaving and entering a state again is none.")
            let changed = canFinish ? " || \(state).finishesMachine != machine.isFinished" : ""
            out.block("if \(state) != machine.current\(changed)") { out in
                out.block("withMutation(keyPath: \(observedKeyPath))") { out in
                    out.line("machine.current = \(state)")
                    if canFinish { out.line("machine.isFinished = \(state).finishesMachine") }
                }
            }
        } else {
            out.line("machine.current = \(state)")
            if canFinish { out.line("machine.isFinished = \(state).finishesMachine") }
        }
        emitCompletionOnEntry(of: state, into: &out)
        if uses(.timers) && canFinish { out.line("if \(state).finishesMachine { cancelAllTimers() }") }
    }

    /// The state that entering the leaf `state` completes (`state.completes`, a class or a
    /// variable) waits for its turn, in a machine with completions.
    func emitCompletionOnEntry(of state: String, into out: inout CodeWriter) {
        guard uses(.completions) else { return }
        out.line(
            uses(.activities)
                ? "if let completed = \(state).completes, isComplete(completed) { machine.steps.complete(completed) }"
                : "if let completed = \(state).completes { machine.steps.complete(completed) }")
    }

    /// `MRuntime.enterInside(_:by:records:)`: the entry below a state just entered, by its history
    /// or its default entry, in a machine with one active leaf, whose record of a state is the leaf
    /// that was active inside it (the rules of ``Model/entry(below:by:history:)`` for that shape).
    func emitEnterInside(into out: inout CodeWriter) {
        let s = names.stateMetatype
        let machineParameter = plan.workNeedsMachine ? ", _ machine: \(names.machine)" : ""
        let arguments = plan.workNeedsMachine ? "machine, actions" : "actions"
        out.block("extension \(names.runtime)") { out in
            out.docComment([
                "Enters what lies below `state`, which has just been entered, and returns the leaf reached.",
                "By its history when `history` is given or `state` has `initial history`, if it has a record",
                "and the child recorded is not a final state (that child had completed `state`): shallow",
                "history enters the recorded child, deep history every recorded state down to the recorded",
                "leaf. Otherwise by its default entry: its initial child. A child entered is in turn entered",
                "by its own default entry, which may be its `initial history`. `records` are the machine's",
                "history records: given as an argument, so that no access to the machine's state spans the",
                "entry activities this calls.",
            ])
            out.line("@inline(never)")
            out.line("static func enterInside(")
            out.line("    _ state: \(s), by history: \(names.historyKind)?,")
            out.line("    records: [\(names.machine).StateID: \(s)]\(machineParameter), _ actions: \(names.actionsExistential)")
            out.block(") -> \(s)") { out in
                out.line("var state = state")
                out.line("var history = history")
                out.block("while true") { out in
                    out.line("if let kind = history ?? state.initialHistory, let recorded = records[state.id],")
                    out.line("    !(recorded.isFinal && recorded.parent?.id == state.id)")
                    out.line("{")
                    out.indented { out in
                        out.line("switch kind {")
                        out.line("case .deep:")
                        out.line("    recorded.enterInward(below: state.id.depth, \(arguments))")
                        out.line("    return recorded")
                        out.line("case .shallow:")
                        out.line("    var child = recorded")
                        out.line("    while let parent = child.parent, parent.id != state.id { child = parent }")
                        out.line("    child.enterInward(below: state.id.depth, \(arguments))")
                        out.line("    state = child")
                        out.line("}")
                    }
                    out.block("} else if let child = state.initial", trailer: " else {") { out in
                        out.line("child.enterInward(below: state.id.depth, \(arguments))")
                        out.line("state = child")
                    }
                    out.indented { $0.line("return state") }
                    out.line("}")
                    out.line("history = nil")
                }
            }
        }
    }

    /// The body of a transition that fires: an internal one runs its effects, the others hand the
    /// transition to the context, which exits, runs the effects and enters.
    func emitOneLeafFiring(_ planned: TransitionPlan, source: Int?, context: ContextReference, into out: inout CodeWriter) {
        let actions = names.actionsVariable
        let transition = planned.transition
        let effects = transition.actions
        if transition.target == .internal {
            emitActions(effects, context: context, into: &out)
            out.line("return true")
            return
        }
        if planned.pushes { out.line("\(contextMember("push", context))()") }
        if let leaf = planned.enteredLeaf, let target = planned.target, leaf != target {
            // Why a transition to a composite state names a leaf.
            out.line("// -> \(model.states[target].name), by its initial states")
        }
        // `return <call>`, written piece by piece: a large machine has tens of thousands.
        out.beginLine()
        out.write("return ")
        switch transition.target {
        case .internal: break
        case .history(let target, let kind): writeTransitionCall(planned, to: target, by: kind, context: context, into: &out)
        case .state(let target), .push(let target): writeTransitionCall(planned, to: target, context: context, into: &out)
        case .pop:
            let from = source.map { names.stateType($0) + ".self" } ?? "nil"
            out.write("\(contextMember("pop", context))(from: \(from), \(actions))")
        }
        if effects.isEmpty {
            out.endLine()
        } else {
            out.endLine(openingBlock: { emitActions(effects, context: context, into: &$0) })
        }
    }

    /// `context.transition(below: .armed, to: M_Alarm.self, actions)`, with `by: .deep` for a history target;
    /// `context.transition(from: M_Idle.self, to: M_Busy.self, actions)` between two leaves side by side.
    private func writeTransitionCall(
        _ transition: TransitionPlan, to target: Int, by history: Model.HistoryKind? = nil, context: ContextReference,
        into out: inout CodeWriter
    ) {
        writeContextMember("transition", context, to: &out)
        if transition.kind == .betweenSiblingLeaves, let source = transition.source {
            out.write("(from: ")
            out.write(names.stateType(source))
            out.write(".self, to: ")
            out.write(names.stateType(target))
        } else {
            out.write("(below: ")
            if let domain = transition.domain {
                out.write(".")
                out.write(names.stateCase(domain))
            } else {
                out.write("nil")
            }
            // Without history a target's default entry is known here: the context is given the leaf it reaches.
            out.write(", to: ")
            out.write(names.stateType(transition.enteredLeaf ?? target))
        }
        out.write(".self,")
        if let history {  // never between siblings
            out.write(" by: .")
            out.write(history.rawValue)
            out.write(",")
        }
        out.write(" ")
        out.write(names.actionsVariable)
        out.write(")")
    }
}
