/// Part 3 of the generated file: how the context processes events — selection at the machine
/// level and the run-to-completion loop.
extension SwiftMachineEmitter {
    func emitProcessing(into out: inout CodeWriter) {
        let machineName = names.machine
        let actionsName = names.actionsVariable
        let actionsType = names.actionsExistential
        out.line("// MARK: - Processing events")
        out.line()
        if uses(.timers) { out.line(Self.availability) }
        out.block("extension \(machineName)") { out in
            for event in model.events.indices {
                if hasRegions {
                    emitParallelSelection(for: event, into: &out)
                } else {
                    emitEventHandler(for: event, into: &out)
                }
                out.line()
            }
            let completes = hasInternalQueue
            let handler = "if !machine.\(internalQueueField).isEmpty { \(internalQueueHandler)(\(actionsName)) }"
            out.docComment(
                uses(.raisedEvents)
                    ? [
                        "Processes one step to completion: starts the machine first when needed, empties the",
                        "internal queue (raised events and completions) the step fills, then processes the events",
                        "queued meanwhile (sent from guards and actions), in the order they were sent, each followed",
                        "by its internal queue.",
                    ]
                    : completes
                        ? [
                            "Processes one event to completion: starts the machine first when needed, handles the",
                            "completions the event causes, then processes the events queued meanwhile (sent from guards",
                            "and actions), in the order they were sent, each followed by its completions.",
                        ]
                        : [
                            "Processes one event to completion: starts the machine first when needed, then processes",
                            "the events queued meanwhile (sent from guards and actions), in the order they were sent.",
                        ])
            out.block("private func run(_ \(actionsName): \(actionsType), _ handle: (\(actionsType)) -> Bool) -> Bool") { out in
                out.line("machine.isRunning = true")
                out.line("if !machine.isStarted { start(\(actionsName)) }")
                out.line("let handled = handle(\(actionsName))")
                if completes { out.line(handler) }
                if uses(.activities) { out.line(activityStart) }
                if plan.hasEvents { out.line("if !machine.queue.isEmpty { processQueue(\(actionsName)) }") }
                out.line("machine.isRunning = false")
                out.line("return handled")
            }
            if plan.hasEvents {
                out.line()
                out.docComment([
                    completes
                        ? "Processes the events queued meanwhile, in the order they were sent, each followed by its completions."
                        : "Processes the events queued meanwhile, in the order they were sent."
                ])
                // Not inlined: the queue is rarely used, and `run`, on every event's path, stays small.
                out.line("@inline(never)")
                out.block("private func processQueue(_ \(actionsName): \(actionsType))") { out in
                    out.line("var next = 0")
                    out.block("while next < machine.queue.count") { out in
                        out.line("replay(machine.queue[next], \(actionsName))")
                        if completes { out.line(handler) }
                        if uses(.activities) { out.line(activityStart) }
                        out.line("next += 1")
                    }
                    out.line("machine.queue.removeAll(keepingCapacity: true)")
                }
            }
            out.line()
            out.docComment([
                completes ? "Enters the initial configuration and handles its completions." : "Enters the initial configuration."
            ])
            out.block("private func start(_ \(actionsName): \(actionsType))") { out in
                guard !hasRegions else { return emitParallelStart(into: &out) }
                out.line("machine.isStarted = true")
                emitWork(machineTimers, context: .machineItself, into: &out)
                out.line("enter(\(names.stateType(plan.startEntersAt)).self, below: nil, \(actionsName))")
                if completes { out.line("\(internalQueueHandler)(\(actionsName))") }
                if uses(.activities) { out.line(activityStart) }
            }
            emitRaise(into: &out)
            emitTimerMachinery(into: &out)
            emitActivityMachinery(into: &out)
            if completes {
                out.line()
                if hasRegions {
                    emitParallelHandleCompletions(into: &out)
                } else {
                    emitHandleCompletions(into: &out)
                }
            }
            if plan.hasEvents {
                out.line()
                emitReplay(into: &out)
            }
        }
    }

    /// The machine's own timers, armed by `start()` before the initial states are entered.
    var machineTimers: [StateWork] {
        let timers = plan.timers(of: nil)
        return timers.isEmpty ? [] : [.armTimers(Array(timers))]
    }

    /// `private func disarm(code: String, _ actions: ...) -> Bool`: the innermost active state
    /// handles the event (deferring outwards), then the machine's own transitions are tried.
    private func emitEventHandler(for event: Int, into out: inout CodeWriter) {
        let actionsName = names.actionsVariable
        let method = names.eventMethod(event)
        let parameters = (names.parameterList(event) + ["_ \(actionsName): \(names.actionsExistential)"]).joined(separator: ", ")
        let arguments = (names.argumentList(event) + ["self", actionsName]).joined(separator: ", ")
        let machine = names.member("machine")
        let machineTransitions = plan.transitions(declaredIn: nil, on: event)
        let name = model.events[event].name
        out.docComment(
            machineTransitions.isEmpty
                ? ["Selects the transition for `\(name)` among the active states', innermost first."]
                : [
                    "Selects the transition for `\(name)`: the active states' first (innermost first), then",
                    "the machine's own.",
                ])
        out.block("private func \(method)(\(parameters)) -> Bool") { out in
            let byStates = "\(machine).current.\(method)(\(arguments))"
            if machineTransitions.isEmpty {
                // A finished machine's state is a top-level final state, which handles nothing.
                out.line("if \(byStates) { return true }")
            } else {
                out.block("if !\(machine).isFinished") { out in
                    out.line("if \(byStates) { return true }")
                    _ = emitTransitions(machineTransitions, source: nil, context: .machineItself, into: &out)
                }
            }
            out.line("\(actionsName).unhandledEvent(.\(names.eventCase(event)), in: \(names.member("state")))")
            out.line("return false")
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
                out.line(
                    "case .\(names.eventMethod(event))\(pattern): _ = \(names.member(model.events[event].name))(\(arguments))")
            }
            out.line("}")
        }
    }
}
