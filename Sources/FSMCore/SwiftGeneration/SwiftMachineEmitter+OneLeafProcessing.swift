/// Part 3 of the generated file for a machine with one active leaf (``MachinePlan/Shape/oneLeaf``):
/// each event's selection, which the innermost active state makes (deferring outwards) before the
/// machine's own transitions are tried, the default entry, and completions. Carrying out a
/// transition is SwiftMachineEmitter+OneLeafTransitions'.
///
/// Completion transitions (section 4a), written only for a machine that has them
/// (``Model/usesCompletion``): only a state that has completion transitions is ever queued, as the
/// completion of any other state would be dropped at once, with nothing to observe. A step enters
/// one leaf, so entering the leaf is the only moment a state completes: the leaf itself when it is
/// a simple state, its parent when it is a final state (`State.completes`).
extension SwiftMachineEmitter {
    /// The selection functions of the events whose selection is not one expression, and `unhandled(_:_:)`.
    func emitOneLeafSelections(into out: inout CodeWriter) {
        let withFunctions = model.events.indices.filter { selectionExpression(for: $0, actions: names.actionsVariable) == nil }
        if !withFunctions.isEmpty {
            out.line("// Each event's selection: the innermost active state's transition for it, deferring outwards.")
        }
        for event in withFunctions {
            emitEventHandler(for: event, into: &out)
            out.line()
        }
        guard plan.hasEvents else { return }
        emitUnhandled(into: &out)
        out.line()
    }

    /// The selection of `event` when it is one expression, `machine.current.disarm(code: code, self,
    /// actions) || unhandled(.disarm, actions)` (one active leaf, no transition of the machine's own for
    /// the event), with `actions` the actions' expression: the event method and `replay` write it,
    /// and no function of its own is written. `nil` when the selection is a function.
    func oneLeafSelectionExpression(for event: Int, actions: String) -> String? {
        guard plan.transitions(declaredIn: nil, on: event).isEmpty else { return nil }
        // A finished machine's state is a top-level final state, which handles nothing.
        return "\(names.member("machine")).current.\(stateHandlerCall(event, actions: actions))"
            + " || \(names.member("unhandled"))(.\(names.eventCase(event)), \(actions))"
    }

    /// `private func disarm(code: String, _ actions: ...) -> Bool`: the innermost active state
    /// handles the event (deferring outwards), then the machine's own transitions are tried. Not
    /// written when the selection is one expression (``oneLeafSelectionExpression(for:actions:)``).
    private func emitEventHandler(for event: Int, into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let machine = names.member("machine")
        let machineTransitions = plan.transitions(declaredIn: nil, on: event)
        let unhandled = "\(names.member("unhandled"))(.\(names.eventCase(event)), \(actionsName))"
        out.block(selectionFunction(for: event)) { out in
            let byStates = "\(machine).current.\(stateHandlerCall(event, actions: actionsName))"
            // Then the machine's own transitions, which a finished machine no longer has.
            guard hasFinishedFlag else {
                out.line("if \(byStates) { return true }")
                if !emitTransitions(machineTransitions, source: nil, context: .machineItself, into: &out) {
                    out.line("return \(unhandled)")
                }
                return
            }
            out.block("if !\(machine).isFinished") { out in
                out.line("if \(byStates) { return true }")
                _ = emitTransitions(machineTransitions, source: nil, context: .machineItself, into: &out)
            }
            out.line("return \(unhandled)")
        }
    }

    /// `unhandled(_:_:)`: the actions hear of an event no transition fired for.
    private func emitUnhandled(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        out.docComment(["Tells the actions that `event` is unhandled in the innermost active state: `false`."])
        out.block("private func unhandled(_ event: Event, _ \(actionsName): \(names.actionsExistential)) -> Bool") { out in
            out.line("\(actionsName).unhandledEvent(event, in: state)")
            out.line("return false")
        }
    }

    /// The end of `start(_:)`: the default entry, down to a leaf (or, with history, from the initial state).
    func emitOneLeafStart(into out: inout CodeWriter) {
        if startEntersByItself {
            let initial = names.stateType(plan.startEntersAt)
            out.line("\(initial).enterInward(below: -1, \(enterInwardArguments))")
            // Before `start()` the machine's current state is the initial leaf already: only a final
            // one (which finishes the machine) changes anything but what it completes.
            guard model.states[plan.startEntersAt].isFinal else { return emitCompletionOnEntry(of: initial, into: &out) }
            return emitBecomingCurrent(initial + ".self", into: &out)
        }
        out.line(
            "enter(\(names.stateType(plan.startEntersAt)).self\(plan.domainsAreTheMachine ? "" : ", below: nil"), \(names.actionsVariable))"
        )
    }

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

    /// The activity of `state` returned: the state completes if it has completion transitions and is
    /// complete now.
    func emitOneLeafCompletion(afterActivityOf state: Int, into out: inout CodeWriter) {
        guard plan.statesWithCompletion.contains(state) else { return }
        let type = names.stateType(state) + ".self"
        out.line("if isComplete(\(type)) { \(queueingCompletion(of: type)) }")
    }

    /// `isComplete(_:)` of a machine with one active leaf and activities: whether a state that
    /// completed is complete still, its activity done where it has one.
    func emitOneLeafIsComplete(into out: inout CodeWriter) {
        out.line()
        out.docComment([
            "Whether `state` is complete: the active leaf, or the composite state whose final child is the",
            "active leaf; a state with an activity only once its activity is done.",
        ])
        out.block("private func isComplete(_ state: \(names.stateMetatype)) -> Bool") { out in
            out.line("switch state.id {")
            for activity in plan.activities {
                let state = activity.state
                let position =
                    model.states[state].isComposite
                    ? "machine.current.completes?.id == .\(names.stateCase(state))"
                    : "machine.current.id == .\(names.stateCase(state))"
                out.line("case .\(names.stateCase(state)): \(position) && machine.activities.isDone(\(activity.number))")
            }
            if plan.activities.count < model.states.count {
                out.line("default: machine.current.completes?.id == state.id")
            }
            out.line("}")
        }
    }
}
