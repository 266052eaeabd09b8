/// Part 3 of the generated file: how the context processes events — selection at the machine
/// level and the run-to-completion loop. Each event's selection, the default entry and what a
/// completion does are each shape's (+OneLeafProcessing, +RegionsProcessing).
extension SwiftMachineEmitter {
    func emitProcessing(into out: inout CodeWriter) {
        let machineName = names.machine
        let actionsName = names.actionsVariable
        let actionsType = names.actionsExistential
        out.line("// MARK: - Processing events")
        out.line()
        if uses(.timers) { out.line(Self.availability) }
        out.block("extension \(machineName)") { out in
            if plan.hasEvents {
                emitQueued(into: &out)
                out.line()
            }
            switch plan.shape {
            case .oneLeaf: emitOneLeafSelections(into: &out)
            case .regions: emitRegionsSelections(into: &out)
            }
            out.docComment([
                "One step to completion: starts the machine when needed, then handles what the step caused"
                    + (finishesSteps ? " (`finishSteps`)." : ".")
            ])
            out.block("private func run(_ \(actionsName): \(actionsType), _ handle: (\(actionsType)) -> Bool) -> Bool") { out in
                out.line("machine.steps.isRunning = true")
                out.line("if !machine.isStarted { start(\(actionsName)) }")
                out.line("let handled = handle(\(actionsName))")
                if finishesSteps {
                    let pending = uses(.activities) ? " || machine.activities.hasPending" : ""
                    out.line("if !machine.steps.isEmpty\(pending) { finishSteps(\(actionsName)) }")
                }
                out.line("machine.steps.isRunning = false")
                out.line("return handled")
            }
            if finishesSteps {
                out.line()
                emitFinishSteps(into: &out)
            }
            out.line()
            out.docComment([
                startsSteps
                    ? "Enters the initial configuration, then processes what that caused but the events sent."
                    : "Enters the initial configuration."
            ])
            // Out of line when it holds the entry itself (else `enter(_:_:)` is): the first event's only.
            if plan.shape == .oneLeaf && startEntersByItself { out.line("@inline(never)") }
            out.block("private func start(_ \(actionsName): \(actionsType))") { out in
                out.line("machine.isStarted = true")
                emitWork(machineTimers, context: .machineItself, into: &out)
                switch plan.shape {
                case .oneLeaf: emitOneLeafStart(into: &out)
                case .regions: emitRegionsStart(into: &out)
                }
                if startsSteps { out.line("finishSteps(\(actionsName), takingSent: false)") }
            }
            emitRaise(into: &out)
            emitTimerMachinery(into: &out)
            emitActivityMachinery(into: &out)
            if plan.hasEvents {
                out.line()
                emitReplay(into: &out)
            }
        }
    }

    // MARK: The internal queue

    /// Whether the machine has an internal queue: completions, raised events or both.
    var hasInternalQueue: Bool { uses(.completions) || uses(.raisedEvents) }

    /// What the internal queue holds, as the comments say it.
    var internalQueueItems: [String] {
        (uses(.raisedEvents) ? ["raised events"] : []) + (uses(.completions) ? ["completions"] : [])
    }

    /// The statement that queues the completion of `state` (an expression of a state's type).
    func queueingCompletion(of state: String) -> String {
        "machine.steps.complete(\(state))"
    }

    /// `raise(_:)` in the machine: a raised event joins the internal queue.
    func emitRaise(into out: inout CodeWriter) {
        guard uses(.raisedEvents) else { return }
        out.line()
        out.docComment([
            "`raise`: the event joins the internal queue, processed after this step, before any event sent."
        ])
        out.block("fileprivate func raise(_ event: \(names.queuedEvent))") { out in
            out.line("machine.steps.raise(event)")
        }
    }

    /// Whether the machine's start causes steps of its own (the internal queue, activities' starts),
    /// which it finishes before the event that started it is processed (`takingSent: false`).
    var startsSteps: Bool { hasInternalQueue || uses(.activities) }

    /// Whether anything can wait after a step: events sent meanwhile, the internal queue, activities.
    var finishesSteps: Bool { plan.hasEvents || startsSteps }

