/// The code that tries one level's transitions for one event, shared by the machine level and the states.
extension SwiftMachineEmitter {
    /// Where the context's members are reached from: `context.` inside a state, `self` inside the machine.
    enum ContextReference {
        case parameter
        case machineItself
    }

    func contextMember(_ name: String, _ reference: ContextReference) -> String {
        switch reference {
        case .parameter: "\(names.contextVariable).\(name)"
        case .machineItself: names.member(name)
        }
    }

    /// Writes `transitions` (declared on `source`, `nil` for the machine) in the order they are tried.
    /// A transition that fires returns `true`. Returns whether the last transition written always
    /// fires, in which case nothing may follow it.
    func emitTransitions(
        _ transitions: [Model.Transition], source: Int?, context: ContextReference, into out: inout CodeWriter
    ) -> Bool {
        let actions = names.actionsVariable
        for transition in transitions {
            var conditions: [String] = []
            if transition.target == .pop { conditions.append("!\(contextMember("machine", context)).stack.isEmpty") }
            if let condition = transition.guardExpression {
                conditions.append(SwiftExpressions.condition(condition, on: actions))
            }
            // No closure kept in a local: it would be an escaping one, and copy the whole emitter.
            if transition.alwaysFires {
                emitFiring(transition, source: source, context: context, into: &out)
                return true
            }
            out.block("if " + conditions.joined(separator: ", ")) { out in
                emitFiring(transition, source: source, context: context, into: &out)
            }
        }
        return false
    }

    /// The body of a transition that fires: an internal one runs its effects, the others hand the
    /// transition to the context, which exits, runs the effects and enters.
    private func emitFiring(_ transition: Model.Transition, source: Int?, context: ContextReference, into out: inout CodeWriter) {
        let actions = names.actionsVariable
        if hasParallelStates {
            // Selected, not fired: the step fires every transition the event selects, effects included.
            let target = transition.target.state.map { "-> " + model.states[$0].name } ?? "internal"
            let number = transitionNumbers[transition] ?? -1
            let select = transition.target.state == nil ? "select(\(number))" : "select(\(number), isExternal: true)"
            out.line("return \(contextMember("machine", context)).\(select)  // \(target)")
            return
        }
        let effects = transition.effects
        let call: String
        switch transition.target {
        case .internal:
            out.callLines(effects, on: actions)
            out.line("return true")
            return
        case .history(let target, let kind):
            call = transitionCall(transition, to: target, by: kind, context: context)
        case .state(let target):
            noteEnteredLeaf(target, into: &out)
            call = transitionCall(transition, to: target, context: context)
        case .push(let target):
            out.line("\(contextMember("push", context))()")
            noteEnteredLeaf(target, into: &out)
            call = transitionCall(transition, to: target, context: context)
        case .pop:
            let from = source.map { names.stateType($0) + ".self" } ?? "nil"
            call = "\(contextMember("pop", context))(from: \(from), \(actions))"
        }
        if effects.isEmpty {
            out.line("return " + call)
        } else {
            out.block("return " + call) { $0.callLines(effects, on: actions) }
        }
    }

    /// `// -> Active, by its initial states`: why a transition to a composite state names a leaf.
    private func noteEnteredLeaf(_ target: Int, into out: inout CodeWriter) {
        guard !model.usesHistory, model.states[target].isComposite else { return }
        out.line("// -> \(model.states[target].name), by its initial states")
    }

    /// `context.transition(below: .armed, to: M_Alarm.self, actions)`, with `by: .deep` for a history target;
    /// `context.transition(from: M_Idle.self, to: M_Busy.self, actions)` between two leaves side by side.
    private func transitionCall(
        _ transition: Model.Transition, to target: Int, by history: Model.HistoryKind? = nil, context: ContextReference
    ) -> String {
        if history == nil, let source = transition.source, isBetweenSiblingLeaves(transition, to: target) {
            return
                "\(contextMember("transition", context))(from: \(names.stateType(source)).self, to: \(names.stateType(target)).self, \(names.actionsVariable))"
        }
        let domain = transition.domain.map { "." + names.stateCase($0) } ?? "nil"
        let by = history.map { " by: .\($0.rawValue)," } ?? ""
        // Without history a target's default entry is known here: the context is given the leaf it reaches.
        let entered = model.usesHistory ? target : model.initialLeaf(of: target)
        return
            "\(contextMember("transition", context))(below: \(domain), to: \(names.stateType(entered)).self,\(by) \(names.actionsVariable))"
    }

    /// Whether `transition` goes from a leaf to a leaf (itself, or another) with the same parent, leaving
    /// and entering only those two: the most common transition, which the context carries out without
    /// walking the hierarchy. A leaf records no history, and its handler runs only while it is the active leaf.
    func isBetweenSiblingLeaves(_ transition: Model.Transition, to target: Int) -> Bool {
        guard !hasParallelStates, let source = transition.source else { return false }
        let from = model.states[source]
        let to = model.states[target]
        return !from.isComposite && !to.isComposite && from.parent == transition.domain && to.parent == transition.domain
    }
}
