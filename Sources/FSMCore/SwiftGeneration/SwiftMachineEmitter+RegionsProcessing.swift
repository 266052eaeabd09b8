/// Part 3 of the generated file for a machine with regions (``MachinePlan/Shape/regions``): each
/// event's selection in every region, the default entry, a completion, and a timeout's or a
/// `catch` transition selected alone; the step that fires what was selected is in
/// SwiftMachineEmitter+RegionsStep, the run-time data in SwiftMachineEmitter+RegionsRuntime.
extension SwiftMachineEmitter {
    /// Each event's selection function, `select(inEachLeaf:)` and `unhandled(_:_:)`.
    func emitRegionsSelections(into out: inout CodeWriter) {
        let withFunctions = model.events.indices.filter { !plan.eventsSelectedAndFired.contains($0) }
        if !withFunctions.isEmpty {
            out.line("// Each event's selection: every active leaf's transition for it, then the step that fires them.")
        }
        for event in withFunctions {
            emitRegionsSelection(for: event, into: &out)
            out.line()
        }
        guard plan.hasEvents else { return }
        emitRegionsSelectionHelpers(into: &out)
        out.line()
    }

    /// `selectAndFire(.done, actions) { $0.done(self, actions) }` for an event whose step is `fire`
    /// alone (``MachinePlan/eventsSelectedAndFired``), else `nil`.
    func regionsSelectionExpression(for event: Int, actions: String) -> String? {
        guard plan.eventsSelectedAndFired.contains(event) else { return nil }
        return
            "\(names.member("selectAndFire"))(.\(names.eventCase(event)), \(actions)) { $0.\(stateHandlerCall(event, actions: actions)) }"
    }

    /// `private func disarm(code: String, _ actions: ...) -> Bool`: each active leaf in document
    /// order selects (`select(inEachLeaf:)`: deferring outwards, each state examined once), then the
    /// step fires what was selected, the effects with the event's arguments in scope.
    private func emitRegionsSelection(for event: Int, into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let machine = names.member("machine")
        out.block(selectionFunction(for: event)) { out in
            let offer = "{ $0.\(stateHandlerCall(event, actions: actionsName)) }"
            let unfinished = hasFinishedFlag ? "!\(machine).isFinished, " : ""
            out.block("if \(unfinished)\(names.member("select"))(inEachLeaf: \(offer))") { out in
                emitStep(for: plan.transitions(triggeredBy: event), then: "return true", into: &out)
            }
            out.line("return \(names.member("unhandled"))(.\(names.eventCase(event)), \(actionsName))")
        }
    }

    /// `select(inEachLeaf:)`, which every event's selection asks, and `unhandled(_:_:)`.
    private func emitRegionsSelectionHelpers(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        out.docComment([
            "Offers an event to each active leaf in document order, which selects its transition or defers",
            "outwards (a state examined once is not examined again): whether any transition was selected.",
        ])
        out.block("private func select(inEachLeaf offer: (\(names.stateMetatype)) -> Bool) -> Bool") { out in
            out.line("machine.regions.beginSelection()")
            // By index: a `for` over the leaves would hold the array (a retain and a release).
            out.line("var leaf = 0")
            out.block("while leaf < machine.leaves.count") { out in
                out.line("_ = offer(machine.leaves[leaf])")
                out.line("leaf += 1")
            }
            out.line("return machine.regions.selectedCount > 0")
        }
        out.line()
        if !plan.eventsSelectedAndFired.isEmpty {
            out.docComment([
                "The selection of `event` when its step is `fire` alone: each active leaf selects, then the",
                "step fires what they selected together; unhandled when none did.",
            ])
            out.line("@inline(__always)")
            out.block(
                "private func selectAndFire(_ event: Event, _ \(actionsName): \(names.actionsExistential), _ offer: (\(names.stateMetatype)) -> Bool) -> Bool"
            ) { out in
                let unfinished = hasFinishedFlag ? "!machine.isFinished, " : ""
                out.block("if \(unfinished)select(inEachLeaf: offer)") { out in
                    emitFireCall([], into: &out)
                    out.line("return true")
                }
                out.line("return unhandled(event, \(actionsName))")
            }
            out.line()
        }
        out.docComment(["Tells the actions that `event` is unhandled in the innermost state holding every active leaf: `false`."])
        // Inlined: called once per event, it made Stream 4 instructions per event dearer when it was not.
        out.line("@inline(__always)")
        out.block("private func unhandled(_ event: Event, _ \(actionsName): \(names.actionsExistential)) -> Bool") { out in
            out.line(
                "\(actionsName).unhandledEvent(event, in: machine.regions.innermostContaining(isParallel: { $0.isParallel }, isChild: { $0.parent == $1 }).id)"
            )
            out.line("return false")
        }
    }

