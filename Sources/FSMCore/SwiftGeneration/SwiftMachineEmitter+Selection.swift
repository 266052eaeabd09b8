/// The code that tries one level's transitions for one event, shared by the machine level and the
/// states, and by a timeout's and a `catch`'s transitions; a transition that fires is carried out
/// with one active leaf (+OneLeafTransitions), selected with regions (+RegionsProcessing).
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

    /// A transition that fires: with one active leaf, carried out (``emitOneLeafFiring(_:source:context:into:)``);
    /// with regions, selected for the step (``emitSelecting(_:context:into:)``).
    private func emitFiring(_ planned: TransitionPlan, source: Int?, context: ContextReference, into out: inout CodeWriter) {
        switch plan.shape {
        case .oneLeaf: emitOneLeafFiring(planned, source: source, context: context, into: &out)
        case .regions: emitSelecting(planned, context: context, into: &out)
        }
    }

    /// A timeout's or an activity's `catch` transitions (declared on `source`), the only candidates
    /// of their step, tried in order in the machine: the first that fires returns `true`; `false`
    /// when none does.
    func emitOnlyCandidates(_ transitions: [TransitionPlan], source: Int?, into out: inout CodeWriter) {
        let alwaysFires =
            switch plan.shape {
            case .oneLeaf: emitTransitions(transitions, source: source, context: .machineItself, into: &out)
            case .regions: emitSelectedAlone(transitions, into: &out)
            }
        if !alwaysFires { out.line("return false") }
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
