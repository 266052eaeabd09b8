/// The code that tries one level's transitions for one event, shared by the machine level and the states.
extension SwiftMachineEmitter {
    /// Where the context's members are reached from: `context.` inside a state, `self` inside the machine.
    enum ContextReference: Equatable {
        case parameter
        case machineItself
    }

    func contextMember(_ name: String, _ reference: ContextReference) -> String {
        var text = ""
        writeContextMember(name, reference, to: &text)
        return text
    }

    /// Writes ``contextMember(_:_:)``'s text to `output` piece by piece.
    func writeContextMember(_ name: String, _ reference: ContextReference, to output: inout some TextOutputStream) {
        switch reference {
        case .parameter:
            output.write(names.contextVariable)
            output.write(".")
            output.write(name)
        case .machineItself: output.write(names.member(name))
        }
    }

    /// Writes `transitions` (declared on `source`, `nil` for the machine) in the order they are tried.
    /// A transition that fires returns `true`. Returns whether the last transition written always
    /// fires, in which case nothing may follow it.
    func emitTransitions(
        _ transitions: [TransitionPlan], source: Int?, context: ContextReference, into out: inout CodeWriter
    ) -> Bool {
        let actions = names.actionsVariable
        for planned in transitions {
            let transition = planned.transition
            var conditions: [String] = []
            if transition.target == .pop { conditions.append("!\(contextMember("machine", context)).stack.isEmpty") }
            if let condition = transition.guardExpression {
                conditions.append(SwiftExpressions.condition(condition, on: actions))
            }
            // No closure kept in a local: it would be an escaping one, and copy the whole emitter.
            if transition.alwaysFires {
                emitFiring(planned, source: source, context: context, into: &out)
                return true
            }
            out.block("if " + conditions.joined(separator: ", ")) { out in
                emitFiring(planned, source: source, context: context, into: &out)
            }
        }
        return false
    }

    /// The body of a transition that fires: an internal one runs its effects, the others hand the
    /// transition to the context, which exits, runs the effects and enters.
    private func emitFiring(_ planned: TransitionPlan, source: Int?, context: ContextReference, into out: inout CodeWriter) {
        let actions = names.actionsVariable
        let transition = planned.transition
        if hasRegions {
            // Selected, not fired: the step fires every transition the event selects, effects included.
            let number = planned.number
            let select = planned.target == nil ? "select(\(number))" : "select(\(number), isExternal: true)"
            out.line("return \(contextMember("machine", context)).regions.\(select)  // \(label(of: planned))")
            return
        }
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

    /// The transition as written, to name it in a comment: `Playing: pause [canPause] / fade -> Paused`
    /// (`machine:` for the machine's own, `Loading: -> Ready` for a completion transition).
    func label(of transition: TransitionPlan) -> String {
        let source = transition.source.map { model.states[$0].name } ?? "machine"
        let label =
            transition.timed.map { WrittenText.label($0, in: model).oneLine }
            ?? WrittenText.label(transition.transition, in: model).oneLine
        return source + ": "
            + WrittenText.transitionText(label: label, target: transition.transition.target, in: model, arrow: "->")
    }
}