    /// The end of `start(_:)`: the default entry of the machine.
    func emitRegionsStart(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let initial = model.defaultEntry(of: nil).map(String.init).joined(separator: ", ")
        out.line("let initial = [\(initial)]")
        out.line("enter(initial, configuration: initial, \(actionsName))")
    }

    /// What the completion of `state` does with regions, in `finishSteps`' loop: a state still active
    /// (and, a composite, still complete) selects its completion transition, which the step fires. A
    /// skipped or dropped completion goes on to the next item (`continue`).
    func emitRegionsCompletion(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let skip = "continue"
        if uses(.activities) { out.line("// A state with an activity is complete only once its activity is done.") }
        out.line(
            "guard machine.isActive(state), Self.rules.completes(state.number, in: machine.configuration.map(\\.number)\(uses(.activities) ? ", activities: machine.activities" : "")) else { \(skip) }"
        )
        out.line("machine.regions.beginSelection()")
        out.block("if state.completion(self, \(actionsName))") { out in
            let transitions = plan.transitions(triggeredBy: nil)
            guard !emitLocalStep(transitions, then: skip, into: &out) else { return }
            emitFireCall(transitions, into: &out)
        }
    }

    /// The activity of `state` returned: its completion, and the parallel states around it that it
    /// completes in turn, wait for their turn.
    func emitRegionsCompletions(afterActivityOf state: Int, into out: inout CodeWriter) {
        guard uses(.completions) else { return }
        out.line("let configuration = machine.configuration.map(\\.number)")
        out.block(
            "for state in Self.rules.completingStates(whenActivityOf: \(state), in: configuration, activities: machine.activities) where Self.stateClass(state).hasCompletion"
        ) { $0.line(queueingCompletion(of: "Self.stateClass(state)")) }
    }

    /// A transition that an event, a completion or a timeout selects: selected, not fired (the step
    /// fires every transition selected, effects included), `return` with whether it was selected.
    func emitSelecting(_ planned: TransitionPlan, context: ContextReference, into out: inout CodeWriter) {
        out.line("return \(contextMember("machine", context)).regions.\(selectCall(planned))  // \(label(of: planned))")
    }

    /// `select(3)`, or `select(3, isExternal: true)` for an external transition.
    private func selectCall(_ transition: TransitionPlan) -> String {
        transition.target == nil ? "select(\(transition.number))" : "select(\(transition.number), isExternal: true)"
    }

    /// A timeout's or an activity's `catch` transitions, the only candidates of their step, in order:
    /// the first whose guard holds is selected alone, then the step, which returns `true`. Returns
    /// whether one always fires (it has no guard; then nothing may follow).
    func emitSelectedAlone(_ transitions: [TransitionPlan], into out: inout CodeWriter) -> Bool {
        for transition in transitions where emitSelectedAlone(transition, into: &out) { return true }
        return false
    }

    /// One of them: under its guard, selected alone and then the step, which returns `true`.
    /// Returns whether it always fires (it has no guard).
    private func emitSelectedAlone(_ transition: TransitionPlan, into out: inout CodeWriter) -> Bool {
        let body: (inout CodeWriter) -> Void = { out in
            out.line("machine.regions.beginSelection()")
            out.line("_ = machine.regions.\(selectCall(transition))")
            emitStep(for: [transition], then: "return true", into: &out)
        }
        guard let condition = transition.transition.guardExpression else {
            body(&out)
            return true
        }
        out.block("if " + SwiftExpressions.condition(condition, on: names.actionsVariable), body)
        return false
    }
}