    /// `finishSteps`: what the steps caused, in the order FSMRuntime's `StepQueue` hands it out (the
    /// one place that order is decided); each case only when the machine can have it, and the events
    /// sent alone (`nextSent()`) when they are all it can have.
    private func emitFinishSteps(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        var order: [String] = []
        if hasInternalQueue { order.append("the internal queue (\(internalQueueItems.joined(separator: " and ")))") }
        if uses(.activities) { order.append("the start of the activities of the states entered") }
        if plan.hasEvents { order.append("each event sent meanwhile, a step of its own") }
        out.docParagraph(
            "Processes what the step caused, in the order of FSMRuntime's `StepQueue`: " + order.joined(separator: ", then ")
                + ".")
        // Not inlined: rarely anything waits, and `run`, on every event's path, stays small.
        out.line("@inline(never)")
        // A machine with events sent meanwhile and nothing else to finish reads them alone (nothing
        // but the machine's start passes `takingSent`, and only where the start causes steps).
        if plan.hasEvents && !startsSteps {
            out.block("private func finishSteps(_ \(actionsName): \(names.actionsExistential))") { out in
                out.line("while let event = machine.steps.nextSent() { replay(event, \(actionsName)) }")
            }
            return
        }
        let signature = "private func finishSteps(_ \(actionsName): \(names.actionsExistential), takingSent: Bool = true)"
        out.block(signature) { out in
            out.block("while let work = machine.steps.next(takingSent: takingSent)") { out in
                out.line("switch work {")
                var others = false
                if plan.hasEvents {
                    if uses(.raisedEvents) {
                        out.line("case .raised(let event), .sent(let event): replay(event, \(actionsName))")
                    } else {
                        out.line("case .sent(let event): replay(event, \(actionsName))")
                        others = true
                    }
                }
                if uses(.completions) {
                    out.line("case .completion(let state):")
                    out.indented { out in
                        switch plan.shape {
                        case .oneLeaf: emitOneLeafCompletion(into: &out)
                        case .regions: emitRegionsCompletion(into: &out)
                        }
                    }
                } else {
                    others = true
                }
                if uses(.activities) {
                    out.line("case .endOfStep: \(activityStart)")
                } else {
                    others = true
                }
                // What this machine never has (raised events, completions, activities).
                if others { out.line("default: break") }
                out.line("}")
            }
        }
    }

    /// The machine's own timers, armed by `start()` before the initial states are entered.
    var machineTimers: [StateWork] {
        let timers = plan.timers(of: nil)
        return timers.isEmpty ? [] : [.armTimers(Array(timers))]
    }

    /// `queued(_:)`, which every event method asks first: while a step is being processed, the event
    /// waits in the queue. (An event method that passed `run` through a helper was 8 % dearer per
    /// event in the parallel benchmark: its step was no longer inlined.)
    private func emitQueued(into out: inout CodeWriter) {
        out.docComment(["Queues `event` while a step is being processed (then `true`): it is processed after the step."])
        out.block("private func queued(_ event: @autoclosure () -> \(names.queuedEvent)) -> Bool") { out in
            out.line("guard machine.steps.isRunning else { return false }")
            out.line("machine.steps.send(event())")
            out.line("return true")
        }
    }

    /// `private func disarm(code: String, _ actions: any MActions) -> Bool`: the signature of `event`'s
    /// selection function, where its selection is not one expression.
    func selectionFunction(for event: Int) -> String {
        let actionsName = names.actionsVariable
        let parameters = names.parameterList(event) + ["_ \(actionsName): \(names.actionsExistential)"]
        return "private func \(names.eventMethod(event))(\(parameters.joined(separator: ", "))) -> Bool"
    }

    /// `disarm(code: code, self, actions)`: a state's handler of `event` called from the machine,
    /// `actions` the actions' expression.
    func stateHandlerCall(_ event: Int, actions: String) -> String {
        let arguments = names.argumentList(event) + ["self", actions]
        return "\(names.eventMethod(event))(\(arguments.joined(separator: ", ")))"
    }

    /// The selection of `event` when it is one expression, which the event method and `replay` write
    /// (no function of its own), with `actions` the actions' expression; `nil` when it is a function.
    /// A machine with regions names the actions in it twice: `actions` must be a name, not `$0`.
    func selectionExpression(for event: Int, actions: String) -> String? {
        switch plan.shape {
        case .oneLeaf: return oneLeafSelectionExpression(for: event, actions: actions)
        case .regions: return regionsSelectionExpression(for: event, actions: actions)
        }
    }

    /// Processes an event that was queued while another was being processed.
    private func emitReplay(into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        out.block("private func replay(_ event: \(names.queuedEvent), _ \(actionsName): \(names.actionsExistential))") { out in
            out.line("switch event {")
            for event in model.events.indices {
                let parameters = model.events[event].parameters.map { SwiftNames.escaped($0.name) }
                let pattern = parameters.isEmpty ? "" : "(" + parameters.map { "let " + $0 }.joined(separator: ", ") + ")"
                let arguments = (names.argumentList(event) + [actionsName]).joined(separator: ", ")
                let selection =
                    selectionExpression(for: event, actions: actionsName)
                    ?? "\(names.member(model.events[event].name))(\(arguments))"
                let label = "case .\(names.eventMethod(event))\(pattern):"
                let oneLine = "\(label) _ = \(selection)"
                if out.fits(oneLine) {
                    out.line(oneLine)
                } else {
                    // The call on a line of its own.
                    out.line(label)
                    out.line("    _ = " + selection)
                }
            }
            out.line("}")
        }
    }
}
